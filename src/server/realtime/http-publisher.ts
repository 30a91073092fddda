// Publishes through the HTTP API of a Pusher-compatible service (Pusher, soketi) when
// PUSHER_APP_ID/KEY/SECRET/HOST are set: POST /apps/{id}/events signed as the Pusher docs say
// (auth_signature = hex HMAC-SHA256(secret, "POST\n{path}\n{sorted query}"), body_md5 of the body).
import { createHash, createHmac } from 'node:crypto';
import type { Publisher } from './publisher.ts';

/** Where and as whom to publish. */
export interface HttpPublisherOptions {
  host: string; // base URL, e.g. https://api-eu.pusher.com or http://127.0.0.1:6001
  appId: string;
  key: string;
  secret: string;
  timeoutMs?: number;
}

/** Builds the signed query string of one request. */
export function signedQuery(
  opts: { key: string; secret: string },
  method: string,
  path: string,
  body: string,
  timestamp: number,
): string {
  const params: Record<string, string> = {
    auth_key: opts.key,
    auth_timestamp: String(timestamp),
    auth_version: '1.0',
    body_md5: createHash('md5').update(body).digest('hex'),
  };
  const query = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  const signature = createHmac('sha256', opts.secret).update(`${method}\n${path}\n${query}`).digest('hex');
  return `${query}&auth_signature=${signature}`;
}

/** A Publisher over the Pusher HTTP API. */
export class HttpPublisher implements Publisher {
  constructor(private readonly opts: HttpPublisherOptions) {}

  async publish(channel: string, event: string, data: unknown): Promise<void> {
    const path = `/apps/${this.opts.appId}/events`;
    const body = JSON.stringify({ name: event, channels: [channel], data: JSON.stringify(data) });
    const query = signedQuery(this.opts, 'POST', path, body, Math.floor(Date.now() / 1000));
    const res = await fetch(`${this.opts.host}${path}?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
    });
    if (!res.ok) throw new Error(`Pusher HTTP API answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }
}
