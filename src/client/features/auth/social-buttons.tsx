// The three social sign-in buttons: each navigates the browser to {api}/social/{provider}/redirect.
import { socialProviders } from '../../../shared/api/auth.ts';

const labels = { google: 'Google', facebook: 'Facebook', steam: 'Steam' } as const;

/** Social sign-in buttons. */
export function SocialButtons({ go = (url: string) => window.location.assign(url) }: { go?: (url: string) => void }) {
  return (
    <div className="social-buttons">
      {socialProviders.map((p) => (
        <button key={p} type="button" className={`btn btn-social btn-${p}`} onClick={() => go(`/social/${p}/redirect`)}>
          {labels[p]}
        </button>
      ))}
    </div>
  );
}
