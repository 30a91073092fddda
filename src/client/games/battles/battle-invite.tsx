// What a waiting battle tells its viewers: the creator of a private battle sees and copies its invite
// link (/battles/{id}?code=…, the only way in for others), and a waiting battle says when it expires
// (canceled and every seat refunded BATTLE_WAIT_MS after its creation).
import type { Battle } from '../../../shared/api/battles.ts';
import { formatDateTime } from '../../lib/format.ts';
import { toast } from '../../components/ui/toaster.tsx';
import { battlePagePath } from './battle-api.ts';

/** The full invite link of a private battle, or null when the viewer has no code for it. */
export function inviteLink(battle: Pick<Battle, 'id' | 'private' | 'invite_code'>, origin: string): string | null {
  return battle.private && battle.invite_code ? `${origin}${battlePagePath(battle.id, battle.invite_code)}` : null;
}

/** Copies `text`, or shows it in a toast when the clipboard is not available. */
export async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast(text);
  }
}

/** The invite link box for the creator of a private battle (nothing for anyone else). */
export function BattleInvite({ battle, userId }: { battle: Battle; userId: number | null }) {
  const creator = userId !== null && battle.seats[0]?.user?.id === userId; // the creator takes seat 0
  const link = inviteLink(battle, window.location.origin);
  if (!creator || !link || battle.status === 'canceled' || battle.status === 'ended') return null;
  return (
    <div className="battle-invite" data-testid="battle-invite">
      <label htmlFor="battle-invite-link">Invite link (only people with this link can see and join)</label>
      <div className="battle-invite-row">
        <input
          id="battle-invite-link"
          data-testid="invite-link"
          type="text"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className="btn btn-sm"
          data-testid="copy-invite"
          onClick={() => void copyText(link, 'Invite link copied.')}
        >
          Copy
        </button>
      </div>
    </div>
  );
}

/** When a waiting battle is canceled and refunded if it has not filled. */
export function BattleExpiry({ battle }: { battle: Battle }) {
  if (battle.status !== 'waiting' || !battle.expires_at) return null;
  return (
    <p className="muted" data-testid="battle-expiry">
      Not full by {formatDateTime(battle.expires_at)}: the battle is canceled and every seat refunded.
    </p>
  );
}
