// Invisible captcha token (spec §5): with a site key in the runtime config, grecaptcha v3 with an
// action name; without one, an empty token (the server's verifier is off too).
import { runtimeConfig } from './runtime-config.ts';

declare global {
  interface Window {
    grecaptcha?: { ready(cb: () => void): void; execute(siteKey: string, opts: { action: string }): Promise<string> };
  }
}

/** The spec's message when the captcha script is missing. */
export const captchaNotLoaded = 'ReCaptcha not loaded';

/** A token for `action`, or '' when no captcha is configured. */
export async function captchaToken(action: string): Promise<string> {
  const { recaptcha_site_key: key } = await runtimeConfig();
  if (!key) return '';
  const g = window.grecaptcha;
  if (!g) throw new Error(captchaNotLoaded);
  return new Promise((resolve, reject) => g.ready(() => void g.execute(key, { action }).then(resolve, reject)));
}
