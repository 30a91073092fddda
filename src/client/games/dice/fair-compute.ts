// Recomputes a result from the verify form with the shared verifier (same JSON as the CLI).
import { RISKS, isPlinkoRows, isWheelSegments, type Risk } from '../../../shared/fair/index.ts';
import { verifyOutcome } from '../../../shared/games/verify.ts';

/** Games the page can verify. */
export const FAIR_GAMES = ['dice', 'plinko', 'segment-wheel', 'crash'] as const;

/** The form's raw fields. */
export interface FairForm {
  game: (typeof FAIR_GAMES)[number];
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: string;
  target: string;
  direction: string;
  rows: string;
  risk: string;
  segments: string;
  hash: string;
  salt: string;
}

/** The result object, or `{error}` while the form is incomplete. */
export function computeFair(f: FairForm): Record<string, unknown> {
  if (f.game === 'crash') {
    if (!f.hash || !f.salt) return { error: 'Enter the game hash and the salt.' };
    return verifyOutcome({ game: 'crash', hash: f.hash.trim(), salt: f.salt.trim() });
  }
  if (!f.server_seed) return { error: 'Enter the revealed server seed (rotate your seed pair to reveal it).' };
  if (!/^\d{1,15}$/.test(f.nonce)) return { error: 'The nonce is a whole number.' };
  const seeds = { serverSeed: f.server_seed.trim(), clientSeed: f.client_seed, nonce: Number(f.nonce) };
  const risk = f.risk as Risk;
  if (f.game === 'dice') {
    const target = Number(f.target);
    const direction = f.direction === 'under' ? 'under' : 'over';
    return verifyOutcome({ game: 'dice', seeds, ...(Number.isFinite(target) ? { target, direction } : {}) });
  }
  if (!RISKS.includes(risk)) return { error: 'Risk is low, medium or high.' };
  if (f.game === 'plinko') {
    if (!isPlinkoRows(Number(f.rows))) return { error: 'Rows are 8 to 16.' };
    return verifyOutcome({ game: 'plinko', seeds, rows: Number(f.rows), risk });
  }
  if (!isWheelSegments(Number(f.segments))) return { error: 'Segments are 10, 20, 30, 40 or 50.' };
  return verifyOutcome({ game: 'segment-wheel', seeds, segments: Number(f.segments), risk });
}
