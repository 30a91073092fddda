// /bounce/provably-fair: how a drop's path is derived, and any drop recomputed in the browser with
// the shared code the server uses. History rows link here prefilled.
import { useMemo } from 'react';
import { CommitmentNote } from '../../components/fair/commitment-note.tsx';
import { FairResult } from '../../components/fair/fair-result.tsx';
import { SeedForm, useSeedForm, type SeedField } from '../../components/fair/seed-form.tsx';
import { computePlinkoFair, type PlinkoFairForm } from './plinko-fair.ts';

const fields: SeedField<keyof PlinkoFairForm>[] = [
  ['server_seed', 'Server seed'],
  ['client_seed', 'Client seed'],
  ['nonce', 'Nonce'],
  ['rows', 'Rows (8–16)'],
  ['risk', 'Risk (low/medium/high)'],
  ['server_seed_hash', 'Server seed hash (optional, to check the commitment)'],
];

/** The provably-fair page of Bounce. */
export default function PlinkoFairPage() {
  const [form, set] = useSeedForm<PlinkoFairForm>({
    server_seed: '',
    server_seed_hash: '',
    client_seed: '',
    nonce: '0',
    rows: '16',
    risk: 'medium',
  });
  const result = useMemo(() => computePlinkoFair(form), [form]);

  return (
    <section className="page fair-page">
      <h1>Bounce — provably fair</h1>
      <p>
        Every drop comes from your seed pair — the same pair and nonce sequence as dice: a <strong>server seed</strong>{' '}
        whose SHA-256 hash you see before playing, your <strong>client seed</strong> and a <strong>nonce</strong> that
        counts your bets. Rotating the pair reveals the server seed so you can recompute every drop.
      </p>
      <ol>
        <li>
          Bytes: HMAC-SHA256(key = server seed as text, message = <code>clientSeed:nonce:round</code>), 32 bytes per
          round; 16 rows use rounds 0 and 1.
        </li>
        <li>Floats: each 4 bytes b0…b3 give b0/256 + b1/256² + b2/256³ + b3/256⁴, in [0, 1). One float per row.</li>
        <li>Direction per row: floor(float × 2) — 0 is left (L), 1 is right (R). The path is read top to bottom.</li>
        <li>
          Bucket = the number of rights (0 is the leftmost). The multiplier is Stake's table for the rows and risk.
        </li>
        <li>
          The ball on the board is then steered by real physics into exactly that bucket: the animation never decides.
        </li>
      </ol>
      <SeedForm label="Verify a drop" fields={fields} form={form} onChange={set} />
      <CommitmentNote serverSeed={form.server_seed} hash={form.server_seed_hash} before="the drops" />
      <FairResult result={result}>
        {(r) => (
          <>
            <p>
              Path <strong data-testid="fair-path">{String(r.path)}</strong>, bucket{' '}
              <strong data-testid="fair-bucket">{String(r.bucket)}</strong>, multiplier{' '}
              <strong data-testid="fair-multiplier">{String(r.multiplier)}×</strong>
            </p>
            <pre>{JSON.stringify(r, null, 2)}</pre>
          </>
        )}
      </FairResult>
    </section>
  );
}
