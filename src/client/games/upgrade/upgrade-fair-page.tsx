// /upgrade/provably-fair: explains the upgrade roll and recomputes one from pasted seeds and the
// chance in the browser with the same shared code the server uses. History links prefill it.
import { useMemo } from 'react';
import { Link } from 'react-router';
import {
  bpToPercent,
  UPGRADE_EDGE_BP,
  UPGRADE_MAX_CHANCE_BP,
  UPGRADE_MIN_CHANCE_BP,
} from '../../../shared/games/upgrade/upgrade.odds.ts';
import { CommitmentNote } from '../../components/fair/commitment-note.tsx';
import { FairResult } from '../../components/fair/fair-result.tsx';
import { SeedForm, useSeedForm, type SeedField } from '../../components/fair/seed-form.tsx';
import { computeUpgradeFair, type UpgradeFairForm } from './upgrade-fair.ts';
import './upgrade.css';

const FIELDS: SeedField<keyof UpgradeFairForm>[] = [
  ['server_seed', 'Server seed'],
  ['client_seed', 'Client seed'],
  ['nonce', 'Nonce'],
  ['chance', 'Chance (%)'],
  ['server_seed_hash', 'Server seed hash (optional, to check the commitment)'],
];

/** The upgrade provably-fair page. */
export default function UpgradeFairPage() {
  const [form, set] = useSeedForm<UpgradeFairForm>({
    server_seed: '',
    server_seed_hash: '',
    client_seed: '',
    nonce: '0',
    chance: '50',
  });
  const result = useMemo(() => computeUpgradeFair(form), [form]);

  return (
    <section className="page fair-page">
      <h1>Upgrade — provably fair</h1>
      <p>
        Every upgrade is one bet on your seed pair: a <strong>server seed</strong> whose SHA-256 hash you see before you
        play, your <strong>client seed</strong> and a <strong>nonce</strong> that counts your bets on the pair (dice,
        boxes and upgrades share it). Rotating the pair reveals the server seed so you can recompute every upgrade made
        with it.
      </p>
      <ol>
        <li>
          Bytes: HMAC-SHA256 with the server seed (as text) as key and <code>clientSeed:nonce:0</code> as message.
        </li>
        <li>Float: the first 4 bytes b0…b3 give f = b0/256 + b1/256² + b2/256³ + b3/256⁴, in [0, 1).</li>
        <li>
          Roll = f × 100. You win when the roll is <strong>below</strong> the chance.
        </li>
        <li>
          Chance = stake value ÷ target price × (1 − {bpToPercent(UPGRADE_EDGE_BP)}%), rounded down to 0.01%, at most{' '}
          {bpToPercent(UPGRADE_MAX_CHANCE_BP)}%; upgrades below {bpToPercent(UPGRADE_MIN_CHANCE_BP)}% are refused. The
          staked items are used up whatever the result.
        </li>
      </ol>
      <p>
        The same result comes from the command line:{' '}
        <code>npm run --silent verify -- upgrade --server-seed S --client-seed C --nonce N --chance P</code>.{' '}
        <Link to="/upgrade">Back to Upgrade</Link>
      </p>
      <SeedForm label="Verify an upgrade" fields={FIELDS} form={form} onChange={set} />
      <CommitmentNote serverSeed={form.server_seed} hash={form.server_seed_hash} before="the upgrade" />
      <FairResult result={result} />
    </section>
  );
}
