// A notice on the profile while the player's email is unverified, with "Send the link again".
import { useState } from 'react';
import { errorText } from '../../lib/api.ts';
import { resendVerifyEmail } from '../../lib/api/profile.ts';
import { toast } from '../../components/ui/toaster.tsx';

/** Shown when `verified` is false: until the email is proven, a social sign-in with it takes the account over. */
export function EmailVerifyNotice({ verified }: { verified: boolean | undefined }) {
  const [busy, setBusy] = useState(false);
  if (verified !== false) return null;
  const resend = async () => {
    setBusy(true);
    try {
      toast.success((await resendVerifyEmail()).msg);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <aside className="email-verify-notice" role="note" data-testid="email-verify-notice">
      <p>
        Please verify your email address: open the link we mailed you. Until then, signing in with Google or Facebook
        with this address replaces your password.
      </p>
      <button type="button" className="btn" disabled={busy} onClick={() => void resend()}>
        Send the link again
      </button>
    </aside>
  );
}
