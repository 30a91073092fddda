// The box reel outcome: the one function the server, the verify CLI and the verify page call
// (fairness.md: ticket = floor(f0 × 100000) + 1, then the box version's range that holds it).
import { boxTicket, type SeedInput } from '../../fair/index.ts';
import { rangeIndexForTicket, type TicketRange } from './boxes.odds.ts';

/** The ticket of a reel (the box version not known yet: the CLI without --box). */
export function boxOutcome(seeds: SeedInput): { ticket: number };
/** The ticket of a reel and the index of the prize it wins in `ranges` (-1 outside every range). */
export function boxOutcome(seeds: SeedInput, ranges: readonly TicketRange[]): { ticket: number; index: number };
export function boxOutcome(
  seeds: SeedInput,
  ranges?: readonly TicketRange[],
): { ticket: number } | { ticket: number; index: number } {
  const ticket = boxTicket(seeds);
  return ranges ? { ticket, index: rangeIndexForTicket(ranges, ticket) } : { ticket };
}
