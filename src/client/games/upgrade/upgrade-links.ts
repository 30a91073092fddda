// Links from an upgrade to its provably-fair page, prefilled with what is needed to recompute it.
import type { Upgrade } from '../../../shared/api/upgrade.ts';

/** /upgrade/provably-fair?… for an upgrade (server seed included once revealed). */
export function upgradeVerifyLink(
  u: Pick<Upgrade, 'server_seed_hash' | 'client_seed' | 'nonce' | 'chance' | 'server_seed'>,
): string {
  const q = new URLSearchParams({
    server_seed_hash: u.server_seed_hash,
    client_seed: u.client_seed,
    nonce: String(u.nonce),
    chance: String(u.chance),
  });
  if (u.server_seed) q.set('server_seed', u.server_seed);
  return `/upgrade/provably-fair?${q.toString()}`;
}
