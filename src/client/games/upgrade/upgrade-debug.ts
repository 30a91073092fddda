// A small handle on window for browser tests: renderer name and the last drawn view.
import type { PixiHost } from '../../engine/pixi-host.ts';
import type { UpgradeScene } from './upgrade.scene.ts';

/** What tests read. */
export interface UpgradeDebug {
  renderer: string;
  view(): unknown;
}

/** Installs window.__upgrade; returns the uninstall function. */
export function exposeUpgradeDebug(host: PixiHost, scene: UpgradeScene): () => void {
  const handle: UpgradeDebug = { renderer: host.rendererName, view: () => scene.lastView };
  (window as unknown as { __upgrade?: UpgradeDebug }).__upgrade = handle;
  return () => delete (window as unknown as { __upgrade?: UpgradeDebug }).__upgrade;
}
