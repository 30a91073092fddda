// The rocket bet machine driven by the round machine over recorded logs: a bet during a round is
// queued and sent when the next round starts, cash-out (accepted, too late), auto cash-out from the
// bets event or from the crash point, cancel, and auto-bet across rounds.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import { roundMachine } from '../../../src/client/engine/machines/round.machine.ts';
import {
  canBetNow,
  crashMachine,
  settleAtCrash,
  type CrashInput,
  type CrashParams,
} from '../../../src/client/games/crash/crash.machine.ts';
import { betUpdate, linkRound } from '../../../src/client/games/crash/crash-link.ts';
import { LOGS, replay, type LogEntry } from './replay.ts';

const flush = () => new Promise((r) => setTimeout(r, 0));

function harness(opts: { cashOut?: () => Promise<{ multiplier: number; payout: number; balance: number }> } = {}) {
  const clock = new EngineClock();
  const round = createActor(roundMachine, { input: { clock }, clock }).start();
  const sent: { params: CrashParams; roundId: number | null }[] = [];
  let nextId = 900;
  const input: CrashInput = {
    clock,
    placeBet: async (params) => {
      const roundId = round.getSnapshot().context.roundId;
      sent.push({ params, roundId });
      await Promise.resolve(); // the request is in flight
      if (!round.getSnapshot().hasTag('betting')) throw new Error('Betting is closed');
      return {
        bet: { id: nextId++, roundId: roundId!, amount: params.amount, autoCashout: params.autoCashout },
        balance: 50,
      };
    },
    cashOut: opts.cashOut ?? (async () => ({ multiplier: 1.1, payout: 1.1, balance: 51.1 })),
    errorText: (e) => (e as Error).message,
  };
  const crash = createActor(crashMachine, { input, clock }).start();
  linkRound(round, crash);
  const states: string[] = [];
  crash.subscribe((s) => states.at(-1) !== String(s.value) && states.push(String(s.value)));
  const play = (log: LogEntry[], o: { from?: number; until?: number } = {}) =>
    replay(log, clock, round, {
      ...o,
      onBets: (e) => {
        const u = betUpdate(e);
        if (u) crash.send(u);
      },
    });
  return { clock, round, crash, sent, states, play };
}

const inProgressAt = (log: LogEntry[], elapsed: number) =>
  log.find((e) => (e.data as { elapsed?: number } | undefined)?.elapsed === elapsed)!.at;

