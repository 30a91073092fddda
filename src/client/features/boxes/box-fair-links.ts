// Links from a recorded reel to /boxes/provably-fair, prefilled with what recomputes it.
import type { OpeningRecord } from '../../../shared/api/box-fair.ts';

/** The box verify page's path. */
export const BOX_FAIR_PATH = '/boxes/provably-fair';

/** /boxes/provably-fair?… for a reel; the server seed is included once the pair was revealed. */
export function boxVerifyLink(
  o: Pick<OpeningRecord, 'server_seed' | 'server_seed_hash' | 'client_seed' | 'nonce' | 'version'> & {
    box: { slug: string };
  },
): string {
  const q = new URLSearchParams({
    box: o.box.slug,
    version: String(o.version),
    client_seed: o.client_seed,
    nonce: String(o.nonce),
    server_seed_hash: o.server_seed_hash,
  });
  if (o.server_seed) q.set('server_seed', o.server_seed);
  return `${BOX_FAIR_PATH}?${q.toString()}`;
}
