// /wheel/provably-fair: how a Crazy Wheel round's segment is fixed, the day seeds (hash and public
// seed before the day, the server seed the day after) and a form that recomputes any round in the
// browser with the shared outcome function the server uses.
import { useMemo } from 'react';
import { CommitmentNote } from '../../components/fair/commitment-note.tsx';
import { SeedForm, useSeedForm, type SeedField } from '../../components/fair/seed-form.tsx';
import { useApiData } from '../../lib/use-api-data.ts';
import { getWheelSeeds } from '../../lib/api/wheel.ts';
import { verifyOutcome } from '../../../shared/games/verify.ts';
import './wheel.css';

type Form = { server_seed: string; public_seed: string; round: string; server_seed_hash: string };
interface DaySeed {
  date: string;
  server_seed_hash: string;
  public_seed: string;
  server_seed: string | null;
}

const fields: SeedField<keyof Form>[] = [
  ['server_seed', "The day's server seed (revealed the next day)"],
  ['public_seed', "The day's public seed"],
  ['round', 'Round id'],
  ['server_seed_hash', 'Server seed hash (optional, to check the commitment)'],
];

/** The round's outcome from the form, or a message saying what is missing. */
function compute(form: Form): Record<string, unknown> | string {
  if (!form.server_seed.trim() || !form.public_seed.trim()) return 'Enter the server seed and the public seed.';
  if (!/^\d{1,15}$/.test(form.round.trim())) return 'The round id is a whole number.';
  return verifyOutcome({
    game: 'wheel',
    serverSeed: form.server_seed.trim(),
    publicSeed: form.public_seed.trim(),
    round: Number(form.round.trim()),
  });
}

/** The page. */
export default function WheelFairPage() {
  const [form, set] = useSeedForm<Form>({ server_seed: '', public_seed: '', round: '', server_seed_hash: '' });
  const seeds = useApiData(getWheelSeeds, []).data?.data ?? [];
  const result = useMemo(() => compute(form), [form]);
  const use = (s: DaySeed) => {
    set('server_seed', s.server_seed ?? '');
    set('public_seed', s.public_seed);
    set('server_seed_hash', s.server_seed_hash);
  };

  return (
    <section className="page fair-page wheel-fair-page">
      <h1>Crazy Wheel — provably fair</h1>
      <p>
        Every round of a UTC day is drawn from that day's <strong>server seed</strong> (64 hex characters from a secure
        random generator) and its <strong>public seed</strong>. Both the SHA-256 hash of the server seed and the public
        seed are published before the day starts; the server seed is revealed once the day is over, so you can check
        every round of that day.
      </p>
      <ol>
        <li>
          Bytes: HMAC-SHA256 with the server seed (as text) as key and <code>public_seed:round_id:0</code> as message.
        </li>
        <li>The first 4 bytes b0…b3 give f0 = b0/256 + b1/256² + b2/256³ + b3/256⁴, a number in [0, 1).</li>
        <li>
          Segment = floor(f0 × 54), counted clockwise from the pointer on the published layout: grey ×2 (26 segments),
          red ×3.05 (17), blue ×5.2 (10), gold ×52 (1). A win pays amount × multiplier, floored to the cent.
        </li>
      </ol>
      <p>
        From the command line: <code>npm run --silent verify -- wheel --server-seed S --public-seed P --round N</code>
      </p>
      <h2>Day seeds</h2>
      <table className="wheel-seeds" data-testid="wheel-seeds">
        <thead>
          <tr>
            <th>Day (UTC)</th>
            <th>Server seed hash</th>
            <th>Public seed</th>
            <th>Server seed</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {seeds.map((s) => (
            <tr key={s.date}>
              <td>{s.date}</td>
              <td className="mono">{s.server_seed_hash}</td>
              <td className="mono">{s.public_seed}</td>
              <td className="mono">{s.server_seed ?? 'revealed after the day'}</td>
              <td>
                <button type="button" className="link" onClick={() => use(s)}>
                  Use
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Verify a round</h2>
      <SeedForm label="Verify a round" fields={fields} form={form} onChange={set} />
      {form.server_seed && form.server_seed_hash && (
        <CommitmentNote serverSeed={form.server_seed.trim()} hash={form.server_seed_hash.trim()} before="the day" />
      )}
      {typeof result === 'string' ? (
        <p className="muted">{result}</p>
      ) : (
        <pre data-testid="fair-result">{JSON.stringify(result)}</pre>
      )}
    </section>
  );
}
