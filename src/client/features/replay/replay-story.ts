// A replay (GET /api/bets/{game}/{id}) → the story its game's scene plays: the same stories /dev/scenes
// plays from a URL, so the replay runs the live page's script and sample on the outcome the server
// settled. Dice, upgrade, Bounce, Rocket and the wheel go through their story's parameters (the
// mapping below, tested); box reels land on the won item among the box version's items; a battle is
// replayed round by round by the battle machine on reels of its boxes' items, as the live page drew them.
import type { EngineClock } from '../../engine/clock.ts';
import type { MotionMode } from '../../../shared/games/motion.ts';
import type { Replay, ReplayOutcome } from '../../../shared/api/replay.ts';
import { crashMsFor } from '../../../shared/games/crash/crash.curve.ts';
import { boxReelStory, storyFor } from '../../games/dev-scenes/scene-stories.ts';
import type { SceneStory } from '../../games/dev-scenes/scene-story.ts';
import { battleReplay } from '../../games/battles/battle-story.ts';
import { ROUND_SPIN_MS, type BattleReelItem } from '../../games/battles/battle-reel.ts';
import type { CrashScene } from '../../games/crash/crash.scene.ts';

type Outcome<G extends ReplayOutcome['game']> = Extract<ReplayOutcome, { game: G }>;
/** The outcomes whose scene plays from story parameters. */
export type ParamOutcome = Outcome<'dice' | 'upgrade' | 'plinko' | 'crash' | 'wheel'>;

/** The /dev/scenes parameters that play `outcome` (a round game joins as its round flies, with no betting window). */
export function storyParams(outcome: ParamOutcome, motion: MotionMode): URLSearchParams {
  const p = (scene: string, values: Record<string, string | number>) =>
    new URLSearchParams({ scene, ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) });
  switch (outcome.game) {
    case 'dice':
      return p('dice', { outcome: outcome.roll, target: outcome.target, direction: outcome.direction, mode: motion });
    case 'upgrade':
      return p('upgrade', { outcome: outcome.roll, chance: outcome.chance, mode: motion });
    case 'plinko':
      return p('plinko', { rows: outcome.rows, risk: outcome.risk, outcome: outcome.path, gap: 0 });
    case 'crash':
      return p('crash', { crash: outcome.crash_point, t: 0 });
    case 'wheel':
      return p('wheel', { segment: outcome.segment, status: 'in_progress', mode: motion });
  }
}

/** The player's cash-out drawn on the Rocket curve (none when they rode it to the bust). */
function markCashOut(scene: CrashScene, replay: Replay, cashedOutAt: number | null): void {
  if (cashedOutAt === null) return;
  scene.markers = [
    { betId: replay.id, name: replay.player?.name ?? 'Hidden', multiplier: cashedOutAt, atMs: crashMsFor(cashedOutAt) },
  ];
}

/**
 * The story that replays `replay` on `clock` in `motion`. A battle's reels are filled with its boxes'
 * versions' items (`boxItems`, by "slug@version", as the live battle page loads them); a version
 * missing there falls back to the drops alone.
 */
export function replayStory(
  replay: Replay,
  clock: EngineClock,
  motion: MotionMode,
  boxItems: ReadonlyMap<string, readonly BattleReelItem[]> = new Map(),
): SceneStory {
  const o = replay.outcome;
  if (o.game === 'box') {
    const items = o.items.map((i) => ({ id: i.id, tickets: i.tickets, img_url: i.img_url, rarity: i.rarity }));
    const won = o.items.findIndex((i) => i.id === o.item.id);
    if (won < 0) items.push({ id: o.item.id, tickets: o.item.tickets, img_url: o.item.img_url, rarity: o.item.rarity });
    return boxReelStory(items, [won < 0 ? items.length - 1 : won], false);
  }
  if (o.game === 'battle') {
    const run = battleReplay(o.battle, new Map(boxItems), ROUND_SPIN_MS[motion], false);
    const last = o.battle.seats.map((s) => s.drops.at(-1)?.item.id ?? -1);
    return {
      name: 'battle',
      scene: run.scene,
      outcome: { battle: o.battle.id, seat: o.seat, rounds: o.battle.boxes.length, landed: last },
      play: run.play,
      view: run.view,
      reached: () => run.reached(last),
    };
  }
  const story = storyFor(storyParams(o, motion), clock);
  if (o.game === 'crash') markCashOut(story.scene as CrashScene, replay, o.cashed_out_at);
  return story;
}
