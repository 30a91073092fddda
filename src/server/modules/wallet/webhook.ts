// Webhook signatures of the sandbox providers: HMAC-SHA256 over the raw body with a per-provider
// secret derived from APP_SECRET, sent hex-encoded in the X-Signature header.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The provider's webhook secret, derived from the app secret. */
export function webhookSecret(appSecret: string, provider: string): string {
  return createHmac('sha256', appSecret).update(`webhook:${provider}`).digest('hex');
}

/** Hex HMAC-SHA256 of `rawBody`. */
export function signBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Constant-time check of a hex signature. */
export function verifySignature(secret: string, rawBody: string, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signBody(secret, rawBody), 'hex'), Buffer.from(signature, 'hex'));
}
