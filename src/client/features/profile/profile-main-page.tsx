// /profile (main): the player's card (avatar, name, email, level, balance, Logout), avatar choice,
// name and password forms, stats, active sessions, the provably-fair seed pair, responsible play and the bet history.
import { useEffect } from 'react';
import { useSession } from '../../stores/session.ts';
import { loadProfile, logout } from '../../lib/session.ts';
import { formatDollars } from '../../lib/format.ts';
import { Avatar } from '../../components/layout/account.tsx';
import { AvatarPicker } from './avatar-picker.tsx';
import { NameForm, PasswordForm } from './account-forms.tsx';
import { ProfileSessions } from './profile-sessions.tsx';
import { ProfileStatsPanel } from './profile-stats.tsx';
import { ProfileBets } from './profile-bets.tsx';
import { EmailVerifyNotice } from './email-verify-notice.tsx';
import { SeedPairPanel } from '../../components/fair/seed-pair-panel.tsx';
import { ResponsiblePlayPanel } from './responsible-play-panel.tsx';
import '../auth/auth.css';

/** The profile main page. */
export default function ProfileMainPage() {
  const user = useSession((s) => s.user);
  useEffect(() => void loadProfile(), []); // fresh figures each time the page opens
  if (!user) return <p className="page">Loading...</p>;
  return (
    <section className="page profile-main" data-testid="profile">
      <h1>Profile</h1>
      <EmailVerifyNotice verified={user.email_verified} />
      <div className="profile-card-main">
        <Avatar user={user} size={72} />
        <dl className="profile-facts">
          <dt>Name</dt>
          <dd data-testid="profile-name">{user.name}</dd>
          <dt>Email</dt>
          <dd data-testid="profile-email">{user.email}</dd>
          <dt>Level</dt>
          <dd data-testid="profile-level">{user.user_level.level}</dd>
          <dt>Balance</dt>
          <dd data-testid="profile-balance">{formatDollars(user.balance)}</dd>
        </dl>
        <button type="button" className="btn" onClick={() => void logout()}>
          Logout
        </button>
      </div>
      <div className="profile-columns">
        <ProfileStatsPanel />
        <AvatarPicker user={user} />
        <NameForm key={user.name} user={user} />
        <PasswordForm />
        <ProfileSessions />
        <SeedPairPanel className="profile-panel" />
        <ResponsiblePlayPanel />
        <ProfileBets />
      </div>
    </section>
  );
}
