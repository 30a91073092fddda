// Public replays (issue 29), typed from src/shared/api/replay.ts.
import { api } from '../api.ts';
import type { ArchiveGame } from '../../../shared/api/profile-bets.ts';
import type { ReplayResponse } from '../../../shared/api/replay.ts';

/** GET /api/bets/{game}/{id}: one settled bet of any game, public. */
export const getBetReplay = (game: ArchiveGame, id: number) => api<ReplayResponse>('GET', `/api/bets/${game}/${id}`);
