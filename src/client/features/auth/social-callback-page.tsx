// /auth/{provider}?code=…: the social-auth check (a known provider), then GET /social/handle and
// the social grant; afterwards the player goes to /. Failures are logged (spec §8).
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { socialProviders } from '../../../shared/api/auth.ts';
import { handleSocialCallback } from '../../lib/api/auth.ts';
import { socialLogin } from '../../lib/session.ts';

/** The social sign-in callback page. */
export default function SocialCallbackPage() {
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const [failed, setFailed] = useState(false);
  const known = (socialProviders as readonly string[]).includes(provider);

  useEffect(() => {
    if (!known || started.current) return;
    started.current = true;
    const query = new URLSearchParams(params);
    query.set('provider', provider);
    void (async () => {
      try {
        const h = await handleSocialCallback(query);
        await socialLogin(h.provider, h.provider_access_token);
        void navigate('/', { replace: true });
      } catch (e) {
        console.warn('social sign-in failed', e);
        setFailed(true);
      }
    })();
  }, [known, params, provider, navigate]);

  if (!known) {
    return (
      <section className="page" data-testid="not-found">
        <h1>Page Not Found</h1>
      </section>
    );
  }
  return (
    <section className="page" data-testid="social-callback">
      {failed ? (
        <p role="alert">
          The sign-in could not be completed. <a href="/">Back to the home page</a>
        </p>
      ) : (
        <p>Signing you in...</p>
      )}
    </section>
  );
}
