// The box opening's instant-bet machine: the engine's shared machine typed with opening
// parameters (count, demo) and results (the reels the server rolled).
import { createInstantBetMachine } from '../../engine/machines/instant-bet.machine.ts';
import type { ReelResult } from '../../../shared/api/box-open.ts';

/** What the controls send. */
export interface OpenParams {
  amount: number; // dollars: price × count (0 for a demo)
  count: number; // reels, 1–5
  demo: boolean; // a free demo spin
}

/** A settled opening with the reels' animation length. */
export interface OpenResult {
  win: boolean; // always true: every reel wins an item
  payout: number; // dollars: total value of the items won
  demo: boolean;
  reels: ReelResult[];
  balance: number | null; // dollars after the opening (null for a guest demo)
  durationMs: number; // engine ms until every reel rests
}

/** The boxes machine. */
export const boxesMachine = createInstantBetMachine<OpenParams, OpenResult>();
