// Bounce's machines on a simulated engine clock: each drop a child actor walking the five statuses,
// the balance moving only when its ball lands, the busy flag over live drops, errors, the results
// strip, auto-drop through the engine's auto-bet child (count, loss limit) and 100 drops at once.
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import {
  plinkoMachine,
  type AutoConfig,
  type DropParams,
  type DropResult,
  type PlinkoInput,
} from '../../../src/client/games/plinko/plinko.machine.ts';
import type { PlinkoBet } from '../../../src/shared/api/plinko.ts';
import type { DropScript } from '../../../src/shared/games/plinko/plinko.script.ts';

const flush = () => new Promise((r) => setTimeout(r, 0));
const LANDED_AT = 2000; // engine ms every test ball falls

/** A drop result with `multiplier` (the script is only timed: the scene is not under test). */
function result(n: number, amount: number, multiplier: number): DropResult {
  const payout = Math.round(amount * multiplier * 100) / 100;
  const bet = { id: n, path: 'LR', bucket: 1, multiplier, payout, rows: 8 } as PlinkoBet;
  const script = { rows: 8, bucket: 1, frames: new Float32Array(4), pegHits: [], landedAt: LANDED_AT } as DropScript;
  return { win: multiplier >= 1, payout, bet, script };
}

function harness(multipliers: (number | Error)[] = [], options: { hold?: boolean } = {}) {
  const clock = new EngineClock();
  const log: string[] = []; // what the page saw, in order
  const busy: boolean[] = [];
  const placed: DropParams[] = [];
  const held: (() => void)[] = []; // answers kept back until released (options.hold)
  let balance = 100;
  const input: PlinkoInput = {
    clock,
    placeDrop: (params) => {
      placed.push(params);
      const n = placed.length;
      const m = multipliers.shift() ?? 0.5;
      return new Promise((resolve, reject) => {
        const answer = () => (m instanceof Error ? reject(m) : resolve(result(n, params.amount, m)));
        if (options.hold) held.push(answer);
        else answer();
      });
    },
    replay: (script, startedAt) => log.push(`replay@${startedAt}`),
    land: (bet, amount) => {
      balance = Math.round((balance - amount + bet.payout) * 100) / 100;
      log.push(`land ${bet.id}`);
    },
    setBusy: (b) => busy.push(b),
    errorText: (e) => (e as Error).message,
  };
  const actor = createActor(plinkoMachine, { input, clock }).start();
  const drops = () =>
    Object.entries(actor.getSnapshot().children)
      .filter(([id]) => id.startsWith('drop-'))
      .map(([id, ref]) => [id, String((ref as AnyActorRef).getSnapshot().value)] as const);
  return { clock, log, busy, placed, held, actor, drops, balance: () => balance };
}

