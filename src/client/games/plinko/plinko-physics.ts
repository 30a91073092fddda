// The ball's physics (matter-js, ~25 KB gzip) as a chunk of its own, loaded with the first drop —
// in parallel with that drop's request — so a visitor who only watches never downloads it.
import type { dropTrajectory } from '../../../shared/games/plinko/plinko.script.ts';

let loading: Promise<typeof dropTrajectory> | null = null;

/** `dropTrajectory`, once its chunk has loaded (loaded once per page). */
export function loadTrajectory(): Promise<typeof dropTrajectory> {
  loading ??= import('../../../shared/games/plinko/plinko.script.ts').then(
    (m) => m.dropTrajectory,
    (e: unknown) => {
      loading = null; // a failed chunk load is tried again by the next drop
      throw e;
    },
  );
  return loading;
}
