// Scene stories for /dev/scenes: each builds one game scene and plays it from an outcome given in
// the URL, with no server — the way a tester or artist sees every outcome. The outcome goes
// through the same shared script and sample the game page uses, so what shows here is what plays.
import { EngineClock } from '../../engine/clock.ts';
import { diceChance, diceMultiplier, diceWins } from '../../../shared/fair/index.ts';
import { diceScript } from '../../../shared/games/dice/dice.script.ts';
import type { MotionMode } from '../../../shared/games/motion.ts';
import { upgradeRollWins } from '../../../shared/games/upgrade/upgrade.outcome.ts';
import { upgradeScript } from '../../../shared/games/upgrade/upgrade.script.ts';
import { DiceScene } from '../dice/dice.scene.ts';
import { UpgradeScene } from '../upgrade/upgrade.scene.ts';
import { BoxesScene, type SceneItem } from '../boxes/boxes.scene.ts';
import { SPIN_MS } from '../boxes/box-opener.tsx';
import { battleStory } from '../battles/battle-story.ts';
import { plinkoStory } from '../plinko/plinko.story.ts';
import { crashStory, wheelStory } from './round-stories.ts';

import { STORY_SCENES, type SceneStory, type StoryScene } from './scene-story.ts';
import type { Scene } from '../../engine/scene.ts';

export { STORY_SCENES, type SceneStory, type StoryScene } from './scene-story.ts';

const MODES: readonly MotionMode[] = ['normal', 'turbo', 'reduced'];

function num(params: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return fallback;
  const v = Number(raw);
  if (!Number.isFinite(v) || v < min || v > max) throw new Error(`${name} must be a number from ${min} to ${max}`);
  return v;
}

function mode(params: URLSearchParams): MotionMode {
  const m = params.get('mode') ?? 'normal';
  if (!(MODES as readonly string[]).includes(m)) throw new Error('mode must be normal, turbo or reduced');
  return m as MotionMode;
}

/** A story whose scene plays one script of the shared motion kit, made for the URL's motion mode
 * (`muted` silences it); `reached` says the scene rests on the outcome. */
function scriptStory<S extends { durationMs: number }>(
  name: StoryScene,
  scene: Scene & { muted: boolean; play(script: S, now: number): void; lastView: unknown },
  outcome: unknown,
  params: URLSearchParams,
  script: (motion: MotionMode) => S,
  reached: () => boolean,
): SceneStory {
  scene.muted = params.has('muted');
  const motion = mode(params);
  return {
    name,
    scene,
    outcome,
    play(now) {
      const s = script(motion);
      scene.play(s, now);
      return s.durationMs;
    },
    view: () => scene.lastView,
    reached,
  };
}

/** dice: outcome = the roll (0–100, 2 decimals); target (50.5) and direction (over) set the win. */
function diceStory(params: URLSearchParams): SceneStory {
  const roll = Math.round(num(params, 'outcome', 42.42, 0, 100) * 100) / 100;
  const target = num(params, 'target', 50.5, 0, 100);
  const direction = params.get('direction') === 'under' ? 'under' : 'over';
  const outcome = {
    roll,
    target,
    direction,
    win: diceWins(roll, target, direction),
    multiplier: diceMultiplier(diceChance(target, direction)),
  } as const;
  const scene = new DiceScene();
  scene.setBet(target, direction);
  const from = num(params, 'from', 50, 0, 100);
  const script = (motion: MotionMode) => diceScript(outcome, from, motion);
  const rests = () => scene.lastView?.done === true && scene.lastView.marker === roll;
  return scriptStory('dice', scene, outcome, params, script, rests);
}

/** upgrade: outcome = the roll in [0, 100); chance (50 %) sets the win. */
function upgradeStory(params: URLSearchParams): SceneStory {
  const roll = num(params, 'outcome', 37.5, 0, 99.9999);
  const chance = num(params, 'chance', 50, 0, 100);
  const outcome = { roll, chance, win: upgradeRollWins(roll, chance) };
  const scene = new UpgradeScene();
  const from = num(params, 'from', 0, 0, 100);
  const script = (motion: MotionMode) => upgradeScript(outcome, from, motion);
  const rests = () => scene.lastView?.done === true && scene.lastView.needle === roll;
  return scriptStory('upgrade', scene, outcome, params, script, rests);
}

const COLORS = ['#8d95a6', '#4b7bec', '#8854d0', '#eb3b5a', '#f7b731', '#20bf6b', '#fa8231', '#0fb9b1'];
const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary', 'common', 'uncommon', 'rare'];

/** Eight demo items drawn as inline SVG (no network), their tickets biasing the filler. */
export function demoItems(): SceneItem[] {
  return COLORS.map((color, i) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect x="8" y="8" width="80" height="80" rx="16" fill="${color}"/><text x="48" y="60" font-size="36" text-anchor="middle" fill="#fff" font-family="sans-serif">${i}</text></svg>`;
    return {
      id: i + 1,
      tickets: 40_000 >> i || 1,
      img_url: `data:image/svg+xml;base64,${btoa(svg)}`,
      rarity: RARITIES[i]!,
    };
  });
}

/** boxes: outcome = the winning item index (0–7) per reel, comma-separated (1–5 reels); the reel's own timing. */
function boxesStory(params: URLSearchParams): SceneStory {
  const items = demoItems();
  const winners = (params.get('outcome') ?? '3').split(',').map((w) => {
    const v = Number(w);
    if (!Number.isInteger(v) || v < 0 || v >= items.length)
      throw new Error(`outcome: item indices 0–${items.length - 1}`);
    return v;
  });
  if (winners.length > 5) throw new Error('outcome: at most 5 reels');
  return boxReelStory(items, winners, params.has('muted'));
}

/** Box reels landing on `winners` (an index of `items` per reel), on the reel's own timing (the box page's). */
export function boxReelStory(items: SceneItem[], winners: number[], muted: boolean): SceneStory {
  const scene = new BoxesScene(items);
  scene.muted = muted;
  let spins = 0;
  return {
    name: 'boxes',
    scene,
    outcome: winners,
    play(now) {
      scene.spin(winners.length, now, ++spins);
      return scene.land(winners, now, SPIN_MS);
    },
    view: () => ({ items: scene.landedItems(), settled: scene.settled }),
    reached: () => scene.settled && scene.landedItems().every((item, i) => item === winners[i]),
  };
}

/** The story the URL asks for (`scene`, `outcome` and the scene's own parameters); throws on bad input. Stories
 * that run machines run them on `clock` (the page's, so its controls apply). */
export function storyFor(params: URLSearchParams, clock: EngineClock = new EngineClock()): SceneStory {
  const name = params.get('scene') ?? 'dice';
  if (name === 'dice') return diceStory(params);
  if (name === 'upgrade') return upgradeStory(params);
  if (name === 'boxes') return boxesStory(params);
  // battle: mode=2v2, drops=3,0,1,7;5,7,2,2 (item indices 0–7, seats by ',', rounds by ';') or rounds=N&seed=S
  if (name === 'battle') return { name, ...battleStory(params, demoItems()) };
  if (name === 'plinko') return plinkoStory(params); // rows, risk, balls=N or outcome=paths
  if (name === 'crash') return crashStory(params, clock);
  if (name === 'wheel') return wheelStory(params, clock, mode(params));
  throw new Error(`scene must be one of ${STORY_SCENES.join(', ')}`);
}
