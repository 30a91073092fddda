// How long each status of a Crazy Wheel round lasts (ms). The server's loop holds each status this
// long; the client's spin script fits inside `spinMs`, so the wheel has stopped before `ended`.
export const WHEEL_TIMING = {
  bettingMs: 15_000, // starting: the betting window with its countdown
  pendingMs: 1_000, // pending: bets closed, the wheel about to spin
  spinMs: 8_000, // in_progress: the spin, decelerating onto the segment
  endedMs: 4_000, // ended: the result and payouts shown before the next window opens
} as const;
