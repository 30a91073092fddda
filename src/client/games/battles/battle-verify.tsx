// The Verify panel of an ended battle: the seeds, and every drop recomputed in the browser
// (battle-verify.ts) beside what the battle showed, with a verdict per check.
import { useState } from 'react';
import type { Battle } from '../../../shared/api/battles.ts';
import type { VersionItem } from '../../../shared/api/box-fair.ts';
import { verifyBattle } from './battle-verify-compute.ts';

const mark = (ok: boolean) => (ok ? '✔' : '✘');

/** The panel (closed until opened: the computation runs on demand). */
export function BattleVerify({
  battle,
  versions,
}: {
  battle: Battle;
  versions: ReadonlyMap<string, readonly VersionItem[]>;
}) {
  const [open, setOpen] = useState(false);
  const v = open ? verifyBattle(battle, versions) : null;
  const allOk = !!v && v.serverSeedOk && v.boxesHashOk && v.publicSeedOk && v.winnersOk && v.drops.every((d) => d.ok);
  return (
    <details
      className="panel battle-verify"
      data-testid="battle-verify"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>Verify this battle</summary>
      <p className="muted">
        Ticket of round r, seat s = floor(f × 100000) + 1, f = the first 4 bytes of HMAC-SHA256(server seed, "public
        seed:r:s"); the public seed is SHA-256 of "battle id:client seed of seat 0:…".
      </p>
      <dl>
        <dt>Server seed</dt>
        <dd>
          <code data-testid="verify-server-seed">{battle.server_seed}</code> {v && mark(v.serverSeedOk)}
        </dd>
        <dt>Server seed hash</dt>
        <dd>
          <code>{battle.server_seed_hash}</code>
        </dd>
        <dt>Boxes hash</dt>
        <dd>
          <code>{battle.boxes_hash}</code> {v && mark(v.boxesHashOk)}
        </dd>
        <dt>Public seed</dt>
        <dd>
          <code>{battle.public_seed}</code> {v && mark(v.publicSeedOk)}
        </dd>
        <dt>Client seeds</dt>
        <dd>
          {battle.seats.map((s) => (
            <code key={s.seat}>
              {s.seat}: {s.client_seed}{' '}
            </code>
          ))}
        </dd>
      </dl>
      {v && (
        <>
          <p data-testid="verify-verdict" data-ok={allOk}>
            {allOk
              ? 'Every drop and the winners match the seeds.'
              : 'Some results do not match (or a box version is still loading).'}{' '}
            Winners: {v.winners?.join(', ') ?? '…'} {mark(v.winnersOk)}
          </p>
          <table>
            <thead>
              <tr>
                <th>Round</th>
                <th>Seat</th>
                <th>Ticket</th>
                <th>Item</th>
                <th>Match</th>
              </tr>
            </thead>
            <tbody>
              {v.drops.map((d) => (
                <tr key={`${d.round}:${d.seat}`} data-testid="verify-row" data-ok={d.ok}>
                  <td>{d.round + 1}</td>
                  <td>{d.seat}</td>
                  <td>{d.ticket}</td>
                  <td>
                    {versions
                      .get(`${battle.boxes[d.round]!.slug}@${battle.boxes[d.round]!.version}`)
                      ?.find((i) => i.id === d.itemId)?.name ?? '…'}
                  </td>
                  <td>{mark(d.ok)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </details>
  );
}
