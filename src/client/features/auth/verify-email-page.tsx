// /verify-email?token=…: the mailed verification link lands here and posts its token once; the
// answer (msg, or the error's message) is shown, with a way on.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../lib/api.ts';
import { verifyEmail } from '../../lib/api/auth.ts';
import { loadProfile } from '../../lib/session.ts';
import { useSession } from '../../stores/session.ts';
import './auth.css';

/** The email verification landing page. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const signedIn = useSession((s) => s.user !== null);
  const [result, setResult] = useState<{ text: string; ok: boolean } | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return; // React's development double effect must not post twice
    sent.current = true;
    verifyEmail(params.get('token') ?? '')
      .then(({ msg }) => {
        setResult({ text: msg, ok: true });
        if (useSession.getState().user) void loadProfile();
      })
      .catch((e: unknown) => setResult({ text: errorText(e), ok: false }));
  }, [params]);
  return (
    <section className="page" data-testid="verify-email">
      <h1>Verify email</h1>
      {result ? (
        <p role="status" className={result.ok ? 'form-ok' : 'form-error'}>
          {result.text}
        </p>
      ) : (
        <p>Verifying your email address…</p>
      )}
      {result && !result.ok && signedIn && <p>You can ask for a new link on your profile page.</p>}
      {result && <Link to={signedIn ? '/profile' : '/?modal=login'}>{signedIn ? 'Go to your profile' : 'Log in'}</Link>}
    </section>
  );
}
