// The round games' socket event contracts (issue #13) parse what the server will send and refuse
// what it must not.
import { describe, expect, it } from 'vitest';
import {
  ROUND_STATUSES,
  crashBetsEventSchema,
  crashGameEventSchema,
  wheelBetsEventSchema,
  wheelGameEventSchema,
} from '../../src/shared/api/rounds.ts';

const user = { id: 1, name: 'Ann', avatar_url: null };

describe('round socket events', () => {
  it('statuses in order', () => {
    expect(ROUND_STATUSES).toEqual(['new', 'starting', 'pending', 'in_progress', 'ended']);
  });

  it.each([
    { id: 1, status: 'starting', server_time: 1000, betting_ends_at: 6000 },
    { id: 1, status: 'in_progress', server_time: 7000, elapsed: 150 },
    { id: 1, status: 'ended', server_time: 9000, crash_point: 1.53, hash: 'ab'.repeat(32) },
  ])('crash game %o', (event) => {
    expect(crashGameEventSchema.parse(event)).toEqual(event);
  });

  it('refuses unknown statuses, bet types and colours', () => {
    expect(crashGameEventSchema.safeParse({ id: 1, status: 'busted', server_time: 1 }).success).toBe(false);
    const bet = { id: 9, user, amount: 1.5, auto_cashout: null, multiplier: null, payout: null };
    expect(crashBetsEventSchema.parse({ type: 'placed', round_id: 1, bet })).toMatchObject({ type: 'placed' });
    expect(crashBetsEventSchema.safeParse({ type: 'won', round_id: 1, bet }).success).toBe(false);
    const wbet = { id: 2, user, amount: 1, color: 'gold', payout: 52 };
    expect(wheelBetsEventSchema.parse({ type: 'won', round_id: 4, bet: wbet }).bet.payout).toBe(52);
    expect(wheelBetsEventSchema.safeParse({ type: 'won', round_id: 4, bet: { ...wbet, color: 'green' } }).success).toBe(
      false,
    );
    expect(
      wheelGameEventSchema.parse({
        id: 4,
        status: 'ended',
        server_time: 1,
        segment: 53,
        color: 'gold',
        multiplier: 52,
      }),
    ).toMatchObject({ segment: 53 });
    expect(wheelGameEventSchema.safeParse({ id: 4, status: 'ended', server_time: 1, segment: 54 }).success).toBe(false);
  });
});
