// The provably-fair pages' commitment check: does SHA-256 of the pasted server seed equal the hash
// the player was shown before playing? Shown only once both are filled in.
import { verifyCommitment } from '../../../shared/fair/index.ts';

/** true / false when both the seed and the hash are given (trimmed), otherwise null. */
export function commitmentOf(serverSeed: string, hash: string): boolean | null {
  const seed = serverSeed.trim();
  const h = hash.trim();
  return seed && h ? verifyCommitment(seed, h) : null;
}

/** The verdict line; `before` names what the hash was shown before ("the bets", "the openings"). */
export function CommitmentNote({ serverSeed, hash, before }: { serverSeed: string; hash: string; before: string }) {
  const ok = commitmentOf(serverSeed, hash);
  if (ok === null) return null;
  return (
    <p data-testid="commitment" className={ok ? 'win' : 'lose'}>
      {ok ? `The server seed matches the hash shown before ${before}.` : 'The server seed does NOT match this hash.'}
    </p>
  );
}
