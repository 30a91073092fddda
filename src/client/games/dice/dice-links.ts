// Links from a bet to the provably-fair page, prefilled with what is needed to recompute it.
import type { DiceBet } from '../../../shared/api/dice.ts';

/** /dice/provably-fair?… for a bet (server seed included once revealed). */
export function verifyLink(bet: DiceBet & { server_seed?: string | null }): string {
  const q = new URLSearchParams({
    game: 'dice',
    server_seed_hash: bet.server_seed_hash,
    client_seed: bet.client_seed,
    nonce: String(bet.nonce),
    target: String(bet.target),
    direction: bet.direction,
  });
  if (bet.server_seed) q.set('server_seed', bet.server_seed);
  return `/dice/provably-fair?${q.toString()}`;
}
