// The player's seed pair on the dice page: server seed hash, next hash, client seed (editable),
// nonce, and "Rotate seed" which reveals the current server seed.
import { useEffect, useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import type { RotateResult, Seeds } from '../../../shared/api/fair.ts';

/** Props: `version` refetches after bets; onRotated tells the page to refresh history. */
export function DiceSeeds({ version, onRotated }: { version: number; onRotated(): void }) {
  const [seeds, setSeeds] = useState<Seeds | null>(null);
  const [clientSeed, setClientSeed] = useState('');
  const [revealed, setRevealed] = useState<RotateResult['previous'] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api<{ data: Seeds }>('GET', '/api/fair/seeds').then(
      (r) => {
        setSeeds(r.data);
        setClientSeed((c) => c || r.data.client_seed);
      },
      (e: unknown) => setError(errorText(e)),
    );
  }, [version]);

  const rotate = async () => {
    try {
      const r = await api<{ data: RotateResult }>('POST', '/api/fair/rotate', {});
      setRevealed(r.data.previous);
      setSeeds((s) => (s ? { ...s, ...r.data.current, previous: [r.data.previous, ...s.previous] } : s));
      setError(null);
      onRotated();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const saveClientSeed = async () => {
    try {
      const r = await api<{ data: Seeds }>('POST', '/api/fair/client-seed', { client_seed: clientSeed });
      setSeeds(r.data);
      setError(null);
      onRotated();
    } catch (e) {
      setError(errorText(e));
    }
  };

  if (!seeds) return error ? <p className="muted">{error}</p> : null;
  return (
    <details className="dice-seeds" aria-label="Fairness">
      <summary>Fairness: your seeds</summary>
      <dl>
        <dt>Active server seed (SHA-256)</dt>
        <dd data-testid="server-seed-hash">{seeds.server_seed_hash}</dd>
        <dt>Next server seed (SHA-256)</dt>
        <dd>{seeds.next_server_seed_hash}</dd>
        <dt>Nonce (bets with this pair)</dt>
        <dd data-testid="nonce">{seeds.nonce}</dd>
      </dl>
      <label>
        Client seed
        <input name="client_seed" value={clientSeed} maxLength={64} onChange={(e) => setClientSeed(e.target.value)} />
      </label>
      <button type="button" onClick={saveClientSeed}>
        Change client seed
      </button>
      <button type="button" onClick={rotate}>
        Rotate seed
      </button>
      {revealed && (
        <p data-testid="revealed-seed">
          Revealed server seed: <code>{revealed.server_seed}</code> ({revealed.nonce} bets)
        </p>
      )}
      {error && <p role="alert">{error}</p>}
    </details>
  );
}
