// A bet shared into the chat as a card: game, the bet's title, stake → payout at its multiplier and
// the player (or "Hidden"), from the summary the server attaches to the message (no fetch); it opens
// the replay. A bet without a summary (no longer readable) names the game and the bet's number.
import { Link } from 'react-router';
import { formatDollars } from '../../lib/format.ts';
import { GAME_NAMES } from '../../../shared/games/game-names.ts';
import { replayPath } from '../../../shared/api/replay-basics.ts';
import type { ChatSharedBet } from '../../../shared/api/chat.ts';

export function ChatBetCard({ bet }: { bet: ChatSharedBet }) {
  const summed = bet.title !== undefined && bet.stake !== undefined && bet.payout !== undefined;
  return (
    <Link className="chat-bet" to={replayPath(bet.game, bet.id)} data-testid="chat-bet" data-result={bet.result}>
      <span className="chat-bet-head">
        {GAME_NAMES[bet.game]} <span className="muted">#{bet.id}</span>
      </span>
      {summed ? (
        <>
          <span className="chat-bet-title">{bet.title}</span>
          <span className="chat-bet-money" data-testid="chat-bet-money">
            {formatDollars(bet.stake!)} → <strong>{formatDollars(bet.payout!)}</strong>
            {typeof bet.multiplier === 'number' && <> · ×{bet.multiplier.toFixed(2)}</>}
          </span>
          <span className="chat-bet-player muted">{bet.player?.name ?? 'Hidden'} · replay</span>
        </>
      ) : (
        <span className="muted">replay</span>
      )}
    </Link>
  );
}
