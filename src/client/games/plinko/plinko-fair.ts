// The Bounce verify form → the shared verifier (same JSON as `npm run verify -- plinko`).
import { RISKS, isPlinkoRows, type Risk } from '../../../shared/fair/index.ts';
import { verifyOutcome } from '../../../shared/games/verify.ts';

/** The form's raw fields. */
export interface PlinkoFairForm {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: string;
  rows: string;
  risk: string;
}

/** `{game, path, bucket, multiplier}`, or `{error}` while the form is incomplete. */
export function computePlinkoFair(f: PlinkoFairForm): Record<string, unknown> {
  if (!f.server_seed) return { error: 'Enter the revealed server seed (rotate your seed pair to reveal it).' };
  if (!/^\d{1,15}$/.test(f.nonce)) return { error: 'The nonce is a whole number.' };
  if (!isPlinkoRows(Number(f.rows))) return { error: 'Rows are 8 to 16.' };
  if (!RISKS.includes(f.risk as Risk)) return { error: 'Risk is low, medium or high.' };
  const seeds = { serverSeed: f.server_seed.trim(), clientSeed: f.client_seed, nonce: Number(f.nonce) };
  return verifyOutcome({ game: 'plinko', seeds, rows: Number(f.rows), risk: f.risk as Risk });
}
