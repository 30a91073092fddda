// "Share to chat": posts one of the player's own settled bets into the chat room as a card
// (POST /api/chat {message, bet: {game, id}}); the card opens the bet's replay. Shown on the replay
// page to its owner and on the player's own history rows.
import { useState } from 'react';
import { errorText } from '../../lib/api.ts';
import { postChatMessage } from '../../lib/api/chat.ts';
import { formatDollars } from '../../lib/format.ts';
import { toast } from '../../components/ui/toaster.tsx';
import type { ArchiveGame } from '../../../shared/api/profile-bets.ts';
import { receiveMessage } from '../chat/index.ts';

/** The chat text sent with a shared bet. */
export function shareMessage(title: string, stake: number, payout: number): string {
  const x = stake > 0 ? ` ×${(payout / stake).toFixed(2)}` : '';
  return `${title}${x} — paid ${formatDollars(payout)}`;
}

/** The button; `message` is the text that goes with the card. */
export function ShareToChat({
  game,
  id,
  message,
  small,
}: {
  game: ArchiveGame;
  id: number;
  message: string;
  small?: boolean;
}) {
  const [sending, setSending] = useState(false);
  const [shared, setShared] = useState(false);
  const share = async () => {
    setSending(true);
    try {
      const r = await postChatMessage(message, { game, id });
      receiveMessage(r.data);
      setShared(true);
      toast.success('Shared to chat.');
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setSending(false);
    }
  };
  return (
    <button
      type="button"
      className={small ? 'btn btn-sm' : 'btn'}
      disabled={sending || shared}
      onClick={() => void share()}
      data-testid="share-to-chat"
    >
      {shared ? 'Shared' : 'Share to chat'}
    </button>
  );
}
