// Every 2-decimal dice target 0.01 … 99.99 in both directions (19,998 pairs): the API schema and the
// server's rules accept each one whose win chance is 0.01 %–98 % and refuse the rest only for the chance,
// never for "at most 2 decimals" (1.13 × 100 is 112.99… in floating point: main refused 2,292 pairs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBet } from '../../src/server/modules/dice/dice.service.ts';
import { diceBetBodySchema } from '../../src/shared/api/dice.ts';
import type { DiceDirection } from '../../src/shared/fair/index.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import { createPlayer } from '../helpers/users.ts';

const DIRECTIONS: DiceDirection[] = ['over', 'under'];
/** Every target as a client sends it: the JSON number "i.jj" parsed as a double. */
const targets = Array.from({ length: 9999 }, (_, k) => {
  const bp = k + 1;
  return { bp, target: JSON.parse(`${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`) as number };
});
const chanceBp = (bp: number, direction: DiceDirection) => (direction === 'under' ? bp : 10000 - bp);
const playable = (bp: number, direction: DiceDirection) =>
  chanceBp(bp, direction) >= 1 && chanceBp(bp, direction) <= 9800;

describe('dice targets in basis points', () => {
  it('the schema and the rules accept every valid target of the 19,998 pairs and refuse the rest by chance', () => {
    let accepted = 0;
    const wrong: string[] = [];
    for (const { bp, target } of targets) {
      for (const direction of DIRECTIONS) {
        const body = diceBetBodySchema.safeParse({ amount: 1, target, direction });
        if (!body.success) {
          wrong.push(`${target} ${direction}: schema ${body.error.issues[0]?.message}`);
          continue;
        }
        try {
          const checked = checkBet(body.data);
          if (!playable(bp, direction)) wrong.push(`${target} ${direction}: accepted`);
          else if (checked.targetBp !== bp || checked.chanceBp !== chanceBp(bp, direction))
            wrong.push(`${target} ${direction}: ${checked.targetBp}/${checked.chanceBp} bp`);
          else accepted++;
        } catch (e) {
          const message = (e as { errors?: Record<string, string[]> }).errors?.target?.[0] ?? String(e);
          if (playable(bp, direction) || !/between 0.01% and 98%/.test(message))
            wrong.push(`${target} ${direction}: ${message}`);
        }
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(wrong.length).toBe(0);
    expect(accepted).toBe(2 * 9800);
  });

  it('still refuses targets with more than 2 decimals', () => {
    for (const target of [50.123, 1.005, 0.001, 1e-7, 12.3456])
      expect(() => checkBet({ amount: 1, target, direction: 'over' })).toThrow(/2 decimals/);
  });
});

describeEachDb('dice bets on formerly refused targets', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('settles 1.13 under, 4.35 under and 2.2 over and records their targets in bp', async () => {
    const p = await createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents: 10_000 });
    for (const [target, direction, multiplier] of [
      [1.13, 'under', 87.6106],
      [4.35, 'under', 22.7586],
      [2.2, 'over', 1.0122],
    ] as const) {
      const res = await t.fastify.inject({
        method: 'POST',
        url: '/api/dice/bet',
        headers: p.headers,
        payload: { amount: 0.1, target, direction },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ target, direction, multiplier });
    }
    const rows = await t.database.db
      .selectFrom('dice_bets')
      .select(['target_bp', 'direction'])
      .where('user_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [Number(r.target_bp), r.direction])).toEqual([
      [113, 'under'],
      [435, 'under'],
      [220, 'over'],
    ]);
  });
});
