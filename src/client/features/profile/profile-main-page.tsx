// /profile (main): the player's name, email, level and balance (reloaded on open), and Logout.
import { useEffect } from 'react';
import { useSession } from '../../stores/session.ts';
import { loadProfile, logout } from '../../lib/session.ts';
import { EmailVerifyNotice } from './email-verify-notice.tsx';
import '../auth/auth.css';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** The profile main page. */
export default function ProfileMainPage() {
  const user = useSession((s) => s.user);
  useEffect(() => void loadProfile(), []); // fresh figures each time the page opens
  if (!user) return <p className="page">Loading...</p>;
  return (
    <section className="page" data-testid="profile">
      <h1>Profile</h1>
      <EmailVerifyNotice verified={user.email_verified} />
      <dl className="profile-facts">
        <dt>Name</dt>
        <dd data-testid="profile-name">{user.name}</dd>
        <dt>Email</dt>
        <dd data-testid="profile-email">{user.email}</dd>
        <dt>Level</dt>
        <dd data-testid="profile-level">{user.user_level.level}</dd>
        <dt>Balance</dt>
        <dd data-testid="profile-balance">{dollars.format(user.balance)}</dd>
      </dl>
      <button type="button" className="btn" onClick={() => void logout()}>
        Logout
      </button>
    </section>
  );
}
