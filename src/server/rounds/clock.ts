// The app's clock (round loops, battle runner, programmes), injectable: the system clock in the server, a fake one in tests
// (tests/helpers/fake-clock.ts) that runs timers when told and awaits what they return.

/** A timer handle. */
export type TimerHandle = unknown;

/** Time and timers of the loop (epoch ms). A callback may return a promise (a fake clock awaits it). */
export interface Clock {
  now(): number;
  setTimeout(fn: () => unknown, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** The process's real clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
