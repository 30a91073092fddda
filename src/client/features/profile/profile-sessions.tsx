// Signed-in sessions on /profile (one per sign-in) and "Sign out everywhere" (this device too).
import { useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { logout } from '../../lib/session.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toaster.tsx';
import { useApiData } from '../boxes/use-api-data.ts';
import type { ProfileSession } from '../../../shared/api/profile.ts';

/** The sessions panel. */
export function ProfileSessions() {
  const { data, error } = useApiData<{ data: ProfileSession[] }>('/api/profile/sessions');
  const [busy, setBusy] = useState(false);
  const everywhere = async () => {
    setBusy(true);
    try {
      const res = await api<{ msg: string }>('POST', '/api/profile/logout-everywhere');
      toast.success(res.msg);
      await logout(false); // the server already ended this session too
    } catch (e) {
      toast.error(errorText(e));
      setBusy(false);
    }
  };
  return (
    <section className="profile-panel" data-testid="profile-sessions" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Active sessions</h2>
      {!data && (error ? <p role="alert">Sessions could not be loaded.</p> : <p className="muted">Loading...</p>)}
      {data && (
        <ul className="session-list">
          {data.data.map((s) => (
            <li key={s.id} data-testid="session">
              <span>
                Signed in {formatDateTime(new Date(s.signed_in_at))} · last active{' '}
                {formatDateTime(new Date(s.last_active_at))}
              </span>
              {s.current && <span className="session-current">This device</span>}
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" loading={busy} onClick={() => void everywhere()}>
        Sign out everywhere
      </Button>
    </section>
  );
}
