// The /dev/scenes battle story: a battle of any mode and drops, with no server, played by the page's own
// machinery — an ended battle built from the URL goes to the battle machine, REPLAY walks its rounds
// through the five statuses, and battle.view.ts draws each on the battle scene. The machine runs on the
// story's engine clock, which follows the page's clock through the scene's update: pause, step and
// skip to the end apply to the rounds as they do on the battle page.
import { createActor, type Actor } from 'xstate';
import {
  BATTLE_MODES,
  MODE_LAYOUT,
  seatTeam,
  type Battle,
  type BattleMode,
  type BattleSeat,
} from '../../../shared/api/battles.ts';
import type { MotionMode } from '../../../shared/games/motion.ts';
import { EngineClock } from '../../engine/clock.ts';
import type { Scene } from '../../engine/scene.ts';
import { battleMachine, REPLAY_PAUSE_MS } from './battle.machine.ts';
import { BattleScene } from './battle.scene.ts';
import { dropsTotal, lastRound, teamTotals } from './battle.state.ts';
import { battleView, syncBattleScene, versionKey } from './battle.view.ts';
import { ROUND_SPIN_MS, type BattleReelItem } from './battle-reel.ts';

/** Item prices of the story's box, in dollars (by item index). */
const PRICES = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const MOTIONS: readonly MotionMode[] = ['normal', 'turbo', 'reduced'];
const BOX = { slug: 'story-box', name: 'Story box', img_url: '', price: 1, version: 1 };
const MAX_ROUNDS = 20;

/** The story's outcome: item index per round and seat, what each side totals, and the winning seats. */
export interface BattleStoryOutcome {
  mode: BattleMode;
  drops: number[][]; // [round][seat] item index
  totals: number[]; // dollars per team (per seat in every-player-for-themself modes)
  winners: number[]; // seats of the side with the highest total (every tied side: no server seed to break it)
}

/** What /dev/scenes plays (its story interface, less the name). */
export interface BattleStory {
  scene: Scene;
  outcome: BattleStoryOutcome;
  play(now: number): number; // starts the replay at engine time `now`; returns its engine ms
  view(): unknown; // status, rounds, the item index under each reel, the celebrated seats
  reached(): boolean; // ended, every reel at rest on the last round's drops
}

/** A 31-bit pseudo-random sequence (mulberry32) for seeded drops. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function int(params: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = params.get(name);
  const v = raw === null || raw.trim() === '' ? fallback : Number(raw);
  if (!Number.isInteger(v) || v < min || v > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return v;
}

/** drops=3,0;5,7 (rounds by ';', seats by ','), else `rounds` seeded by `seed`. */
function parseDrops(params: URLSearchParams, seats: number, itemCount: number): number[][] {
  const raw = params.get('drops');
  if (!raw) {
    const next = seeded(int(params, 'seed', 1, 0, 2 ** 31 - 1));
    const rounds = int(params, 'rounds', 3, 1, MAX_ROUNDS);
    return Array.from({ length: rounds }, () => Array.from({ length: seats }, () => Math.floor(next() * itemCount)));
  }
  const drops = raw.split(';').map((round) => round.split(',').map(Number));
  if (drops.length > MAX_ROUNDS) throw new Error(`drops: at most ${MAX_ROUNDS} rounds`);
  for (const round of drops) {
    if (round.length !== seats) throw new Error(`drops: ${seats} item indices per round (one per seat), rounds by ;`);
    if (round.some((v) => !Number.isInteger(v) || v < 0 || v >= itemCount))
      throw new Error(`drops: item indices 0–${itemCount - 1}`);
  }
  return drops;
}

/** The ended battle the story replays, as GET /api/battles/{id} would return it. */
export function storyBattle(mode: BattleMode, drops: number[][], items: readonly BattleReelItem[]): Battle {
  const seats: BattleSeat[] = Array.from({ length: MODE_LAYOUT[mode].seats }, (_, seat) => {
    const seatDrops = drops.map((round, r) => {
      const item = items[round[seat]!]!;
      const index = round[seat]!;
      return {
        round: r,
        ticket: 1 + index,
        item: {
          id: item.id,
          name: `Item ${index}`,
          img_url: item.img_url,
          price: PRICES[index % PRICES.length]!,
          rarity: item.rarity as BattleSeat['drops'][number]['item']['rarity'],
        },
      };
    });
    return {
      seat,
      team: seatTeam(mode, seat),
      client_seed: `story-${seat}`,
      user: null,
      bot: { id: seat + 1, name: `Bot ${seat + 1}`, avatar_url: '' },
      drops: seatDrops,
      total: dropsTotal(seatDrops),
    };
  });
  const battle: Battle = {
    id: 1,
    status: 'ended',
    mode,
    crazy: false,
    terminal: false,
    private: false,
    boxes: drops.map(() => BOX),
    cost: drops.length * BOX.price,
    seats,
    round: drops.length - 1,
    server_seed_hash: '',
    boxes_hash: '',
    public_seed: null,
    server_seed: null,
    winners: null,
    tie_break: null,
    invite_code: null,
    expires_at: null,
    created_at: '',
    started_at: null,
    ended_at: null,
  };
  const totals = teamTotals(battle, lastRound(battle));
  const best = Math.max(...totals);
  battle.winners = seats.filter((s) => totals[seatTeam(mode, s.seat)] === best).map((s) => s.seat);
  return battle;
}