describe('crash machine', () => {
  it('a bet during the pause is queued, sent when round 42 starts, lost at the crash', async () => {
    const h = harness();
    h.play(LOGS.full, { until: 5 }); // round 41 ended
    h.crash.send({ type: 'BET', params: { amount: 1, autoCashout: null } });
    expect(h.crash.getSnapshot().hasTag('queued')).toBe(true);
    h.play(LOGS.full, { from: 5, until: 2000 }); // 42 starting
    await flush();
    expect(h.sent).toEqual([{ params: { amount: 1, autoCashout: null }, roundId: 42 }]);
    expect(h.crash.getSnapshot().value).toBe('placed');
    h.crash.send({ type: 'CASH_OUT' }); // not live yet: ignored
    expect(h.crash.getSnapshot().value).toBe('placed');
    h.play(LOGS.full, { from: 2000 });
    expect(h.crash.getSnapshot().value).toBe('lost');
    expect(h.crash.getSnapshot().context.result).toMatchObject({ win: false, payout: 0 });
    expect(h.states).toEqual(['idle', 'queued', 'placing', 'placed', 'lost']);
  });

  it('cashes out live at the server multiplier', async () => {
    const h = harness();
    h.play(LOGS.full, { until: 2000 });
    h.crash.send({ type: 'BET', params: { amount: 1, autoCashout: null } });
    await flush();
    h.play(LOGS.full, { from: 2000, until: inProgressAt(LOGS.full, 1500) });
    h.crash.send({ type: 'CASH_OUT' });
    expect(h.crash.getSnapshot().value).toBe('cashing');
    await flush();
    expect(h.crash.getSnapshot().value).toBe('won');
    expect(h.crash.getSnapshot().context.result).toMatchObject({
      win: true,
      multiplier: 1.1,
      payout: 1.1,
      balance: 51.1,
    });
    h.play(LOGS.full, { from: inProgressAt(LOGS.full, 1500) });
    expect(h.crash.getSnapshot().value).toBe('won'); // the crash afterwards changes nothing
  });

  it('a cash-out refused because the round crashed first is lost with a visible reason', async () => {
    let refuse!: (e: Error) => void;
    const h = harness({ cashOut: () => new Promise((_, reject) => (refuse = reject)) });
    h.play(LOGS.full, { until: 2000 });
    h.crash.send({ type: 'BET', params: { amount: 1, autoCashout: null } });
    await flush();
    h.play(LOGS.full, { from: 2000, until: inProgressAt(LOGS.full, 6900) });
    h.crash.send({ type: 'CASH_OUT' });
    h.play(LOGS.full, { from: inProgressAt(LOGS.full, 6900) }); // ended arrives while the request flies
    expect(h.crash.getSnapshot().value).toBe('cashing');
    refuse(new Error('The round has crashed'));
    await flush();
    expect(h.crash.getSnapshot().value).toBe('lost');
    expect(h.crash.getSnapshot().context.result?.note).toBe('Too late: The round has crashed');
  });

  it('an auto cash-out settles from the bets event, or from the crash point if that was missed', async () => {
    expect(settleAtCrash({ id: 1, roundId: 1, amount: 3.33, autoCashout: 1.5 }, 1.52)).toMatchObject({
      win: true,
      multiplier: 1.5,
      payout: 4.99,
    });
    expect(settleAtCrash({ id: 1, roundId: 1, amount: 1, autoCashout: 1.52 }, 1.52).win).toBe(false); // at the crash point: refused
    const h = harness();
    h.play(LOGS.full, { until: 2000 });
    h.crash.send({ type: 'BET', params: { amount: 2, autoCashout: 1.2 } });
    await flush();
    h.play(LOGS.full, { from: 2000 }); // bob's bet 501 cashes out in the log, ours (900) is not in it
    expect(h.crash.getSnapshot().value).toBe('won');
    expect(h.crash.getSnapshot().context.result).toMatchObject({ win: true, multiplier: 1.2, payout: 2.4 });
    h.crash.send({ type: 'BET_UPDATE', betId: 900, outcome: 'lost', multiplier: null, payout: null });
    expect(h.crash.getSnapshot().value).toBe('won'); // settled once
  });

  it('a bet whose round ended while the socket was down settles when the next round arrives', async () => {
    const h = harness();
    h.play(LOGS.full, { until: 2000 }); // 42 starting
    h.crash.send({ type: 'BET', params: { amount: 1, autoCashout: 5 } });
    await flush();
    h.play(LOGS.full, { from: 2000, until: inProgressAt(LOGS.full, 3000) });
    h.round.send({ type: 'DISCONNECTED' });
    const next = LOGS.full.at(-1)!; // the reconnect snapshot: 43 starting, 42's ended never seen
    h.clock.advance(next.at - h.clock.now);
    h.round.send({ type: 'CONNECTED' });
    h.round.send({ type: 'GAME', game: next.data as never });
    expect(h.round.getSnapshot().context.missed).toEqual([42]);
    expect(h.crash.getSnapshot().value).toBe('lost');
    expect(h.crash.getSnapshot().context.result?.note).toBe('Round result missed; see My bets');
    h.crash.send({ type: 'BET', params: { amount: 1, autoCashout: null } });
    await flush();
    expect(h.sent.map((s) => s.roundId)).toEqual([42, 43]);
  });

  it('a bet refused because the window closed meanwhile stays queued for the next round', async () => {
    const h = harness();
    h.play(LOGS.full, { until: 2000 });
    h.crash.send({ type: 'BET', params: { amount: 1, autoCashout: null } });
    h.round.send({ type: 'GAME', game: { id: 42, status: 'pending', server_time: 1 } }); // closed while in flight
    await flush();
    expect(h.crash.getSnapshot().value).toBe('queued');
    expect(h.crash.getSnapshot().context.error).toBe('Betting is closed');
  });

  it('cancel drops a queued bet', () => {
    const h = harness();
    h.play(LOGS.join, { until: 3 });
    h.crash.send({ type: 'BET', params: { amount: 1, autoCashout: null } });
    expect(h.crash.getSnapshot().hasTag('queued')).toBe(true);
    h.crash.send({ type: 'CANCEL' });
    expect(h.crash.getSnapshot().value).toBe('idle');
    expect(canBetNow({ status: 'starting', roundId: 5, lastBetRound: 5 })).toBe(false);
  });

  it('auto-bet: two bets over two rounds, the amount doubled after the loss, then stops on count', async () => {
    const h = harness();
    h.play(LOGS.full, { until: 5 });
    h.crash.send({
      type: 'AUTO_START',
      params: { amount: 1, autoCashout: null },
      config: { baseAmount: 1, count: 2, stopOnProfit: null, stopOnLoss: null, onWinPct: null, onLossPct: 100 },
    });
    h.play(LOGS.full, { from: 5, until: 2000 });
    await flush();
    h.play(LOGS.full, { from: 2000 }); // 42 crashes (lost); auto queues 2.00 after its gap; 43 opens
    const next = LOGS.full.at(-1)!;
    expect(h.crash.getSnapshot().value).toBe('placing');
    await flush();
    expect(h.sent.map((s) => [s.roundId, s.params.amount])).toEqual([
      [42, 1],
      [43, 2],
    ]);
    h.clock.advance(8000);
    h.round.send({
      type: 'GAME',
      game: {
        id: 43,
        status: 'ended',
        server_time: (next.data as { server_time: number }).server_time + 8000,
        crash_point: 1,
      },
    });
    expect(h.crash.getSnapshot().value).toBe('lost');
    h.clock.advance(1000);
    expect(h.crash.getSnapshot().context).toMatchObject({ autoOn: false, autoReason: 'count' });
  });
});
