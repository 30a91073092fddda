// Recomputes an upgrade from the verify form with the shared outcome (upgrade.outcome.ts), as the
// server and the CLI do (same JSON as the CLI).
import { isServerSeed } from '../../../shared/fair/index.ts';
import { commitmentOf } from '../../components/fair/commitment-note.tsx';
import { upgradeOutcome } from '../../../shared/games/upgrade/upgrade.outcome.ts';

/** The verify form's raw fields. */
export interface UpgradeFairForm {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: string;
  chance: string; // percent
}

/** `{game, roll, win}` (the CLI's output), or `{error}` while the form is incomplete. */
export function computeUpgradeFair(
  f: UpgradeFairForm,
): { game: 'upgrade'; roll: number; win: boolean } | { error: string } {
  const serverSeed = f.server_seed.trim();
  if (!serverSeed) return { error: 'Enter the revealed server seed (rotate your seed pair to reveal it).' };
  if (!isServerSeed(serverSeed)) return { error: 'A server seed is 64 hexadecimal characters.' };
  if (!/^\d{1,15}$/.test(f.nonce.trim())) return { error: 'The nonce is a whole number.' };
  const chance = Number(f.chance);
  if (f.chance.trim() === '' || !Number.isFinite(chance) || chance < 0 || chance > 100)
    return { error: 'The chance is a percent from 0 to 100.' };
  const { roll, win } = upgradeOutcome({ serverSeed, clientSeed: f.client_seed, nonce: Number(f.nonce) }, chance);
  return { game: 'upgrade', roll, win };
}

/** Whether the server seed matches the hash shown before the upgrade; null when either is missing. */
export function commitmentMatches(f: UpgradeFairForm): boolean | null {
  return commitmentOf(f.server_seed, f.server_seed_hash);
}
