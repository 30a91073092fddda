// Issue 24 item 10 on the client: a voided round (an outage) refunds the player's open bet. The bet
// machine settles it as refunded — from the `bets` event, or from the round's `ended` event with
// voided when that was missed — with the note the page toasts; auto-bet stops; the players list
// shows the row as refunded; the `refunded` bets event passes the shared contract.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import {
  crashMachine,
  VOIDED_NOTE,
  type CrashInput,
  type RoundUpdate,
} from '../../../src/client/games/crash/crash.machine.ts';
import { betUpdate } from '../../../src/client/games/crash/crash-link.ts';
import { NO_PLAYERS, playersReducer } from '../../../src/client/games/crash/crash-players.ts';
import { crashBetsEventSchema, crashGameEventSchema } from '../../../src/shared/api/rounds.ts';

const flush = () => new Promise((r) => setTimeout(r, 0));

async function riding(auto = false) {
  const clock = new EngineClock();
  const input: CrashInput = {
    clock,
    placeBet: async (params) => ({
      bet: { id: 77, roundId: 5, amount: params.amount, autoCashout: params.autoCashout },
      balance: 90,
    }),
    cashOut: async () => Promise.reject(new Error('Too late: the rocket has crashed.')),
    errorText: (e) => (e as Error).message,
  };
  const crash = createActor(crashMachine, { input, clock }).start();
  const round = (status: RoundUpdate['status'], extra: Partial<RoundUpdate> = {}) =>
    crash.send({ type: 'ROUND', id: 5, status, ...extra });
  round('starting');
  const params = { amount: 10, autoCashout: null };
  if (auto)
    crash.send({
      type: 'AUTO_START',
      params,
      config: { baseAmount: 10, count: 0, onWinPct: null, onLossPct: 100, stopOnProfit: null, stopOnLoss: null },
    });
  else crash.send({ type: 'BET', params });
  await flush();
  expect(crash.getSnapshot().value).toBe('placed');
  round('pending');
  round('in_progress');
  return { crash, round };
}

const refundedEvent = crashBetsEventSchema.parse({
  type: 'refunded',
  round_id: 5,
  bet: {
    id: 77,
    user: { id: 1, name: 'me', avatar_url: null },
    amount: 10,
    auto_cashout: null,
    multiplier: null,
    payout: 10,
  },
});

describe('crash: a voided round refunds the bet', () => {
  it('settles as refunded from the bets event, with the note the page shows', async () => {
    const { crash, round } = await riding();
    crash.send(betUpdate(refundedEvent)!);
    expect(crash.getSnapshot().value).toBe('refunded');
    expect(crash.getSnapshot().hasTag('settled')).toBe(true);
    expect(crash.getSnapshot().context.result).toEqual({
      win: false,
      multiplier: null,
      payout: 10,
      balance: null,
      note: VOIDED_NOTE,
      refunded: true,
    });
    expect(VOIDED_NOTE).toBe('Round voided — your bet was refunded');
    round('ended', { crashPoint: 3.2, voided: true }); // the ended event after it changes nothing
    expect(crash.getSnapshot().value).toBe('refunded');
  });

  it('settles as refunded from the ended event with voided when the bets event was missed', async () => {
    const { crash, round } = await riding();
    round('ended', { crashPoint: 1.5, voided: true });
    expect(crash.getSnapshot().value).toBe('refunded');
    expect(crash.getSnapshot().context.result).toMatchObject({ refunded: true, payout: 10 });
  });

  it('a cash-out refused as too late, then the refund: refunded', async () => {
    const { crash } = await riding();
    crash.send({ type: 'CASH_OUT' });
    await flush();
    crash.send({ type: 'ROUND', id: 5, status: 'ended', crashPoint: 1.5 }); // not voided yet as far as it knows
    expect(crash.getSnapshot().value).toBe('lost');
    crash.send(betUpdate(refundedEvent)!);
    expect(crash.getSnapshot().value).toBe('refunded');
  });

  it('auto-bet stops on a voided round (a refund is neither a win nor a loss)', async () => {
    const { crash } = await riding(true);
    expect(crash.getSnapshot().context.autoOn).toBe(true);
    crash.send(betUpdate(refundedEvent)!);
    expect(crash.getSnapshot().context).toMatchObject({ autoOn: false, autoReason: 'round voided' });
  });

  it('the players list shows the refunded row; the game event carries voided', () => {
    let p = playersReducer(NO_PLAYERS, { type: 'round', roundId: 5 });
    p = playersReducer(p, { type: 'bets', event: { ...refundedEvent, type: 'placed' } });
    p = playersReducer(p, { type: 'bets', event: refundedEvent });
    expect(p.rows.get(77)).toMatchObject({ state: 'refunded', payout: 10 });
    expect(
      crashGameEventSchema.parse({ id: 5, status: 'ended', server_time: 1, crash_point: 1.5, hash: 'h', voided: true }),
    ).toMatchObject({ voided: true });
  });
});
