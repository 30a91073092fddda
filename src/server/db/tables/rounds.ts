// The generic round columns every round game's rounds table starts with (migrations/round-columns.ts).
import type { Generated } from 'kysely';
import type { RoundStatus } from '../../../shared/api/rounds.ts';

/** The columns every rounds table starts with; times are epoch ms of the server that wrote them. */
export interface RoundColumns {
  id: Generated<number>;
  previous_id: number; // the round before (0 for the first); UNIQUE
  status: RoundStatus;
  created_at: number; // new
  starting_at: number | null;
  betting_ends_at: number | null;
  pending_at: number | null;
  in_progress_at: number | null;
  ended_at: number | null;
}
