// A bet shared into the chat as a card: game, the bet's title, stake → payout at its multiplier and
// the player (or "Hidden"), read from the public replay (GET /api/bets/{game}/{id}); it opens the
// replay. Until the replay answers (or if it cannot), the card names the game and the bet's number.
import { Link } from 'react-router';
import { getBetReplay } from '../../lib/api/replays.ts';
import { formatDollars } from '../../lib/format.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { GAME_NAMES } from '../../../shared/games/game-names.ts';
import type { ChatMessage } from '../../../shared/api/chat.ts';

type SharedBet = NonNullable<ChatMessage['bet']>;

export function ChatBetCard({ bet }: { bet: SharedBet }) {
  const { data } = useApiData(getBetReplay, [bet.game, bet.id]);
  const r = data?.data;
  return (
    <Link className="chat-bet" to={`/bets/${bet.game}/${bet.id}`} data-testid="chat-bet" data-result={r?.result}>
      <span className="chat-bet-head">
        {GAME_NAMES[bet.game]} <span className="muted">#{bet.id}</span>
      </span>
      {r ? (
        <>
          <span className="chat-bet-title">{r.title}</span>
          <span className="chat-bet-money" data-testid="chat-bet-money">
            {formatDollars(r.stake)} → <strong>{formatDollars(r.payout)}</strong>
            {r.multiplier !== null && <> · ×{r.multiplier.toFixed(2)}</>}
          </span>
          <span className="chat-bet-player muted">{r.player?.name ?? 'Hidden'} · replay</span>
        </>
      ) : (
        <span className="muted">replay</span>
      )}
    </Link>
  );
}
