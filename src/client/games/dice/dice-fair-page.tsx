// /dice/provably-fair: explains the scheme and recomputes any dice, plinko, wheel or crash result
// in the browser with the same shared code the server uses. Bet links prefill the form.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CommitmentNote } from '../../components/fair/commitment-note.tsx';
import { computeFair, FAIR_GAMES, type FairForm } from './fair-compute.ts';

const fields: Record<string, [keyof FairForm, string][]> = {
  dice: [
    ['server_seed', 'Server seed'],
    ['client_seed', 'Client seed'],
    ['nonce', 'Nonce'],
    ['target', 'Target'],
    ['direction', 'Direction (over/under)'],
  ],
  plinko: [
    ['server_seed', 'Server seed'],
    ['client_seed', 'Client seed'],
    ['nonce', 'Nonce'],
    ['rows', 'Rows (8–16)'],
    ['risk', 'Risk (low/medium/high)'],
  ],
  wheel: [
    ['server_seed', 'Server seed'],
    ['client_seed', 'Client seed'],
    ['nonce', 'Nonce'],
    ['segments', 'Segments (10–50)'],
    ['risk', 'Risk (low/medium/high)'],
  ],
  crash: [
    ['hash', 'Game hash'],
    ['salt', 'Salt'],
  ],
};

/** The provably-fair page. */
export default function DiceFairPage() {
  const [params] = useSearchParams();
  const [form, setForm] = useState<FairForm>(() => ({
    game: (FAIR_GAMES as readonly string[]).includes(params.get('game') ?? '')
      ? (params.get('game') as FairForm['game'])
      : 'dice',
    server_seed: params.get('server_seed') ?? '',
    server_seed_hash: params.get('server_seed_hash') ?? '',
    client_seed: params.get('client_seed') ?? '',
    nonce: params.get('nonce') ?? '0',
    target: params.get('target') ?? '50.50',
    direction: params.get('direction') ?? 'over',
    rows: params.get('rows') ?? '16',
    risk: params.get('risk') ?? 'medium',
    segments: params.get('segments') ?? '10',
    hash: params.get('hash') ?? '',
    salt: params.get('salt') ?? '',
  }));
  const result = useMemo(() => computeFair(form), [form]);
  const set = (k: keyof FairForm) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm({ ...form, [k]: e.target.value });

  return (
    <section className="page fair-page">
      <h1>Dice — provably fair</h1>
      <p>
        Every result comes from three inputs fixed before you bet: a <strong>server seed</strong> (64 hex characters
        from a secure random generator; you see its SHA-256 hash before it is used), your <strong>client seed</strong>{' '}
        (you can change it at any time) and a <strong>nonce</strong> that counts your bets on the pair. The next server
        seed's hash is shown before you can change your client seed, so we cannot pick a server seed after seeing yours.
        Rotating the pair reveals the server seed, so you can check every bet made with it.
      </p>
      <ol>
        <li>
          Bytes: HMAC-SHA256 with the server seed (as text) as key and <code>clientSeed:nonce:round</code> as message
          gives 32 bytes per round.
        </li>
        <li>Floats: each 4 bytes b0…b3 give b0/256 + b1/256² + b2/256³ + b3/256⁴, a number in [0, 1).</li>
        <li>
          Dice: roll = floor(float × 10001) / 100, from 0.00 to 100.00. “Over” wins when the roll is above the target,
          “under” when below. Payout multiplier = 99 / win chance (a 1% edge).
        </li>
        <li>
          Plinko: one float per row; floor(float × 2) is 0 (left) or 1 (right); the bucket is the number of rights.
        </li>
        <li>Wheel: segment = floor(float × segments).</li>
        <li>
          Crash: HMAC-SHA256(game hash, salt); the first 8 hex characters as a number n give floor(max(1, 2³² / (n + 1)
          × 0.99) × 100) / 100.
        </li>
      </ol>
      <p>
        This is the same scheme Stake publishes, so any independent Stake verifier gives the same dice, plinko and wheel
        results.
      </p>

      <form className="fair-form" aria-label="Verify a result" onSubmit={(e) => e.preventDefault()}>
        <label>
          Game
          <select name="game" value={form.game} onChange={set('game')}>
            {FAIR_GAMES.map((g) => (
              <option key={g}>{g}</option>
            ))}
          </select>
        </label>
        {fields[form.game]!.map(([k, label]) => (
          <label key={k}>
            {label}
            <input name={k} value={form[k]} onChange={set(k)} />
          </label>
        ))}
        {form.game !== 'crash' && (
          <label>
            Server seed hash (optional, to check the commitment)
            <input name="server_seed_hash" value={form.server_seed_hash} onChange={set('server_seed_hash')} />
          </label>
        )}
      </form>
      <CommitmentNote serverSeed={form.server_seed} hash={form.server_seed_hash} before="the bets" />
      <output className="fair-result" data-testid="fair-result">
        {'error' in result ? (
          <span className="muted">{String(result.error)}</span>
        ) : (
          <pre>{JSON.stringify(result, null, 2)}</pre>
        )}
      </output>
    </section>
  );
}