describe('plinko machine', () => {
  it('a drop is a child actor walking new → starting → pending → in_progress → ended', async () => {
    const h = harness([2], { hold: true });
    expect(h.actor.getSnapshot().value).toBe('new');
    h.actor.send({ type: 'DROP', rows: 8, risk: 'low' });
    const drop = h.actor.getSnapshot().children['drop-1'] as AnyActorRef;
    const seen = [String(drop.getSnapshot().value)];
    drop.subscribe((s) => seen.push(String(s.value)));
    expect(h.actor.getSnapshot().value).toBe('in_progress');
    expect(h.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(h.drops()).toEqual([['drop-1', 'starting']]);
    expect(h.placed).toEqual([{ amount: 1, rows: 8, risk: 'low' }]);
    h.clock.advance(100);
    h.held.shift()!();
    await flush();
    expect(h.drops()).toEqual([['drop-1', 'pending']]);
    h.clock.step();
    expect(h.drops()).toEqual([['drop-1', 'in_progress']]);
    expect(h.log).toEqual(['replay@100']); // the ball falls from the commit time
    h.clock.advance(LANDED_AT);
    expect(seen).toEqual(['starting', 'pending', 'in_progress', 'ended']);
    expect(h.drops()).toEqual([]); // a landed drop's actor is stopped
    expect(h.actor.getSnapshot().value).toBe('ended');
    expect(h.actor.getSnapshot().context.landed.map((d) => d.bet.id)).toEqual([1]);
  });

  it('the balance moves only when the ball lands; the busy flag is held until every ball landed', async () => {
    const h = harness([2, 0.5], { hold: true });
    h.actor.send({ type: 'DROP', rows: 8, risk: 'low' });
    h.actor.send({ type: 'DROP', rows: 8, risk: 'low' });
    h.held.shift()!(); // the first answer at 0
    await flush();
    h.clock.advance(500);
    h.held.shift()!(); // the second at 500
    await flush();
    h.clock.step(1);
    expect(h.log).toEqual(['replay@0', 'replay@500']);
    expect(h.balance()).toBe(100); // both answered, both falling: nothing moved yet
    expect(h.actor.getSnapshot().context.inFlight).toBe(2);
    h.clock.advance(LANDED_AT - 501);
    expect(h.log).toEqual(['replay@0', 'replay@500', 'land 1']);
    expect(h.balance()).toBe(101);
    expect(h.busy).toEqual([true]);
    h.clock.advance(500);
    expect(h.log.at(-1)).toBe('land 2');
    expect(h.balance()).toBe(100.5);
    expect(h.busy).toEqual([true, false]);
    expect(h.actor.getSnapshot().context.inFlight).toBe(0);
    expect(h.actor.getSnapshot().value).toBe('ended');
  });

  it('a paused clock holds a drop in pending and its ball in the air', async () => {
    const h = harness([3]);
    h.clock.pause();
    h.actor.send({ type: 'DROP', rows: 8, risk: 'low' });
    await flush();
    h.clock.tick(10_000);
    expect(h.drops()).toEqual([['drop-1', 'pending']]);
    h.clock.step();
    h.clock.tick(10_000);
    expect(h.drops()).toEqual([['drop-1', 'in_progress']]);
    expect(h.balance()).toBe(100);
    h.clock.skipToEnd();
    expect(h.balance()).toBe(102);
  });

  it('an error ends the drop with the text, keeps the balance and stops auto-drop', async () => {
    const h = harness([new Error('Insufficient balance.')]);
    const config: AutoConfig = { count: 5, intervalMs: 100, stopProfit: 0, stopLoss: 0, onWinPct: 0, onLossPct: 0 };
    h.actor.send({ type: 'AUTO_START', rows: 8, risk: 'low', config });
    expect(h.actor.getSnapshot().context.auto).toBe(true);
    await flush();
    const { context, value } = h.actor.getSnapshot();
    expect(context).toMatchObject({ error: 'Insufficient balance.', inFlight: 0, auto: false });
    expect(value).toBe('ended');
    expect(h.drops()).toEqual([]);
    expect(h.actor.getSnapshot().children.auto).toBeUndefined();
    expect(h.busy).toEqual([true, false]);
    h.clock.advance(5000);
    expect(h.placed).toHaveLength(1);
  });

  it('auto-drop drops the count at the interval, changing the amount by % on win and loss', async () => {
    const h = harness([2, 0.5, 0.5, 2]);
    const config: AutoConfig = { count: 4, intervalMs: 300, stopProfit: 0, stopLoss: 0, onWinPct: 0, onLossPct: 100 };
    h.actor.send({ type: 'AUTO_START', rows: 8, risk: 'low', config });
    for (let i = 0; i < 10; i++) {
      await flush();
      h.clock.advance(100);
    }
    expect(h.placed.map((p) => p.amount)).toEqual([1, 1, 2, 4]);
    const { context } = h.actor.getSnapshot();
    expect(context).toMatchObject({ auto: false, autoLeft: 0 });
    expect(context.inFlight).toBeGreaterThan(1); // balls overlap: the next drops while one still falls
    h.clock.advance(LANDED_AT);
    expect(h.actor.getSnapshot().context.landed.map((d) => d.amount)).toEqual([4, 2, 1, 1]);
    expect(h.balance()).toBe(100 - 8 + 2 + 0.5 + 1 + 8);
  });

  it('auto-drop stops on the loss limit', async () => {
    const h = harness(Array.from({ length: 20 }, () => 0.5));
    const config: AutoConfig = { count: 0, intervalMs: 50, stopProfit: 0, stopLoss: 1.2, onWinPct: 0, onLossPct: 0 };
    h.actor.send({ type: 'AUTO_START', rows: 8, risk: 'low', config });
    for (let i = 0; i < 40; i++) {
      await flush();
      h.clock.advance(60);
    }
    expect(h.placed).toHaveLength(3); // −0.50, −1.00, −1.50: the third crosses $1.20
    expect(h.actor.getSnapshot().context.auto).toBe(false);
  });

  it('100 drops in the air are 100 child actors, and all of them end', async () => {
    const h = harness();
    for (let i = 0; i < 100; i++) h.actor.send({ type: 'DROP', rows: 16, risk: 'medium' });
    expect(h.drops()).toHaveLength(100);
    expect(new Set(h.drops().map(([id]) => id)).size).toBe(100);
    await flush();
    h.clock.step(1);
    expect(h.drops().every(([, status]) => status === 'in_progress')).toBe(true);
    expect(h.actor.getSnapshot().context.inFlight).toBe(100);
    h.clock.advance(LANDED_AT);
    expect(h.drops()).toHaveLength(0);
    expect(h.log.filter((l) => l.startsWith('land'))).toHaveLength(100);
    expect(h.actor.getSnapshot().context.landed).toHaveLength(30); // the strip keeps the last 30
    expect(h.balance()).toBe(50);
    expect(h.busy).toEqual([true, false]);
  });
});
