// /dice/provably-fair: explains the scheme and recomputes any dice, plinko, wheel or crash result
// in the browser with the same shared code the server uses. Bet links prefill the form.
import { useMemo } from 'react';
import { CommitmentNote } from '../../components/fair/commitment-note.tsx';
import { FairResult } from '../../components/fair/fair-result.tsx';
import { SeedForm, useSeedForm, type SeedField } from '../../components/fair/seed-form.tsx';
import { computeFair, FAIR_GAMES, type FairForm } from './fair-compute.ts';

const fields: Record<string, SeedField<keyof FairForm>[]> = {
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
  'segment-wheel': [
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

const hashField: SeedField<keyof FairForm> = [
  'server_seed_hash',
  'Server seed hash (optional, to check the commitment)',
];

/** The provably-fair page. */
export default function DiceFairPage() {
  const [form, set] = useSeedForm<FairForm>(
    {
      game: 'dice',
      server_seed: '',
      server_seed_hash: '',
      client_seed: '',
      nonce: '0',
      target: '50.50',
      direction: 'over',
      rows: '16',
      risk: 'medium',
      segments: '10',
      hash: '',
      salt: '',
    },
    { game: (g) => (FAIR_GAMES as readonly string[]).includes(g) },
  );
  const result = useMemo(() => computeFair(form), [form]);

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

      <SeedForm
        label="Verify a result"
        fields={[...fields[form.game]!, ...(form.game !== 'crash' ? [hashField] : [])]}
        form={form}
        onChange={set}
      >
        <label>
          Game
          <select name="game" value={form.game} onChange={(e) => set('game', e.target.value)}>
            {FAIR_GAMES.map((g) => (
              <option key={g}>{g}</option>
            ))}
          </select>
        </label>
      </SeedForm>
      <CommitmentNote serverSeed={form.server_seed} hash={form.server_seed_hash} before="the bets" />
      <FairResult result={result} />
    </section>
  );
}
