// /rocket/provably-fair: how the hash chain fixes every crash point before the first game, and a
// checker that runs in the browser with the shared code: paste a game hash → its crash point
// (HMAC-SHA256 with the published salt), and whether it links to the published chain (SHA-256 of a
// later game's hash is the earlier game's hash, down to the terminating hash); and the outage
// policy (a round its server left for more than 5 s is voided, open bets refunded: crash.void.ts).
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { crashPoint, nextChainHash } from '../../../shared/fair/crash.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { getCrashFairness } from '../../lib/api/crash.ts';
import { errorText } from '../../lib/api.ts';
import { chainDistanceAsync, isGameHash } from './crash-chain.ts';
import { formatMultiplier } from './crash-format.ts';
import './crash.css';

type ChainCheck = { state: 'idle' } | { state: 'walking'; steps: number } | { state: 'done'; distance: number | null };

/** The page. */
export default function CrashFairPage() {
  const [params, setParams] = useSearchParams();
  const [hash, setHash] = useState(params.get('hash') ?? '');
  const fair = useApiData(getCrashFairness, []);
  const [saltText, setSaltText] = useState<string | null>(null);
  const salt = saltText ?? fair.data?.data.salt ?? '';
  const valid = isGameHash(hash);
  const point = useMemo(
    () => (valid && salt ? crashPoint(hash.trim().toLowerCase(), salt) : null),
    [hash, salt, valid],
  );
  const [check, setCheck] = useState<ChainCheck>({ state: 'idle' });
  const published = fair.data?.data;

  useEffect(() => {
    setCheck({ state: 'idle' });
    if (!valid || !published) return;
    const abort = new AbortController();
    setCheck({ state: 'walking', steps: 0 });
    void chainDistanceAsync(
      hash,
      published.terminating_hash,
      published.games_played + 1,
      (steps) => !abort.signal.aborted && setCheck({ state: 'walking', steps }),
      20_000,
      abort.signal,
    ).then((distance) => !abort.signal.aborted && setCheck({ state: 'done', distance }));
    return () => abort.abort();
  }, [hash, valid, published]);

  return (
    <section className="page crash-fair" data-testid="crash-fair">
      <h1>Rocket — provably fair</h1>
      <p>
        Before the first game we made a chain of over a million SHA-256 hashes: starting from a secret, each hash is the
        SHA-256 of the previous one&apos;s hex text. Games use the chain <strong>backwards</strong>: the last hash made
        is published as the <em>terminating hash</em>, the game before it is the first one played, and so on. So the
        SHA-256 of any game&apos;s hash is the previous game&apos;s hash, and no one — not even us — can pick a future
        game&apos;s hash without breaking that link.
      </p>
      <p>
        A salt fixed after the chain was published mixes in: x = HMAC-SHA256(key = the game hash, message = the salt);
        with n = the first 8 hex characters of x as a number, the crash point is floor(max(1, 2³² / (n + 1) × 0.99) ×
        100) / 100. About 1 game in 101 crashes at 1.00×. A game&apos;s hash is shown only after it has crashed.
      </p>
      <h2>Server outages: voided rounds</h2>
      <p data-testid="crash-void-policy">
        While a round flies, the game server records a heartbeat every second. If no server drove a round in progress
        for more than <strong>5 seconds</strong> — counted from its last heartbeat to the moment it would have crashed,
        or to now if that is earlier — nobody could see it or cash out in time, so the round is <strong>voided</strong>:
        every bet that was not cashed out yet is refunded in full, exactly once, and bets cashed out before the outage
        keep their winnings. Once those 5 seconds have passed, cash-outs of that round are refused (the refund is
        coming). A failover to another server within 5 seconds does not void the round. A voided round still reveals its
        hash and crash point, so the chain stays whole and it verifies like any other game; in the recent games it is
        struck through.
      </p>
      {fair.error && <p className="muted">Could not load the published chain: {errorText(fair.error)}</p>}
      {published && (
        <dl className="crash-fair-published">
          <dt>Terminating hash</dt>
          <dd data-testid="terminating-hash">
            <code>{published.terminating_hash}</code>
          </dd>
          <dt>Salt</dt>
          <dd>
            <code>{published.salt}</code>
          </dd>
          <dt>Games played</dt>
          <dd>{published.games_played}</dd>
        </dl>
      )}
      <form className="crash-fair-form" onSubmit={(e) => e.preventDefault()}>
        <label className="crash-field">
          <span>Game hash</span>
          <input
            value={hash}
            onChange={(e) => {
              setHash(e.target.value);
              setParams(e.target.value ? { hash: e.target.value.trim() } : {}, { replace: true });
            }}
            placeholder="64 hex characters"
            spellCheck={false}
            data-testid="fair-hash"
          />
        </label>
        <label className="crash-field">
          <span>Salt</span>
          <input value={salt} onChange={(e) => setSaltText(e.target.value)} spellCheck={false} />
        </label>
      </form>
      {hash && !valid && <p className="crash-hint">A game hash is 64 hex characters.</p>}
      {point !== null && (
        <div className="crash-fair-result">
          <p>
            Crash point: <strong data-testid="fair-crash-point">{formatMultiplier(point)}</strong>
          </p>
          <p className="muted">
            Previous game&apos;s hash (SHA-256 of this one): <code>{nextChainHash(hash.trim().toLowerCase())}</code>
          </p>
          <p data-testid="fair-chain">
            {check.state === 'walking' && `Checking the chain… ${check.steps.toLocaleString('en-US')} hashes`}
            {check.state === 'done' &&
              (check.distance === null
                ? 'This hash does not lead to the published terminating hash within the games played.'
                : check.distance === 0
                  ? 'This is the terminating hash itself (it is never played).'
                  : `Linked to the published chain: game #${check.distance} (${check.distance} SHA-256 steps to the terminating hash).`)}
          </p>
        </div>
      )}
      <p>
        <Link to="/rocket">Back to Rocket</Link>
      </p>
    </section>
  );
}
