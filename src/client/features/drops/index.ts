// What other features may use from drops: the live drops strip and a box page's own drops.
export { DropsStrip } from './drops-strip.tsx';
export { BoxDrops, type BoxDropsKind } from './box-drops.tsx';
