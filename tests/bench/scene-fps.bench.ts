// Scene frame rates: every game scene's frames per second on /dev/scenes in headless Chromium
// (software WebGL), idle and animating, as a ratio to the dice scene's sampled just before it, and
// Bounce with 100 balls in the air, each line with its verdict against the budget (≥ 0.8 × dice;
// Bounce with 100 balls ≥ 0.5 ×: SCENE_BUDGET and BOUNCE_100_BUDGET, the browser test's).
// What is measured (frames per CPU second, held; wall-clock fps, printed): tests/e2e/scene-fps.ts.
// `SCENE_FPS_ONLY=wheel,battle` measures those scenes (and dice) only.
import { BOUNCE_100, budgetVerdict, describeRatio, ratioToDice, SCENES } from '../e2e/scene-fps.ts';
import { withSceneBench } from './scene-bench.ts';

/** Runs the scene frame-rate benchmark. */
export async function sceneFpsBench(): Promise<Record<string, number | string>> {
  const only = process.env.SCENE_FPS_ONLY?.split(',');
  const figures: Record<string, number | string> = {};
  await withSceneBench(async ({ cpu, dicePage, page, at }) => {
    for (const scene of SCENES.slice(1))
      if (!only || only.includes(scene.name)) {
        const r = await ratioToDice(dicePage, page, at(scene), cpu);
        figures[`${scene.name}_vs_dice`] = `${describeRatio(r)} — ${budgetVerdict(scene.name, r.idle, r.animating)}`;
      }
    if (!only || only.includes('bounce')) {
      const r = await ratioToDice(dicePage, page, at(BOUNCE_100), cpu);
      figures.bounce_100_balls_vs_dice = `${describeRatio(r)}, ≥ ${r.samples[1]!.minInFlight} balls in the air — ${budgetVerdict(BOUNCE_100.name, r.idle, r.animating)}`;
    }
  });
  return figures;
}
