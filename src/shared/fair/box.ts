// Boxes and upgrades (ours): ticket = floor(f0 × 100000) + 1 in 1 … 100000 against a box
// version's contiguous ranges; upgrade roll = f0 × 100, win iff roll < chance (%). Several reels
// of one opening are separate bets, each with its own nonce.
import { floats, type SeedInput } from './bytes.ts';

/** Tickets per box: 1 … BOX_TICKETS. */
export const BOX_TICKETS = 100000;

/** One prize's inclusive ticket range. */
export interface TicketRange {
  from: number;
  to: number;
}

/** The ticket for a float. */
export function ticketFromFloat(f: number): number {
  return Math.floor(f * BOX_TICKETS) + 1;
}

/** The ticket of a bet. */
export function boxTicket(input: SeedInput): number {
  return ticketFromFloat(floats(input, 1)[0]!);
}

/** Index of the range holding `ticket`, or -1. */
export function rangeIndexForTicket(ranges: readonly TicketRange[], ticket: number): number {
  return ranges.findIndex((r) => ticket >= r.from && ticket <= r.to);
}

/** Why ranges do not tile 1 … BOX_TICKETS contiguously, or null when they do. */
export function ticketRangesError(ranges: readonly TicketRange[]): string | null {
  let next = 1;
  for (const r of ranges) {
    if (!Number.isInteger(r.from) || !Number.isInteger(r.to) || r.from !== next || r.to < r.from)
      return `range ${r.from}-${r.to} must start at ${next}`;
    next = r.to + 1;
  }
  return next === BOX_TICKETS + 1 ? null : `ranges end at ${next - 1}, not ${BOX_TICKETS}`;
}

/** Ranges for integer weights (tickets per item), in order. */
export function rangesFromTickets(tickets: readonly number[]): TicketRange[] {
  let from = 1;
  return tickets.map((t) => {
    const r = { from, to: from + t - 1 };
    from += t;
    return r;
  });
}

/** The upgrade roll in [0, 100) of a bet. */
export function upgradeRoll(input: SeedInput): number {
  return floats(input, 1)[0]! * 100;
}

/** Whether an upgrade with `chance` % wins. */
export function upgradeWins(input: SeedInput, chance: number): boolean {
  return upgradeRoll(input) < chance;
}
