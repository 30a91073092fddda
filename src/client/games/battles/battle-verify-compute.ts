// The Verify panel's computation for an ended battle, in the browser with the shared outcome code the
// server used (shared/games/battles/battle.outcome.ts): the server seed against its commitment, the box
// list against boxes_hash, the public seed from the seats' client seeds, every drop's ticket and item
// from that round's box version ranges, and the winners.
import type { Battle } from '../../../shared/api/battles.ts';
import type { VersionItem } from '../../../shared/api/box-fair.ts';
import { verifyCommitment } from '../../../shared/fair/index.ts';
import { rangeIndexForTicket } from '../../../shared/games/boxes/boxes.odds.ts';
import {
  battleBoxesHash,
  battlePublicSeed,
  battleTicket,
  battleWinners,
} from '../../../shared/games/battles/battle.outcome.ts';

/** One recomputed drop. */
export interface VerifiedDrop {
  round: number;
  seat: number;
  ticket: number; // recomputed
  itemId: number | null; // the item whose range holds the ticket (null while the version is not loaded)
  ok: boolean; // ticket and item equal what the battle shows
}

/** The whole check. */
export interface BattleVerification {
  serverSeedOk: boolean;
  boxesHashOk: boolean;
  publicSeedOk: boolean;
  drops: VerifiedDrop[];
  winners: number[] | null; // recomputed (null while a version is not loaded)
  winnersOk: boolean;
}

/** Recomputes an ended battle; `versions` holds each "slug@version"'s items with their ranges. */
export function verifyBattle(
  b: Battle,
  versions: ReadonlyMap<string, readonly VersionItem[]>,
): BattleVerification | null {
  if (b.server_seed === null || b.public_seed === null) return null;
  const serverSeed = b.server_seed;
  const publicSeed = b.public_seed;
  const drops: VerifiedDrop[] = [];
  const values: number[][] = [];
  let complete = true;
  b.boxes.forEach((box, round) => {
    const items = versions.get(`${box.slug}@${box.version}`);
    const row: number[] = [];
    for (const seat of b.seats) {
      const ticket = battleTicket({ serverSeed, publicSeed, round, seat: seat.seat });
      const item =
        items?.[
          rangeIndexForTicket(
            items.map((i) => ({ from: i.ticket_from, to: i.ticket_to })),
            ticket,
          )
        ];
      const shown = seat.drops.find((d) => d.round === round);
      const ok = !!shown && shown.ticket === ticket && shown.item.id === item?.id;
      if (!item) complete = false;
      row.push(Math.round((ok ? shown.item.price : (item?.price ?? 0)) * 100)); // the value the battle counted
      drops.push({ round, seat: seat.seat, ticket, itemId: item?.id ?? null, ok });
    }
    values.push(row);
  });
  const winners = complete ? battleWinners(b, values, { serverSeed, publicSeed }).winners : null;
  return {
    serverSeedOk: verifyCommitment(serverSeed, b.server_seed_hash),
    boxesHashOk: battleBoxesHash(b.boxes) === b.boxes_hash,
    publicSeedOk:
      battlePublicSeed(
        b.id,
        b.seats.map((s) => s.client_seed ?? ''),
      ) === publicSeed,
    drops,
    winners,
    winnersOk: winners !== null && JSON.stringify(winners) === JSON.stringify(b.winners),
  };
}
