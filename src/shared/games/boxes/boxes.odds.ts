// Box odds as integer ticket ranges out of 100,000 and the price that follows from them.
// All money is integer cents; the expected value is kept as an exact rational until rounded.

/** Tickets per box version: a reel ticket is an integer in 1..TOTAL_TICKETS. */
export const TOTAL_TICKETS = 100_000;

/**
 * House edge in basis points: box price = expected value × (1 + 8%), rounded up to the cent.
 * A player's long-run return is therefore EV / price ≈ 1 / 1.08 ≈ 92.59%.
 */
export const HOUSE_EDGE_BP = 800;

/** One item of a box version with its ticket count. */
export interface OddsItem {
  tickets: number; // integer ≥ 1
  priceCents: number; // item price, integer cents
  salePriceCents: number; // instant sell-back value, integer cents
}

/** An item with its inclusive ticket range. */
export interface TicketRange {
  from: number; // first ticket, 1-based
  to: number; // last ticket, inclusive
}

/** Contiguous inclusive ranges from 1 for the given ticket counts, in order. */
export function ticketRanges(tickets: readonly number[]): TicketRange[] {
  let next = 1;
  return tickets.map((t) => {
    const range = { from: next, to: next + t - 1 };
    next += t;
    return range;
  });
}

/** Problems with a list of ranges: empty when they are contiguous integers covering exactly 1..100,000. */
export function rangeProblems(ranges: readonly TicketRange[]): string[] {
  const problems: string[] = [];
  if (ranges.length === 0) return ['A box needs at least one item.'];
  let expected = 1;
  ranges.forEach((r, i) => {
    if (!Number.isInteger(r.from) || !Number.isInteger(r.to)) problems.push(`Item ${i + 1}: tickets must be integers.`);
    else if (r.to < r.from) problems.push(`Item ${i + 1}: empty range ${r.from}–${r.to}.`);
    else if (r.from !== expected) problems.push(`Item ${i + 1}: starts at ${r.from}, expected ${expected}.`);
    expected = r.to + 1;
  });
  if (expected !== TOTAL_TICKETS + 1) problems.push(`Ranges end at ${expected - 1}, expected ${TOTAL_TICKETS}.`);
  return problems;
}

/** Splits 100,000 tickets in proportion to positive weights (largest remainder), at least 1 each. */
export function ticketsFromWeights(weights: readonly number[]): number[] {
  if (weights.length === 0 || weights.length > TOTAL_TICKETS) throw new Error('need 1..100000 weights');
  if (weights.some((w) => !(w > 0) || !Number.isFinite(w))) throw new Error('weights must be positive');
  const spare = TOTAL_TICKETS - weights.length; // each item gets 1 guaranteed ticket
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * spare);
  const tickets = exact.map((x) => Math.floor(x));
  let left = spare - tickets.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rem: x - Math.floor(x) })).sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) tickets[order[k]!.i]! += 1;
  return tickets.map((t) => t + 1);
}

/** Σ tickets × price: the expected value times 100,000, exact (integer cents × tickets). */
export function evNumerator(items: readonly Pick<OddsItem, 'tickets' | 'priceCents'>[]): bigint {
  return items.reduce((acc, it) => acc + BigInt(it.tickets) * BigInt(it.priceCents), 0n);
}

function roundDiv(num: bigint, den: bigint): number {
  return Number((num * 2n + den) / (2n * den)); // half up, non-negative inputs
}

/** Expected value of one opening in cents, rounded half up from the exact value. */
export function expectedValueCents(items: readonly Pick<OddsItem, 'tickets' | 'priceCents'>[]): number {
  return roundDiv(evNumerator(items), BigInt(TOTAL_TICKETS));
}

/** Expected instant sell-back value in cents (Σ chance × sale price), rounded half up. */
export function sellBackValueCents(items: readonly Pick<OddsItem, 'tickets' | 'salePriceCents'>[]): number {
  return roundDiv(
    items.reduce((acc, it) => acc + BigInt(it.tickets) * BigInt(it.salePriceCents), 0n),
    BigInt(TOTAL_TICKETS),
  );
}

/** Box price in cents: exact EV × (1 + edge), rounded UP to the cent so the edge is never below its value. */
export function boxPriceCents(
  items: readonly Pick<OddsItem, 'tickets' | 'priceCents'>[],
  edgeBp: number = HOUSE_EDGE_BP,
): number {
  if (!Number.isInteger(edgeBp) || edgeBp < 0) throw new Error('edge must be non-negative basis points');
  const num = evNumerator(items) * BigInt(10_000 + edgeBp);
  const den = BigInt(TOTAL_TICKETS) * 10_000n;
  return Number((num + den - 1n) / den);
}

/** A ticket count as a percentage with 3 decimals (1 ticket = 0.001%). */
export function chancePercent(tickets: number): number {
  return tickets / 1000;
}

/** Index of the range holding `ticket` (1..100,000), by binary search; -1 when outside. */
export function rangeIndexForTicket(ranges: readonly TicketRange[], ticket: number): number {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ranges[mid]!;
    if (ticket < r.from) hi = mid - 1;
    else if (ticket > r.to) lo = mid + 1;
    else return mid;
  }
  return -1;
}
