// The battle machine on a simulated engine clock: a battle from waiting to ended walks the five statuses
// round by round, a late joiner lands in the right round, duplicated events change nothing, cancel and
// expiry end it, and REPLAY walks an ended battle's rounds again.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import { battleMachine, REPLAY_PAUSE_MS } from '../../../src/client/games/battles/battle.machine.ts';
import { applyBattleEvent, type BattleEvent } from '../../../src/client/games/battles/battle.state.ts';
import { battleView } from '../../../src/client/games/battles/battle.view.ts';
import type { Battle } from '../../../src/shared/api/battles.ts';
import { battle, drop } from './battle-fixtures.ts';

const SPIN = 3600;

function start(spinMs = SPIN) {
  const clock = new EngineClock();
  const actor = createActor(battleMachine, { clock, input: { clock, spinMs: () => spinMs } });
  const statuses: string[] = [];
  actor.subscribe((s) => {
    if (statuses.at(-1) !== s.value) statuses.push(s.value as string);
  });
  actor.start();
  const to = (at: number) => clock.advance(at - clock.now); // to engine time `at`
  return {
    clock,
    actor,
    statuses,
    to,
    status: () => actor.getSnapshot().value,
    ctx: () => actor.getSnapshot().context,
  };
}

const joined = (): BattleEvent => ({
  type: 'playerJoined',
  data: {
    id: 7,
    seats: [{ seat: 1, team: 1, client_seed: 'c1', user: null, bot: { id: 3, name: 'Bot', avatar_url: '/a.png' } }],
    seats_filled: 2,
    seats_total: 2,
  },
});
const started = (): BattleEvent => ({
  type: 'battleStarted',
  data: { id: 7, public_seed: 'ps', seats: [], started_at: '2026-11-26T10:00:01.000Z', round_ms: 4500 },
});
const roundStarted = (round: number): BattleEvent => ({
  type: 'battleRoundStarted',
  data: { id: 7, round, drops: [0, 1].map((seat) => ({ ...drop(round, 10 * round + seat, 1 + seat), seat })) },
});
const ended = (): BattleEvent => ({
  type: 'battleEnded',
  data: { id: 7, winners: [1], totals: [3, 6], server_seed: 'ss', tie_break: null },
});

/** An ended 1v1 of three rounds, as GET returns it. */
function endedBattle(): Battle {
  const b = [started(), roundStarted(0), roundStarted(1), roundStarted(2), ended()].reduce(
    applyBattleEvent,
    battle({}, [1]),
  );
  return applyBattleEvent(b, joined());
}

