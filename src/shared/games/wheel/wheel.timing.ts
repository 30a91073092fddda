// How long each status of a Crazy Wheel round lasts (ms). The segment is public only once the
// round has ended, so the wheel spins freely while in progress and, on `ended`, decelerates onto
// the segment (wheel.script.ts: landing + hold fit inside `endedMs`).
export const WHEEL_TIMING = {
  bettingMs: 10_000, // starting: the betting window with its countdown
  pendingMs: 1_000, // pending: bets closed, the wheel winds up
  spinMs: 3_000, // in_progress: the free spin
  endedMs: 6_500, // ended: the wheel lands on the segment (3.5 s), the result and payouts show
} as const;
