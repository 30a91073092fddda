// Invisible captcha token (spec §5, §7 "a captcha loader"): with a site key in the runtime config the
// reCAPTCHA v3 script is loaded once (the CSP allows its origins only then) and grecaptcha gives a
// token for an action; without one, an empty token (the server's verifier is off too).
import { runtimeConfig } from './runtime-config.ts';

declare global {
  interface Window {
    grecaptcha?: { ready(cb: () => void): void; execute(siteKey: string, opts: { action: string }): Promise<string> };
  }
}

/** The spec's message when the captcha script could not be loaded (script error, timeout, no grecaptcha). */
export const captchaNotLoaded = 'ReCaptcha not loaded';

/** The reCAPTCHA v3 script for a site key. */
export const captchaScriptUrl = (key: string) =>
  `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(key)}`;

/** How long the script may take to load before the captcha counts as unavailable. */
export const captchaLoadTimeoutMs = 15_000;

let loading: Promise<NonNullable<Window['grecaptcha']>> | null = null;

/** Loads the script once (a failure is retried on the next call); resolves with grecaptcha, ready. */
export function loadCaptcha(key: string): Promise<NonNullable<Window['grecaptcha']>> {
  loading ??= new Promise<NonNullable<Window['grecaptcha']>>((resolve, reject) => {
    const existing = window.grecaptcha;
    if (existing) return existing.ready(() => resolve(existing));
    const script = document.createElement('script');
    const fail = (why: string) => {
      clearTimeout(timer);
      script.remove();
      console.warn('captcha script failed:', why);
      reject(new Error(captchaNotLoaded));
    };
    // The timeout covers the script and grecaptcha becoming ready (it loads more code itself).
    const timer = setTimeout(() => fail('timeout'), captchaLoadTimeoutMs);
    script.src = captchaScriptUrl(key);
    script.async = true;
    script.dataset.captcha = 'recaptcha';
    script.addEventListener('error', () => fail('error'));
    script.addEventListener('load', () => {
      const g = window.grecaptcha;
      if (!g) return fail('no grecaptcha after load');
      g.ready(() => {
        clearTimeout(timer);
        resolve(g);
      });
    });
    document.head.appendChild(script);
  }).catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}

/** Starts loading the script when a site key is configured (e.g. when a form that needs it opens). */
export function preloadCaptcha(): void {
  runtimeConfig()
    .then(({ recaptcha_site_key: key }) => (key ? loadCaptcha(key) : undefined))
    .catch(() => undefined); // captchaToken reports the failure when the form is sent
}

/** A token for `action`, or '' when no captcha is configured; "ReCaptcha not loaded" when it failed. */
export async function captchaToken(action: string): Promise<string> {
  const { recaptcha_site_key: key } = await runtimeConfig();
  if (!key) return '';
  const g = await loadCaptcha(key);
  return g.execute(key, { action });
}
