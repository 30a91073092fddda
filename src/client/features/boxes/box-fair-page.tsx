// /boxes/provably-fair: explains how a box reel is decided and recomputes one in the browser with
// the shared fair code; the item comes from that opening's own box version (old versions stay
// served), so a changed box never changes an old result. History rows link here prefilled.
import { Link } from 'react-router';
import { ApiError, errorText } from '../../lib/api.ts';
import { getBoxVersion } from '../../lib/api/boxes.ts';
import { CommitmentNote } from '../../components/fair/commitment-note.tsx';
import { FairResult } from '../../components/fair/fair-result.tsx';
import { SeedForm, useSeedForm, type SeedField } from '../../components/fair/seed-form.tsx';
import { computeTicket, itemForTicket, type BoxFairForm } from './box-fair-compute.ts';
import { ItemTile } from './item-tile.tsx';
import { useApiData } from '../../lib/use-api-data.ts';
import './boxes.css';

const fields: SeedField<keyof BoxFairForm>[] = [
  ['server_seed', 'Server seed (revealed)'],
  ['server_seed_hash', 'Server seed hash (optional, to check the commitment)'],
  ['client_seed', 'Client seed'],
  ['nonce', 'Nonce'],
  ['box', 'Box (slug)'],
  ['version', 'Box version'],
];

/** The box verify page. */
export default function BoxFairPage() {
  const [form, set] = useSeedForm<BoxFairForm>({
    server_seed: '',
    server_seed_hash: '',
    client_seed: '',
    nonce: '0',
    box: '',
    version: '1',
  });
  const box = form.box.trim();
  const versionOk = /^[1-9]\d{0,5}$/.test(form.version.trim());
  const valid = /^[a-z0-9-]{1,64}$/.test(box) && versionOk;
  const { data, error } = useApiData(getBoxVersion, valid ? [box, form.version.trim()] : null);
  const version =
    valid && data?.data.box.slug === box && String(data.data.version) === form.version.trim() ? data.data : null;
  const result = computeTicket(form);
  const won = version && 'ticket' in result ? itemForTicket(version.items, result.ticket) : undefined;

  return (
    <section className="page fair-page" data-testid="box-fair-page">
      <h1>Boxes — provably fair</h1>
      <p>
        Every reel of a box opening is a separate bet on your seed pair: a <strong>server seed</strong> (64 hex
        characters from a secure random generator; you see its SHA-256 hash before it is used), your{' '}
        <strong>client seed</strong> (change it whenever you like) and a <strong>nonce</strong> that counts your bets on
        the pair. Opening ×3 uses nonces n, n+1 and n+2. Rotating the pair reveals the server seed, so you can check
        every opening made with it. See the <Link to="/provably-fair">general explanation</Link>.
      </p>
      <ol>
        <li>
          Bytes: HMAC-SHA256 with the server seed (as text) as key and <code>clientSeed:nonce:0</code> as message.
        </li>
        <li>Float: the first 4 bytes b0…b3 give f = b0/256 + b1/256² + b2/256³ + b3/256⁴, a number in [0, 1).</li>
        <li>Ticket: floor(f × 100000) + 1, a whole number from 1 to 100,000.</li>
        <li>
          Item: each item of the box version owns a contiguous range of tickets (its chance = tickets / 100,000); the
          ticket lands on the item whose range holds it. Changing a box’s items makes a new version; old openings keep
          verifying against the version they were rolled on.
        </li>
      </ol>

      <SeedForm label="Verify a box opening" fields={fields} form={form} onChange={set} />
      <CommitmentNote serverSeed={form.server_seed} hash={form.server_seed_hash} before="the openings" />
      <FairResult result={result}>
        {(r) => (
          <p>
            Ticket <strong data-testid="box-fair-ticket">{r.ticket}</strong> of 100,000
          </p>
        )}
      </FairResult>
      {valid && error && (
        <p className="notice notice-error" role="alert">
          {error instanceof ApiError && error.status === 404 ? 'No such box version.' : errorText(error)}
        </p>
      )}
      {version && (
        <>
          <h2>
            {version.box.name} — version {version.version}
            {!version.current && <span className="muted"> (an older version)</span>}
          </h2>
          {won && (
            <div data-testid="box-fair-item" data-item-id={won.id} data-item-slug={won.slug}>
              <p>The ticket lands on:</p>
              <ItemTile product={won} testId="box-fair-won">
                <span className="muted">
                  #{won.ticket_from.toLocaleString('en-US')}–{won.ticket_to.toLocaleString('en-US')}
                </span>
              </ItemTile>
            </div>
          )}
          <table className="fair-ranges">
            <thead>
              <tr>
                <th>Item</th>
                <th>Tickets</th>
                <th>Range</th>
              </tr>
            </thead>
            <tbody>
              {version.items.map((it) => (
                <tr key={it.id} data-testid="fair-range" className={it === won ? 'win' : undefined}>
                  <td>{it.name}</td>
                  <td>{it.tickets.toLocaleString('en-US')}</td>
                  <td>
                    {it.ticket_from.toLocaleString('en-US')}–{it.ticket_to.toLocaleString('en-US')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
