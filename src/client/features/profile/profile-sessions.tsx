// Signed-in sessions on /profile (one per sign-in, a page of 5 at a time so a player with many
// sign-ins still reaches the rest of the page) and "Sign out everywhere" (this device too).
import { useState } from 'react';
import { errorText } from '../../lib/api.ts';
import { getProfileSessions, logoutEverywhere } from '../../lib/api/profile.ts';
import { formatDateTime } from '../../lib/format.ts';
import { logout } from '../../lib/session.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toaster.tsx';
import { useApiData } from '../../lib/use-api-data.ts';
import { Pager } from './pager.tsx';
import { ProfilePanel } from './profile-panel.tsx';

/** Sessions shown at once. */
export const SESSIONS_PER_PAGE = 5;

/** The sessions panel. */
export function ProfileSessions() {
  const { data, error } = useApiData(getProfileSessions, []);
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil((data?.data.length ?? 0) / SESSIONS_PER_PAGE));
  const shown = Math.min(page, pages); // a page past the end after sessions ended: the last one
  const everywhere = async () => {
    setBusy(true);
    try {
      const res = await logoutEverywhere();
      toast.success(res.msg);
      await logout(false); // the server already ended this session too
    } catch (e) {
      toast.error(errorText(e));
      setBusy(false);
    }
  };
  return (
    <ProfilePanel
      title="Active sessions"
      testId="profile-sessions"
      data={data?.data}
      error={error}
      what="Sessions"
      footer={
        <>
          <Pager page={shown} pages={pages} onPage={setPage} label="Session pages" />
          <Button variant="outline" loading={busy} onClick={() => void everywhere()}>
            Sign out everywhere
          </Button>
        </>
      }
    >
      {(sessions) => (
        <ul className="session-list">
          {sessions.slice((shown - 1) * SESSIONS_PER_PAGE, shown * SESSIONS_PER_PAGE).map((s) => (
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
    </ProfilePanel>
  );
}