describe('battle machine', () => {
  it('walks new → starting → (pending → in_progress) per round → ended on the engine clock', () => {
    const t = start();
    t.actor.send({ type: 'LOADED', battle: battle({}, [1]) });
    expect(t.status()).toBe('new');
    expect(t.actor.getSnapshot().hasTag('waiting')).toBe(true);
    t.actor.send(joined());
    t.actor.send(started());
    expect(t.status()).toBe('starting');
    for (const r of [0, 1, 2]) {
      t.actor.send(roundStarted(r));
      expect(t.status()).toBe('pending'); // drops committed; the reels start on the next frame
      expect(t.ctx().shown).toBe(r - 1);
      const committed = t.clock.now;
      t.clock.step();
      expect(t.status()).toBe('in_progress');
      expect(t.ctx()).toMatchObject({ round: r, spinMs: SPIN, startedAt: committed }); // the beat's engine time
      t.to(committed + SPIN - 1);
      expect(t.status()).toBe('in_progress'); // the reel spins its whole duration…
      expect(t.ctx().shown).toBe(r - 1); // …and its totals wait for it
      if (r === 2) t.actor.send(ended()); // the server ends the battle while the last reel spins
      t.clock.advance(1);
      expect(t.ctx().shown).toBe(r);
    }
    expect(t.status()).toBe('ended');
    expect(t.actor.getSnapshot().hasTag('over')).toBe(true);
    expect(t.statuses).toEqual([
      'new',
      'starting',
      'pending',
      'in_progress',
      'pending',
      'in_progress',
      'pending',
      'in_progress',
      'ended',
    ]);
    expect(battleView(t.ctx(), new Map()).celebrate).toEqual([1]);
  });

  it('waits in pending after the last round until battleEnded; the winners show only then', () => {
    const t = start();
    t.actor.send({ type: 'LOADED', battle: battle({ mode: '1v1' }) });
    t.actor.send(started());
    for (const r of [0, 1, 2]) {
      t.actor.send(roundStarted(r));
      t.clock.advance(SPIN + 20);
    }
    expect(t.status()).toBe('pending');
    expect(t.ctx().shown).toBe(2);
    expect(battleView(t.ctx(), new Map()).celebrate).toBeNull();
    t.actor.send(ended());
    expect(t.status()).toBe('ended');
  });

  it('a round that arrives while the previous one spins waits its turn', () => {
    const t = start();
    t.actor.send({ type: 'LOADED', battle: battle() });
    t.actor.send(started());
    t.actor.send(roundStarted(0));
    t.clock.step();
    t.actor.send(roundStarted(1)); // early: the server's pace is faster than this spin
    expect(t.ctx().round).toBe(0);
    t.clock.advance(SPIN);
    expect(t.ctx().shown).toBe(0);
    t.clock.step();
    expect(t.status()).toBe('in_progress');
    expect(t.ctx().round).toBe(1);
  });

  it('a late joiner lands on the round of its snapshot at once, in the right status', () => {
    const running = [started(), roundStarted(0), roundStarted(1)].reduce(applyBattleEvent, battle());
    const t = start();
    t.actor.send({ type: 'LOADED', battle: running });
    expect(t.status()).toBe('pending');
    expect(t.ctx()).toMatchObject({ round: 1, shown: 1, spinMs: 0 }); // at rest on round 1, no spin
    t.clock.advance(100);
    expect(t.status()).toBe('pending'); // nothing queued
    t.actor.send(roundStarted(2));
    t.clock.step();
    expect(t.status()).toBe('in_progress');
    expect(t.ctx().round).toBe(2);

    const spectator = start();
    spectator.actor.send({ type: 'LOADED', battle: endedBattle() });
    expect(spectator.status()).toBe('ended');
    expect(spectator.ctx().shown).toBe(2);
    const view = battleView(spectator.ctx(), new Map());
    expect(view.cue).toMatchObject({ round: 2, durationMs: 0, winners: [20, 21] });
    expect(view.celebrate).toEqual([1]);

    const early = start(); // started before the GET answered: its events are queued, then merged
    early.actor.send(started());
    early.actor.send(roundStarted(0));
    expect(early.status()).toBe('new');
    early.actor.send({ type: 'LOADED', battle: battle() });
    expect(early.status()).toBe('pending');
    expect(early.ctx()).toMatchObject({ shown: 0, loadedSince: 0 });
  });

  it('applies the events newer than a snapshot on top of it: a bot seat never stays open', () => {
    const t = start();
    t.actor.send({ type: 'LOADED', battle: battle({}, [1]), since: 0 }); // before the subscription held
    const since = t.ctx().log.length;
    t.actor.send(joined()); // arrives while the second GET is in flight; its answer predates the join
    t.actor.send({ type: 'LOADED', battle: battle({}, [1]), since });
    expect(t.ctx().battle!.seats[1]!.bot?.name).toBe('Bot');
    t.actor.send({ type: 'LOADED', battle: battle({}, [1]), since: 0 }); // a slower answer to the first GET
    expect(t.ctx()).toMatchObject({ loadedSince: since });
    expect(t.ctx().battle!.seats[1]!.bot?.name).toBe('Bot');
    // events the answer already holds are merged again harmlessly
    const late = start();
    late.actor.send(joined());
    late.actor.send(started());
    late.actor.send({
      type: 'LOADED',
      battle: [joined(), started()].reduce(applyBattleEvent, battle({}, [1])),
      since: 0,
    });
    expect(late.status()).toBe('starting');
    expect(late.ctx().battle!.seats.filter((x) => x.bot)).toHaveLength(1);
  });

  it('duplicated and late events change nothing', () => {
    const t = start();
    t.actor.send({ type: 'LOADED', battle: battle({}, [1]) });
    t.actor.send(joined());
    t.actor.send(started());
    t.actor.send(roundStarted(0));
    t.clock.step();
    const before = t.actor.getSnapshot();
    for (const e of [joined(), started(), roundStarted(0)]) t.actor.send(e);
    t.actor.send({ type: 'LOADED', battle: battle({}, [1]), since: 0 }); // a reload's answer racing the events
    const after = t.actor.getSnapshot();
    expect(after.value).toBe(before.value);
    expect({ ...after.context, input: null, log: null }).toEqual({ ...before.context, input: null, log: null });
    t.clock.advance(SPIN);
    t.actor.send(roundStarted(0));
    t.clock.advance(SPIN * 2);
    expect(t.status()).toBe('pending');
    expect(t.ctx()).toMatchObject({ round: 0, shown: 0 });
    expect(t.statuses).toEqual(['new', 'starting', 'pending', 'in_progress', 'pending']);
    expect(t.ctx().battle!.seats.map((x) => x.drops.length)).toEqual([1, 1]);
  });

  it('cancel and expiry end a waiting battle, saying why; a canceled snapshot too', () => {
    for (const reason of ['canceled', 'expired'] as const) {
      const t = start();
      t.actor.send({ type: 'LOADED', battle: battle({}, [1]) });
      t.actor.send({ type: 'battleCanceled', data: { id: 7, reason } });
      expect(t.status()).toBe('ended');
      expect(t.ctx().canceled).toBe(reason);
      t.actor.send({ type: 'REPLAY' });
      expect(t.status()).toBe('ended'); // nothing to replay
    }
    const t = start();
    t.actor.send({ type: 'LOADED', battle: battle({ status: 'canceled' }, [1]) });
    expect(t.status()).toBe('ended');
    expect(t.ctx().canceled).toBe('canceled');
    const other = start();
    other.actor.send({ type: 'LOADED', battle: battle({}, [1]) });
    other.actor.send({ type: 'battleCanceled', data: { id: 8, reason: 'canceled' } }); // another battle's
    expect(other.status()).toBe('new');
  });

  it('REPLAY walks an ended battle’s rounds again, pausing between them', () => {
    const t = start();
    t.actor.send({ type: 'LOADED', battle: endedBattle() });
    t.statuses.length = 0;
    t.actor.send({ type: 'REPLAY' });
    expect(t.ctx()).toMatchObject({ replaying: true, shown: -1 });
    expect(battleView(t.ctx(), new Map()).celebrate).toBeNull();
    const from = t.clock.now;
    t.clock.step();
    expect(t.status()).toBe('in_progress');
    expect(t.ctx().round).toBe(0);
    t.to(from + SPIN);
    expect(t.status()).toBe('pending');
    t.to(from + SPIN + REPLAY_PAUSE_MS - 1);
    expect(t.status()).toBe('pending');
    t.to(from + SPIN + REPLAY_PAUSE_MS);
    expect(t.ctx().round).toBe(1);
    t.to(from + 3 * SPIN + 2 * REPLAY_PAUSE_MS);
    expect(t.status()).toBe('ended');
    expect(t.ctx()).toMatchObject({ replaying: false, shown: 2 });
    expect(t.statuses).toEqual([
      'pending', // starting is passed through at once: the drops are all there
      'in_progress',
      'pending',
      'in_progress',
      'pending',
      'in_progress',
      'ended',
    ]);
    expect(battleView(t.ctx(), new Map()).celebrate).toEqual([1]);
  });
});
