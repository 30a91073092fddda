// Pusher channel-auth signatures (HMAC-SHA256), shared by /broadcasting/auth and the channel server.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** `key:hex(HMAC-SHA256(secret, "socket_id:channel"))`, the `auth` value pusher-js sends. */
export function channelAuth(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex')}`;
}

/** Checks a subscription's `auth` value in constant time. */
export function validChannelAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  auth: unknown,
): boolean {
  if (typeof auth !== 'string') return false;
  const want = Buffer.from(channelAuth(key, secret, socketId, channel));
  const got = Buffer.from(auth);
  return got.length === want.length && timingSafeEqual(got, want);
}
