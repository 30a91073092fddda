// Each game's provably-fair page link for one bet, shared by the profile's biggest wins and its bets
// archive: the seed pair's fields (the server seed once its pair was rotated, else null and left
// out), and the game's own parameters; Rocket by its game hash, the Crazy Wheel by its round.
import { bpToPercent, fromHundredths } from '../../../shared/units.ts';

/** A provably-fair page path with its query (null values left out). */
export function fairLink(path: string, params: Record<string, string | number | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null) q.set(k, String(v));
  return `${path}?${q.toString()}`;
}

/** The seed pair fields every seeded bet stores. */
interface Seeded {
  server_seed_hash: string;
  client_seed: string;
  nonce: number | string;
}

const seedParams = (r: Seeded, seed: string | null) => ({
  server_seed: seed,
  server_seed_hash: r.server_seed_hash,
  client_seed: r.client_seed,
  nonce: r.nonce,
});

/** A dice bet on /dice/provably-fair. */
export const diceLink = (r: Seeded & { target_bp: number; direction: string }, seed: string | null) =>
  fairLink('/dice/provably-fair', {
    game: 'dice',
    ...seedParams(r, seed),
    target: fromHundredths(r.target_bp).toFixed(2),
    direction: r.direction,
  });

/** An upgrade on /upgrade/provably-fair. */
export const upgradeLink = (r: Seeded & { chance_bp: number }, seed: string | null) =>
  fairLink('/upgrade/provably-fair', { ...seedParams(r, seed), chance: bpToPercent(r.chance_bp) });

/** A Bounce drop on /bounce/provably-fair. */
export const plinkoLink = (r: Seeded & { rows: number; risk: string }, seed: string | null) =>
  fairLink('/bounce/provably-fair', { ...seedParams(r, seed), rows: r.rows, risk: r.risk });

/** A box reel on /boxes/provably-fair (the box and version name the item won). */
export const boxLink = (r: Seeded & { slug: string; version: number }, seed: string | null) =>
  fairLink('/boxes/provably-fair', { ...seedParams(r, seed), box: r.slug, version: r.version });

/** A Rocket round by its game hash. */
export const crashLink = (hash: string) => fairLink('/rocket/provably-fair', { hash });

/** A Crazy Wheel round. */
export const wheelLink = (round: number) => fairLink('/wheel/provably-fair', { round });
