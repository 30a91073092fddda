// The player's provably-fair seed pair, one panel for /profile and the games: the active server seed
// hash, the committed next hash, the nonce, the client seed (changeable), "Rotate seed" (reveals the
// active server seed) and the revealed pairs (GET /api/fair/seeds `previous`, newest first).
import { useEffect, useId, useState } from 'react';
import { errorText } from '../../lib/api.ts';
import { getSeeds, rotateSeeds, submitClientSeed } from '../../lib/api/fair.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Button } from '../ui/button.tsx';
import type { RevealedPair, Seeds } from '../../../shared/api/fair.ts';
import './seed-pair-panel.css';
import { onFormSubmit } from '../../lib/form-submit.ts';

/** Props of the panel. */
export interface SeedPairPanelProps {
  version?: number; // refetch when it changes (after bets)
  onChange?(): void; // after a rotation or client seed change (games refresh their history)
  collapsible?: boolean; // a <details> under a game; a titled section otherwise
  className?: string;
}

/** The seed pair panel. */
export function SeedPairPanel({ version = 0, onChange, collapsible = false, className }: SeedPairPanelProps) {
  const [seeds, setSeeds] = useState<Seeds | null>(null);
  const [clientSeed, setClientSeed] = useState('');
  const [revealed, setRevealed] = useState<RevealedPair | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'rotate' | 'client' | null>(null);
  const titleId = useId();

  useEffect(() => {
    let live = true;
    getSeeds().then(
      (r) => {
        if (!live) return;
        setSeeds(r.data);
        setClientSeed((c) => c || r.data.client_seed);
      },
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [version]);

  const run = async (kind: 'rotate' | 'client', action: () => Promise<string>) => {
    setBusy(kind);
    try {
      setNotice(await action());
      setError(null);
      onChange?.();
    } catch (e) {
      setError(errorText(e));
      setNotice(null);
    } finally {
      setBusy(null);
    }
  };
  const rotate = () =>
    run('rotate', async () => {
      const r = await rotateSeeds();
      setRevealed(r.data.previous);
      setSeeds((s) => (s ? { ...s, ...r.data.current, previous: [r.data.previous, ...s.previous] } : s));
      return 'Seed pair rotated: the old server seed is revealed below.';
    });
  const changeClientSeed = () =>
    run('client', async () => {
      const r = await submitClientSeed(clientSeed.trim());
      setSeeds(r.data);
      setClientSeed(r.data.client_seed);
      return 'Client seed changed.';
    });

  const body = seeds ? (
    <>
      <dl className="seed-pair-facts">
        <dt>Active server seed (SHA-256)</dt>
        <dd data-testid="server-seed-hash">{seeds.server_seed_hash}</dd>
        <dt>Next server seed (SHA-256)</dt>
        <dd data-testid="next-server-seed-hash">{seeds.next_server_seed_hash}</dd>
        <dt>Active client seed</dt>
        <dd data-testid="client-seed">{seeds.client_seed}</dd>
        <dt>Nonce (bets with this pair)</dt>
        <dd data-testid="nonce">{seeds.nonce}</dd>
      </dl>
      <form className="seed-pair-form" onSubmit={onFormSubmit(changeClientSeed)}>
        <label>
          Client seed
          <input
            name="client_seed"
            value={clientSeed}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setClientSeed(e.target.value)}
          />
        </label>
        <div className="seed-pair-actions">
          <Button type="submit" variant="outline" size="sm" loading={busy === 'client'} disabled={busy !== null}>
            Change client seed
          </Button>
          <Button variant="outline" size="sm" loading={busy === 'rotate'} disabled={busy !== null} onClick={rotate}>
            Rotate seed
          </Button>
        </div>
      </form>
      {revealed && (
        <p data-testid="revealed-seed">
          Revealed server seed: <code>{revealed.server_seed}</code> ({revealed.nonce} bets)
        </p>
      )}
      {notice && (
        <p className="muted" role="status">
          {notice}
        </p>
      )}
      <RevealedHistory pairs={seeds.previous} />
    </>
  ) : (
    !error && <p className="muted">Loading...</p>
  );
  const content = (
    <>
      {body}
      {error && <p role="alert">{error}</p>}
    </>
  );
  const classes = ['seed-pair-panel', className].filter(Boolean).join(' ');
  if (collapsible)
    return (
      <details className={classes} aria-label="Fairness" data-testid="seed-pair-panel">
        <summary>Fairness: your seeds</summary>
        {content}
      </details>
    );
  return (
    <section className={classes} aria-labelledby={titleId} data-testid="seed-pair-panel">
      <h2 id={titleId}>Fairness: your seeds</h2>
      {content}
    </section>
  );
}

/** The revealed (rotated) pairs, newest first. */
function RevealedHistory({ pairs }: { pairs: readonly RevealedPair[] }) {
  return (
    <div className="seed-pair-history">
      <h3>Revealed seed pairs</h3>
      {pairs.length === 0 ? (
        <p className="muted">None yet: rotate the pair to reveal its server seed.</p>
      ) : (
        <ol data-testid="seed-history">
          {pairs.map((p) => (
            <li key={p.server_seed_hash} data-testid="seed-history-row">
              <span className="muted">
                {p.revealed_at ? formatDateTime(new Date(p.revealed_at)) : 'Revealed'} · {p.nonce} bets · client seed{' '}
                <code>{p.client_seed}</code>
              </span>
              <span>
                Server seed <code data-testid="seed-history-seed">{p.server_seed}</code>
              </span>
              <span className="muted">
                Hash <code>{p.server_seed_hash}</code>
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
