// Links from a drop to /bounce/provably-fair, prefilled with what is needed to recompute it.
import type { PlinkoBet } from '../../../shared/api/plinko.ts';

/** /bounce/provably-fair?… for a drop (server seed included once revealed). */
export function verifyLink(bet: PlinkoBet & { server_seed?: string | null }): string {
  const q = new URLSearchParams({
    server_seed_hash: bet.server_seed_hash,
    client_seed: bet.client_seed,
    nonce: String(bet.nonce),
    rows: String(bet.rows),
    risk: bet.risk,
  });
  if (bet.server_seed) q.set('server_seed', bet.server_seed);
  return `/bounce/provably-fair?${q.toString()}`;
}
