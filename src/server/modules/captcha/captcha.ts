// Human verification adapter (spec §5): off by default (any token, even empty, passes); with
// RECAPTCHA_SECRET set, reCAPTCHA v3 siteverify with the action and a score of at least 0.5.

/** Checks a captcha token for an action. */
export interface CaptchaVerifier {
  verify(token: string, action: string, ip: string): Promise<boolean>;
}

/** The message under errors['g-recaptcha-response']. */
export const captchaFailedMessage = 'The captcha verification failed. Please try again.';

/** Accepts everything (no captcha configured). */
export const captchaOff: CaptchaVerifier = { verify: async () => true };

/** reCAPTCHA v3: POSTs to siteverify and checks success, action and score. */
export class RecaptchaVerifier implements CaptchaVerifier {
  constructor(
    private readonly secret: string,
    private readonly url: string,
    private readonly minScore = 0.5,
  ) {}

  async verify(token: string, action: string, ip: string): Promise<boolean> {
    if (!token || token.length > 4096) return false;
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.secret, response: token, remoteip: ip }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) return false;
      const body = (await res.json()) as { success?: boolean; action?: string; score?: number };
      return (
        body.success === true && body.action === action && typeof body.score === 'number' && body.score >= this.minScore
      );
    } catch {
      return false; // siteverify unreachable: fail closed
    }
  }
}

/** The configured verifier. */
export function createCaptcha(secret: string | null, url: string): CaptchaVerifier {
  return secret ? new RecaptchaVerifier(secret, url) : captchaOff;
}
