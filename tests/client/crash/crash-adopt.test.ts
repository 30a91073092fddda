// A bet the page did not place itself (issue 26 item 1): after a reload or in a second tab the
// player's open bet comes from GET /api/crash/current or a `placed` event, and the rocket machine
// rides it — Cash out works, the bets event or the crash settles it once — on a simulated clock.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import { roundMachine } from '../../../src/client/engine/machines/round.machine.ts';
import { crashMachine, type CrashInput } from '../../../src/client/games/crash/crash.machine.ts';
import { adoptFromCurrent, adoptFromPlaced, betUpdate, linkRound } from '../../../src/client/games/crash/crash-link.ts';
import type { CrashBet } from '../../../src/shared/api/crash.ts';
import { LOGS, replay, type LogEntry } from './replay.ts';

const flush = () => new Promise((r) => setTimeout(r, 0));
const ME = 7;

const apiBet = (over: Partial<CrashBet> = {}): CrashBet => ({
  id: 700,
  user: { id: ME, name: 'me', avatar_url: null },
  amount: 3,
  auto_cashout: null,
  multiplier: null,
  payout: null,
  round_id: 42,
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

function harness() {
  const clock = new EngineClock();
  const round = createActor(roundMachine, { input: { clock }, clock }).start();
  const cashOuts: number[] = [];
  const input: CrashInput = {
    clock,
    placeBet: () => Promise.reject(new Error('this page places no bet here')),
    cashOut: async () => {
      cashOuts.push(clock.now);
      return { multiplier: 1.2, payout: 3.6, balance: 100.6 };
    },
  };
  const crash = createActor(crashMachine, { input, clock }).start();
  linkRound(round, crash);
  const play = (log: LogEntry[], o: { from?: number; until?: number } = {}) =>
    replay(log, clock, round, {
      ...o,
      onBets: (e) => {
        const u = betUpdate(e) ?? adoptFromPlaced(e, ME);
        if (u) crash.send(u);
      },
    });
  return { clock, round, crash, cashOuts, play };
}

const inProgressAt = (log: LogEntry[], elapsed: number) =>
  log.find((e) => (e.data as { elapsed?: number } | undefined)?.elapsed === elapsed)!.at;

describe('adopting the player’s open bet', () => {
  it('finds only the player’s active bet, and never one a bets event already settled', () => {
    const bets = [apiBet({ id: 1, user: { id: 9, name: 'bob', avatar_url: null } }), apiBet({ auto_cashout: 2.5 })];
    expect(adoptFromCurrent(bets, ME)).toEqual({
      type: 'ADOPT',
      bet: { id: 700, roundId: 42, amount: 3, autoCashout: 2.5 },
    });
    expect(adoptFromCurrent(bets, undefined)).toBeNull(); // signed out
    expect(adoptFromCurrent(bets, ME, new Set([700]))).toBeNull();
    expect(adoptFromCurrent([apiBet({ status: 'cashed_out', multiplier: 2, payout: 6 })], ME)).toBeNull();
    const placed = { type: 'placed' as const, round_id: 42, bet: { ...apiBet(), user: { ...apiBet().user } } };
    expect(adoptFromPlaced(placed, ME)?.bet.id).toBe(700);
    expect(adoptFromPlaced(placed, 9)).toBeNull();
    expect(adoptFromPlaced({ ...placed, type: 'lost' }, ME)).toBeNull();
  });

  it('after a reload mid-flight: the bet from /current rides, Cash out is live and pays once', async () => {
    const h = harness();
    h.play(LOGS.full, { until: inProgressAt(LOGS.full, 1500) }); // the reloaded page joins round 42 in flight
    h.crash.send(adoptFromCurrent([apiBet()], ME)!);
    expect(h.crash.getSnapshot().value).toBe('placed');
    expect(h.crash.getSnapshot().context.bet).toEqual({ id: 700, roundId: 42, amount: 3, autoCashout: null });
    h.crash.send({ type: 'CASH_OUT' });
    await flush();
    expect(h.crash.getSnapshot().value).toBe('won');
    expect(h.crash.getSnapshot().context.result).toMatchObject({ win: true, payout: 3.6, balance: 100.6 });
    h.crash.send(adoptFromCurrent([apiBet()], ME)!); // a late /current answer: the same bet is not revived
    expect(h.crash.getSnapshot().value).toBe('won');
    expect(h.cashOuts).toHaveLength(1);
  });

  it('a second tab adopts the bet from its placed event and settles it at the crash', () => {
    const h = harness();
    h.play(LOGS.full, { until: 2000 }); // 42 starting
    h.crash.send(adoptFromPlaced({ type: 'placed', round_id: 42, bet: { ...apiBet(), auto_cashout: 5 } }, ME)!);
    expect(h.crash.getSnapshot().value).toBe('placed');
    expect(h.crash.getSnapshot().context.lastBetRound).toBe(42); // no second bet in this round from here
    h.crash.send({ type: 'CASH_OUT' }); // not in flight yet: ignored
    expect(h.crash.getSnapshot().value).toBe('placed');
    h.play(LOGS.full, { from: 2000 }); // crashes at 1.52 (below the 5× target)
    expect(h.crash.getSnapshot().value).toBe('lost');
  });

  it('a bet of an earlier round is not adopted, nor while auto-bet runs', () => {
    const h = harness();
    h.play(LOGS.full); // round 43 starting
    h.crash.send(adoptFromCurrent([apiBet()], ME)!);
    expect(h.crash.getSnapshot().value).toBe('idle');
    h.crash.send({
      type: 'AUTO_START',
      params: { amount: 1, autoCashout: null },
      config: { baseAmount: 1, count: 2, stopOnProfit: null, stopOnLoss: null, onWinPct: null, onLossPct: null },
    });
    h.crash.send(adoptFromCurrent([apiBet({ round_id: 43 })], ME)!);
    expect(h.crash.getSnapshot().context.bet).toBeNull();
  });
});
