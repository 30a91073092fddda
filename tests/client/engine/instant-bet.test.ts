// The instant-bet machine on a simulated engine clock: transitions, busy flag, skip, errors, auto-bet.
import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, transition } from 'xstate';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import {
  createInstantBetMachine,
  type InstantBetInput,
} from '../../../src/client/engine/machines/instant-bet.machine.ts';
import { nextAmount, stopReason, type AutoConfig } from '../../../src/client/engine/machines/auto-bet.machine.ts';

type P = { amount: number; target: number };
type R = { win: boolean; payout: number; roll: number };
const machine = createInstantBetMachine<P, R>();
const flush = () => new Promise((r) => setTimeout(r, 0));

function harness(results: (R | Error)[]) {
  const clock = new EngineClock();
  const busy: boolean[] = [];
  const bets: P[] = [];
  const input: InstantBetInput<P, R> = {
    clock,
    placeBet: async (p) => {
      bets.push(p);
      const r = results.shift()!;
      if (r instanceof Error) throw r;
      return r;
    },
    durationOf: () => 1000,
    setBusy: (b) => busy.push(b),
    errorText: (e) => `failed: ${(e as Error).message}`,
  };
  const actor = createActor(machine, { input, clock }).start();
  return { clock, busy, bets, actor };
}

describe('instant-bet machine', () => {
  it('pure transitions: idle → placing on BET; SKIP is ignored in idle', () => {
    const input = {
      clock: new EngineClock(),
      placeBet: async () => ({ win: true, payout: 2, roll: 1 }),
      durationOf: () => 10,
    };
    const [idle] = initialTransition(machine, input);
    expect(idle.value).toBe('idle');
    const [placing] = transition(machine, idle, { type: 'BET', params: { amount: 1, target: 50 } });
    expect(placing.value).toBe('placing');
    expect(placing.hasTag('busy')).toBe(true);
    expect(transition(machine, idle, { type: 'SKIP' })[0].value).toBe('idle');
  });

  it('plays for the animation length on the engine clock, holding the busy flag', async () => {
    const h = harness([{ win: true, payout: 2, roll: 60 }]);
    h.actor.send({ type: 'BET', params: { amount: 1, target: 50 } });
    expect(h.actor.getSnapshot().value).toBe('placing');
    await flush();
    expect(h.actor.getSnapshot().value).toBe('playing');
    h.clock.advance(999);
    expect(h.actor.getSnapshot().value).toBe('playing');
    h.clock.pause();
    h.clock.tick(5000);
    expect(h.actor.getSnapshot().value).toBe('playing');
    h.clock.step(1);
    expect(h.actor.getSnapshot().value).toBe('settled');
    expect(h.actor.getSnapshot().context.result).toEqual({ win: true, payout: 2, roll: 60 });
    expect(h.busy).toEqual([true, false]);
  });

  it('SKIP jumps the clock to the end; errors return to idle with their text', async () => {
    const h = harness([{ win: false, payout: 0, roll: 10 }, new Error('Insufficient balance.')]);
    h.actor.send({ type: 'BET', params: { amount: 1, target: 50 } });
    await flush();
    h.actor.send({ type: 'SKIP' });
    expect(h.actor.getSnapshot().value).toBe('settled');
    expect(h.clock.now).toBe(1000);
    h.actor.send({ type: 'BET', params: { amount: 9, target: 50 } });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.actor.getSnapshot().context.error).toBe('failed: Insufficient balance.');
    expect(h.busy).toEqual([true, false, true, false]);
  });

  it('auto-bet places the configured count, changing the amount on win and loss', async () => {
    const results = [true, false, false, true].map((win) => ({ win, payout: win ? 2 : 0, roll: 1 }));
    const h = harness([...results]);
    const config: AutoConfig = {
      baseAmount: 1,
      count: 4,
      stopOnProfit: null,
      stopOnLoss: null,
      onWinPct: null,
      onLossPct: 100,
    };
    h.actor.send({ type: 'AUTO_START', params: { amount: 1, target: 50 }, config });
    for (let i = 0; i < 8; i++) {
      await flush();
      h.clock.advance(1000);
    }
    expect(h.bets.map((b) => b.amount)).toEqual([1, 1, 2, 4]);
    expect(h.actor.getSnapshot().context.autoReason).toBe('count');
    expect(h.actor.getSnapshot().context.autoOn).toBe(false);
  });

  it('AUTO_STOP ends auto-bet after the current bet', async () => {
    const h = harness(Array.from({ length: 10 }, () => ({ win: false, payout: 0, roll: 1 })));
    h.actor.send({
      type: 'AUTO_START',
      params: { amount: 1, target: 50 },
      config: { baseAmount: 1, count: 0, stopOnProfit: null, stopOnLoss: null, onWinPct: null, onLossPct: null },
    });
    await flush();
    h.clock.advance(1000);
    h.actor.send({ type: 'AUTO_STOP' });
    h.clock.advance(5000);
    await flush();
    expect(h.bets).toHaveLength(1);
    expect(h.actor.getSnapshot().value).toBe('settled');
  });

  it('auto-bet rules', () => {
    const c: AutoConfig = { baseAmount: 1, count: 0, stopOnProfit: 5, stopOnLoss: 3, onWinPct: 50, onLossPct: null };
    expect(nextAmount(c, 2, true)).toBe(3);
    expect(nextAmount(c, 2, false)).toBe(1);
    expect(nextAmount({ ...c, onLossPct: -100 }, 2, false)).toBe(0.01);
    expect(stopReason({ config: c, played: 3, profit: 5 })).toBe('profit');
    expect(stopReason({ config: c, played: 3, profit: -3 })).toBe('loss');
    expect(stopReason({ config: c, played: 3, profit: 0 })).toBeNull();
    expect(stopReason({ config: { ...c, count: 3 }, played: 3, profit: 0 })).toBe('count');
  });
});
