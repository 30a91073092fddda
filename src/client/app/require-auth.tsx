// Route guard for login-only pages (spec §5): a guest goes to / with the login modal open.
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { getCookie } from '../lib/cookies.ts';
import { useModals } from '../stores/modals.ts';
import { useSession } from '../stores/session.ts';

/** Renders the page for a player (user loaded or a token present), else redirects a guest. */
export function RequireAuth() {
  const signedIn = useSession((s) => s.user !== null) || getCookie('token') !== null;
  useEffect(() => {
    if (!signedIn) useModals.getState().show('login', false);
  }, [signedIn]);
  return signedIn ? <Outlet /> : <Navigate to="/" replace />;
}
