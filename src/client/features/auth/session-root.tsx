// Mounted once in the layout: starts the session, tracks utm_source, opens ?modal=login|register,
// and keeps the private channel connected while a player is signed in. Renders nothing.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { bootstrapSession, setGoHome } from '../../lib/session.ts';
import { trackUtmSource } from '../../lib/tracking.ts';
import { connectPrivateChannel } from '../../lib/private-channel.ts';
import { useSession } from '../../stores/session.ts';

/** Session side effects of the whole app. */
export function SessionRoot() {
  const navigate = useNavigate();
  const location = useLocation();
  const userId = useSession((s) => s.user?.id ?? null);

  useEffect(() => {
    setGoHome(() => void navigate('/'));
    bootstrapSession();
  }, [navigate]);

  useEffect(() => {
    void trackUtmSource(location.pathname, location.search);
  }, [location.pathname, location.search]);

  useEffect(() => (userId === null ? undefined : connectPrivateChannel(userId)), [userId]);
  return null;
}
