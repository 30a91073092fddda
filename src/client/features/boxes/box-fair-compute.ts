// Recomputes a box reel from the verify form with the shared outcome the server uses
// (boxes.outcome.ts): ticket = floor(f0 × 100000) + 1, then the range of the box version that holds it.
import { rangeIndexForTicket } from '../../../shared/games/boxes/boxes.odds.ts';
import { boxOutcome } from '../../../shared/games/boxes/boxes.outcome.ts';

/** The verify form's raw fields. */
export interface BoxFairForm {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: string;
  box: string; // slug
  version: string;
}

/** The ticket, or why it cannot be computed yet. */
export function computeTicket(f: BoxFairForm): { ticket: number } | { error: string } {
  if (!f.server_seed.trim()) {
    return {
      error: f.server_seed_hash
        ? 'This seed pair is still active: rotate your seed pair to reveal the server seed, then verify.'
        : 'Enter the revealed server seed.',
    };
  }
  if (!f.client_seed) return { error: 'Enter the client seed.' };
  if (!/^\d{1,15}$/.test(f.nonce.trim())) return { error: 'The nonce is a whole number.' };
  return boxOutcome({ serverSeed: f.server_seed.trim(), clientSeed: f.client_seed, nonce: Number(f.nonce.trim()) });
}

/** The item whose inclusive range holds `ticket`, or undefined. */
export function itemForTicket<T extends { ticket_from: number; ticket_to: number }>(
  items: readonly T[],
  ticket: number,
): T | undefined {
  return items[
    rangeIndexForTicket(
      items.map((i) => ({ from: i.ticket_from, to: i.ticket_to })),
      ticket,
    )
  ];
}
