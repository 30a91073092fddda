// window.__wheel for browser tests: the renderer, the last drawn frame (angle, segment under the
// pointer, landed, phase, result), the hub's radius and the round machine's status and round.
import type { Actor } from 'xstate';
import type { PixiHost } from '../../engine/pixi-host.ts';
import type { roundMachine } from '../../engine/machines/round.machine.ts';
import type { WheelScene } from './wheel.scene.ts';

/** What tests read. */
export interface WheelDebug {
  renderer: string;
  view(): unknown;
  status(): string;
  round(): unknown;
  hubRadius(): number; // CSS px
}

/** Installs window.__wheel; returns the uninstall function. */
export function exposeWheelDebug(host: PixiHost, scene: WheelScene, actor: Actor<typeof roundMachine>): () => void {
  const handle: WheelDebug = {
    renderer: host.rendererName,
    view: () => scene.lastView,
    status: () => String(actor.getSnapshot().value),
    round: () => actor.getSnapshot().context.data,
    hubRadius: () => scene.hubRadius,
  };
  (window as unknown as { __wheel?: WheelDebug }).__wheel = handle;
  return () => delete (window as unknown as { __wheel?: WheelDebug }).__wheel;
}
