// How long the statuses of a Rocket round around its flight last (ms): bustabit's pace
// (shared/notes/round-games.md): 5 s of betting, ~150 ms ticks in flight, 3 s after the bust. The
// server may run faster (CRASH_BETTING_MS, CRASH_ENDED_MS: browser tests); the flight itself is the curve's.
export const CRASH_TIMING = {
  bettingMs: 5_000, // starting: the betting window with its countdown
  pendingMs: 500, // pending: bets closed, before the launch
  endedMs: 3_000, // ended: the pause after the bust
  tickMs: 150, // in_progress: a `game` event this often
} as const;
