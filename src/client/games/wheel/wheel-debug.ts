// window.__wheel for browser tests: the renderer, the last drawn view (angle, segment under the
// pointer, landed) and the round machine's status and round.
import type { Actor } from 'xstate';
import type { PixiHost } from '../../engine/pixi-host.ts';
import type { WheelScene } from './wheel.scene.ts';
import type { wheelMachine } from './wheel.machine.ts';

/** What tests read. */
export interface WheelDebug {
  renderer: string;
  view(): unknown;
  status(): string;
  round(): unknown;
}

/** Installs window.__wheel; returns the uninstall function. */
export function exposeWheelDebug(host: PixiHost, scene: WheelScene, actor: Actor<typeof wheelMachine>): () => void {
  const handle: WheelDebug = {
    renderer: host.rendererName,
    view: () => scene.lastView,
    status: () => String(actor.getSnapshot().value),
    round: () => actor.getSnapshot().context.round,
  };
  (window as unknown as { __wheel?: WheelDebug }).__wheel = handle;
  return () => delete (window as unknown as { __wheel?: WheelDebug }).__wheel;
}