/**
 * battle: `mode` (1v1 … 3v3; a motion mode there is taken as `motion`), `drops` or `rounds` + `seed`,
 * `motion` (normal, turbo, reduced), `muted`; `items` are the story box's items (index = drop value).
 */
export function battleStory(params: URLSearchParams, items: readonly BattleReelItem[]): BattleStory {
  const modeParam = params.get('mode') ?? '1v1';
  const motionParam = (MOTIONS as readonly string[]).includes(modeParam)
    ? modeParam
    : (params.get('motion') ?? 'normal');
  if (!(MOTIONS as readonly string[]).includes(motionParam)) throw new Error('motion must be normal, turbo or reduced');
  const mode = (MOTIONS as readonly string[]).includes(modeParam) ? '1v1' : (modeParam as BattleMode);
  if (!BATTLE_MODES.includes(mode)) throw new Error(`mode must be one of ${BATTLE_MODES.join(', ')}`);
  const spinMs = ROUND_SPIN_MS[motionParam as MotionMode];
  const drops = parseDrops(params, MODE_LAYOUT[mode].seats, items.length);
  const battle = storyBattle(mode, drops, items);
  const boxItems = new Map([[versionKey(BOX), items]]);
  const outcome: BattleStoryOutcome = {
    mode,
    drops,
    totals: teamTotals(battle, lastRound(battle)),
    winners: battle.winners!,
  };

  const replay = battleReplay(battle, boxItems, spinMs, params.has('muted'));
  const lastDrops = () => drops[drops.length - 1]!.map((i) => items[i]!.id);

  return {
    scene: replay.scene,
    outcome,
    play: replay.play,
    view: () => {
      const v = replay.view();
      return { ...v, landed: v.landed.map((id) => items.findIndex((i) => i.id === id)) };
    },
    reached: () => replay.reached(lastDrops()),
  };
}

/**
 * An ended battle replayed round by round on its own scene: the battle machine on an engine clock that
 * follows the stage's, `battleView` drawing each round. `boxItems` (by "slug@version") fill the reels;
 * without them the reels show the drops alone. /dev/scenes and the replay page /bets/battle/{id} use it.
 */
export function battleReplay(
  battle: Battle,
  boxItems: Map<string, readonly BattleReelItem[]>,
  spinMs: number,
  muted: boolean,
) {
  const reels = new BattleScene();
  reels.muted = muted;
  const sync = syncBattleScene(reels);
  const clock = new EngineClock(); // follows the page's clock (below)
  let actor: Actor<typeof battleMachine> | null = null;
  const run = () => {
    actor?.stop();
    actor = createActor(battleMachine, { clock, input: { clock, spinMs: () => spinMs } });
    const current = actor;
    current.subscribe((s) => sync(battleView(s.context, boxItems)));
    current.start();
    current.send({ type: 'LOADED', battle }); // ended: at rest on the last round
    return current;
  };
  run();
  const follow = (now: number) => clock.advance(Math.max(0, now - clock.now));
  const rounds = battle.boxes.length;

  const scene: Scene = {
    root: reels.root,
    bundle: null,
    prepare: (host) => reels.prepare(host),
    update(now) {
      follow(now); // the machine's timers fire in engine-time order before the reels draw
      reels.update(now);
    },
    resize: (width, height) => {
      reels.setColumns(width < 600 ? Math.min(2, battle.seats.length) : battle.seats.length);
      reels.resize(width, height);
    },
    destroy: () => {
      actor?.stop();
      reels.destroy();
    },
  };
  return {
    scene,
    /** Replays from the first round at engine time `now`; returns its engine ms. */
    play(now: number): number {
      follow(now);
      run().send({ type: 'REPLAY' }); // a fresh walk from the first round, whatever the last one reached
      return rounds * spinMs + (rounds - 1) * REPLAY_PAUSE_MS;
    },
    /** Status, round, the product id under each reel, the celebrated seats, how many items the round's reels draw from. */
    view() {
      const snap = actor!.getSnapshot();
      return {
        reel_items: battleView(snap.context, boxItems).cue?.items.length ?? 0,
        status: snap.value,
        round: snap.context.round,
        shown: snap.context.shown,
        landed: reels.landedItems(),
        settled: reels.settled,
        winners: battleView(snap.context, boxItems).celebrate,
      };
    },
    /** Ended, every reel at rest on `lastDrops` (product id per seat). */
    reached: (lastDrops: readonly number[]) =>
      actor!.getSnapshot().hasTag('over') &&
      reels.settled &&
      reels.landedItems().every((id, seat) => id === lastDrops[seat]),
  };
}
