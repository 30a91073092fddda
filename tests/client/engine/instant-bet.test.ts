// The instant-bet machine on a simulated engine clock: the five statuses in order, tags, busy flag,
// a paused clock holding pending, skip, errors back to new with their text, auto-bet.
import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, transition } from 'xstate';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import {
  createInstantBetMachine,
  isBusy,
  isReplaying,
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
  const statuses: string[] = [String(actor.getSnapshot().value)];
  actor.subscribe((s) => statuses.at(-1) !== s.value && statuses.push(String(s.value)));
  const status = () => String(actor.getSnapshot().value);
  return { clock, busy, bets, actor, statuses, status };
}

const noAuto = { stopOnProfit: null, stopOnLoss: null, onWinPct: null, onLossPct: null };

describe('instant-bet machine', () => {
  it('pure transitions: new → starting on BET (tags ready → busy); SKIP is ignored in new', () => {
    const input = {
      clock: new EngineClock(),
      placeBet: async () => ({ win: true, payout: 2, roll: 1 }),
      durationOf: () => 10,
    };
    const [fresh] = initialTransition(machine, input);
    expect(fresh.value).toBe('new');
    expect(fresh.hasTag('ready')).toBe(true);
    const [starting] = transition(machine, fresh, { type: 'BET', params: { amount: 1, target: 50 } });
    expect(starting.value).toBe('starting');
    expect([isBusy(starting), isReplaying(starting), starting.hasTag('ready')]).toEqual([true, false, false]);
    expect(transition(machine, fresh, { type: 'SKIP' })[0].value).toBe('new');
  });

  it('walks new → starting → pending → in_progress → ended on the engine clock, holding the busy flag', async () => {
    const h = harness([{ win: true, payout: 2, roll: 60 }]);
    h.clock.advance(500);
    h.actor.send({ type: 'BET', params: { amount: 1, target: 50 } });
    expect(h.status()).toBe('starting');
    await flush();
    expect(h.status()).toBe('pending'); // committed: result and start time set, nothing played yet
    expect(h.actor.getSnapshot().context).toMatchObject({ result: { roll: 60 }, startedAt: 500, durationMs: 1000 });
    h.clock.step(10);
    expect(h.status()).toBe('in_progress');
    expect(isReplaying(h.actor.getSnapshot())).toBe(true);
    h.clock.advance(1000 - 10 - 1);
    expect(h.status()).toBe('in_progress');
    h.clock.advance(1); // 1000 engine ms after the commit
    expect(h.status()).toBe('ended');
    expect(h.actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(h.statuses).toEqual(['new', 'starting', 'pending', 'in_progress', 'ended']);
    expect(h.busy).toEqual([true, false]);
  });

  it('a paused clock holds the bet in pending (and in_progress) until stepped', async () => {
    const h = harness([{ win: false, payout: 0, roll: 10 }]);
    h.clock.pause();
    h.actor.send({ type: 'BET', params: { amount: 1, target: 50 } });
    await flush();
    h.clock.tick(5000); // real frames pass: nothing moves
    expect(h.status()).toBe('pending');
    h.clock.step();
    expect(h.status()).toBe('in_progress');
    h.clock.tick(5000);
    expect(h.status()).toBe('in_progress');
    h.clock.resume();
    h.clock.tick(250);
    h.clock.tick(250);
    h.clock.tick(250);
    h.clock.tick(250);
    expect(h.status()).toBe('ended');
  });

  it('SKIP from pending or in_progress jumps the clock to the end', async () => {
    const h = harness([
      { win: false, payout: 0, roll: 10 },
      { win: true, payout: 2, roll: 90 },
    ]);
    h.actor.send({ type: 'BET', params: { amount: 1, target: 50 } });
    await flush();
    h.actor.send({ type: 'SKIP' });
    expect(h.status()).toBe('ended');
    expect(h.clock.now).toBe(1000);
    h.actor.send({ type: 'BET', params: { amount: 1, target: 50 } });
    await flush();
    h.clock.step(100);
    expect(h.status()).toBe('in_progress');
    h.actor.send({ type: 'SKIP' });
    expect(h.status()).toBe('ended');
    expect(h.clock.now).toBe(2000);
  });

  it('an error returns to new with its text, releasing the busy flag and clearing the result', async () => {
    const h = harness([{ win: false, payout: 0, roll: 10 }, new Error('Insufficient balance.')]);
    h.actor.send({ type: 'BET', params: { amount: 1, target: 50 } });
    await flush();
    h.clock.skipToEnd();
    h.actor.send({ type: 'BET', params: { amount: 9, target: 50 } });
    await flush();
    expect(h.status()).toBe('new');
    expect(h.actor.getSnapshot().context).toMatchObject({ error: 'failed: Insufficient balance.', result: null });
    expect(h.actor.getSnapshot().context.autoReason).toBeNull(); // a manual bet: no auto run ended
    expect(h.busy).toEqual([true, false, true, false]);
    expect(h.statuses.slice(-3)).toEqual(['ended', 'starting', 'new']);
  });

  it('auto-bet places the configured count, changing the amount on win and loss', async () => {
    const results = [true, false, false, true].map((win) => ({ win, payout: win ? 2 : 0, roll: 1 }));
    const h = harness([...results]);
    const config: AutoConfig = { ...noAuto, baseAmount: 1, count: 4, onLossPct: 100 };
    h.actor.send({ type: 'AUTO_START', params: { amount: 1, target: 50 }, config });
    for (let i = 0; i < 8; i++) {
      await flush();
      h.clock.advance(1000);
    }
    expect(h.bets.map((b) => b.amount)).toEqual([1, 1, 2, 4]);
    expect(h.actor.getSnapshot().context.autoReason).toBe('count');
    expect(h.actor.getSnapshot().context.autoOn).toBe(false);
  });

  it('auto-bet stops on the loss limit', async () => {
    const h = harness(Array.from({ length: 10 }, () => ({ win: false, payout: 0, roll: 1 })));
    const config: AutoConfig = { ...noAuto, baseAmount: 2, count: 0, stopOnLoss: 5 };
    h.actor.send({ type: 'AUTO_START', params: { amount: 2, target: 50 }, config });
    for (let i = 0; i < 10; i++) {
      await flush();
      h.clock.advance(1000);
    }
    expect(h.bets).toHaveLength(3); // −2, −4, −6: the third loss crosses $5
    expect(h.actor.getSnapshot().context).toMatchObject({ autoReason: 'loss', autoOn: false });
  });

  it('AUTO_STOP ends auto-bet after the current bet', async () => {
    const h = harness(Array.from({ length: 10 }, () => ({ win: false, payout: 0, roll: 1 })));
    h.actor.send({
      type: 'AUTO_START',
      params: { amount: 1, target: 50 },
      config: { ...noAuto, baseAmount: 1, count: 0 },
    });
    await flush();
    h.clock.advance(1000);
    h.actor.send({ type: 'AUTO_STOP' });
    h.clock.advance(5000);
    await flush();
    expect(h.bets).toHaveLength(1);
    expect(h.status()).toBe('ended');
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
