// Where a scene's frame goes: each of its display layers hidden in turn (every other shown), the scene's
// frames per CPU second as a ratio to the dice scene's, idle and animating, against all layers shown —
// the measure of scene-fps.ts, turns interleaved so that the machine's load hits every variant alike.
// A layer is an own property of the scene object (window.__scenes.scene on /dev/scenes) that is a display
// object under its root; one the scene shows again by itself every frame is marked "reset by the scene".
// `SCENE_LAYERS_ONLY=crash,wheel` (default), `SCENE_LAYERS_TURNS=3`.
import type { Page } from 'playwright-core';
import { openScene, ratioToDice, SCENES } from '../e2e/scene-fps.ts';
import { withSceneBench } from './scene-bench.ts';

type Layered = Window & { __scenes?: { scene: Record<string, unknown> & { root: unknown } } };

/** Shows every layer but `hidden` (null: all); returns the layers' names. */
function showLayers(page: Page, hidden: string | null): Promise<string[]> {
  return page.evaluate((hidden) => {
    const scene = (window as unknown as Layered).__scenes!.scene;
    const isLayer = (v: unknown): v is { visible: boolean; parent: unknown } =>
      typeof v === 'object' && v !== null && v !== scene.root && 'visible' in v && 'parent' in v;
    const names = Object.keys(scene).filter((k) => isLayer(scene[k]));
    for (const k of names) (scene[k] as { visible: boolean }).visible = k !== hidden;
    return names;
  }, hidden);
}

/** Whether `layer` is still hidden after a sample. */
function stillHidden(page: Page, layer: string): Promise<boolean> {
  return page.evaluate((layer) => {
    const scene = (window as unknown as Layered).__scenes!.scene;
    return (scene[layer] as { visible: boolean }).visible === false;
  }, layer);
}

/** Runs the layer-cost benchmark. */
export async function sceneLayersBench(): Promise<Record<string, number | string>> {
  const only = (process.env.SCENE_LAYERS_ONLY ?? 'crash,wheel').split(',');
  const turns = Number(process.env.SCENE_LAYERS_TURNS ?? 3);
  const figures: Record<string, number | string> = {};
  await withSceneBench(async ({ cpu, dicePage, page, at }) => {
    for (const scene of SCENES.filter((s) => only.includes(s.name))) {
      await openScene(page, at(scene));
      const variants = [null, ...(await showLayers(page, null))];
      const ratios = new Map(variants.map((v) => [v, { idle: [] as number[], animating: [] as number[] }]));
      const reset = new Set<string>();
      for (let turn = 0; turn < turns; turn++)
        for (const v of variants) {
          await showLayers(page, v);
          const r = await ratioToDice(dicePage, page, at(scene), cpu, false);
          ratios.get(v)!.idle.push(r.idle);
          ratios.get(v)!.animating.push(r.animating);
          if (v && !(await stillHidden(page, v))) reset.add(v);
        }
      await showLayers(page, null);
      const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
      const base = ratios.get(null)!;
      for (const [v, r] of ratios) {
        const idle = median(r.idle);
        const animating = median(r.animating);
        const delta = (x: number, b: number[]) =>
          v ? ` (${x - median(b) >= 0 ? '+' : ''}${(x - median(b)).toFixed(2)})` : '';
        figures[`${scene.name}_${v ? `without_${v}` : 'all_layers'}`] =
          `idle ${idle.toFixed(2)} ×${delta(idle, base.idle)}, animating ${animating.toFixed(2)} ×${delta(animating, base.animating)} dice` +
          ` (each turn: ${r.idle.map((x) => x.toFixed(2)).join(' ')} / ${r.animating.map((x) => x.toFixed(2)).join(' ')})` +
          (v && reset.has(v) ? ' — reset by the scene' : '');
      }
    }
  });
  return figures;
}
