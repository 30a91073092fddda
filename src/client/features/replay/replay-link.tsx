// A history row's link to its bet's replay page /bets/{game}/{id}.
import { Link } from 'react-router';
import { replayPath } from '../../../shared/api/replay.ts';
import type { ArchiveGame } from '../../../shared/api/profile-bets.ts';

/** "Replay", opening the bet's replay. */
export function ReplayLink({ game, id }: { game: ArchiveGame; id: number }) {
  return (
    <Link to={replayPath(game, id)} data-testid="replay-link">
      Replay
    </Link>
  );
}
