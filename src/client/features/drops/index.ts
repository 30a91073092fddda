// What other features may use from drops: the live drops strip.
export { DropsStrip } from './drops-strip.tsx';
