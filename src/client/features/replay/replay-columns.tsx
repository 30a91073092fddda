// The history tables' replay columns: "Replay" on every row, "Share" (to chat) on the player's own.
import type { HistoryColumn } from '../../components/fair/history-table.tsx';
import type { ArchiveGame } from '../../../shared/api/profile-bets.ts';
import { ReplayLink } from './replay-link.tsx';
import { ShareToChat, shareMessage } from './share-to-chat.tsx';

/** What Share to chat needs of a row: the bet's id, its title and money (dollars). */
export interface SharedBet {
  id: number;
  title: string;
  stake: number;
  payout: number;
}

/** The Replay column of `game`'s rows. */
export function replayColumn<R extends { id: number }>(game: ArchiveGame): HistoryColumn<R> {
  return { header: 'Replay', cell: (r) => <ReplayLink game={game} id={r.id} /> };
}

/** The Share column of the player's own rows of `game`. */
export function shareColumn<R>(game: ArchiveGame, bet: (row: R) => SharedBet): HistoryColumn<R> {
  return {
    header: 'Share',
    cell: (r) => {
      const b = bet(r);
      return <ShareToChat small game={game} id={b.id} message={shareMessage(b.title, b.stake, b.payout)} />;
    },
  };
}
