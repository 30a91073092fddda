// Pieces showing the signed-in player: avatar, name, level badge (linking to /profile) and the
// balance button that opens the deposit modal.
import { Link } from 'react-router';
import type { PublicUser } from '../../../shared/api/user.ts';
import { formatAmount } from '../../lib/format.ts';
import { useModals } from '../../stores/modals.ts';
import { LevelBadge } from '../ui/level-badge.tsx';

/** The player's avatar (initial on a coloured disc when there is no picture). */
export function Avatar({ user, size = 32 }: { user: Pick<PublicUser, 'name' | 'avatar_url'>; size?: number }) {
  if (user.avatar_url)
    return <img className="avatar" src={user.avatar_url} alt={`${user.name}'s avatar`} width={size} height={size} />;
  return (
    <span
      className="avatar avatar-initial"
      style={{ width: size, height: size }}
      role="img"
      aria-label={`${user.name}'s avatar`}
    >
      {user.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** Avatar, name and level linking to /profile. */
export function ProfileLink({ user, onNavigate }: { user: PublicUser; onNavigate?: () => void }) {
  return (
    <Link to="/profile" className="profile-link" onClick={onNavigate}>
      <Avatar user={user} />
      <span className="profile-name">{user.name}</span>
      <LevelBadge level={user.user_level.level} />
    </Link>
  );
}

/** The balance (2 decimals); a click opens the deposit modal. */
export function BalanceButton({ balance, testId = 'header-balance' }: { balance: number; testId?: string }) {
  const show = useModals((s) => s.show);
  return (
    <button
      type="button"
      className="balance"
      data-testid={testId}
      onClick={() => show('deposit', true)}
      aria-label={`Balance $${formatAmount(balance)}, deposit`}
    >
      <span className="coin" aria-hidden="true" />${formatAmount(balance)}
    </button>
  );
}
