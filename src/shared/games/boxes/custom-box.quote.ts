// Custom (player-made) boxes: chances in percent → integer tickets out of 100,000, and the price
// that follows, exactly as a catalog box is priced (boxes.odds.ts). The create form and the
// server both call `quoteCustomBox`, so the price a player sees before saving is the saved one.
import { HOUSE_EDGE_BP, TOTAL_TICKETS, boxPriceCents, expectedValueCents, sellBackValueCents } from './boxes.odds.ts';

/** Items a custom box may hold. */
export const CUSTOM_BOX_ITEMS = { min: 2, max: 20 } as const;

/**
 * The creator's share of every opening by someone else, in basis points of the box price
 * (100 = 1 %), rounded down to the cent. It comes out of the house edge: the price is the same
 * EV × (1 + 8 %) as any box, so players get the same return as on a catalog box.
 */
export const CREATOR_SHARE_BP = 100;

/** One picked item: its chance in percent (up to 3 decimals) and the product's prices now. */
export interface QuoteItem {
  chance: number; // percent, e.g. 12.5 (1 ticket = 0.001 %)
  priceCents: number; // integer cents
  salePriceCents: number; // integer cents
}

/** What the items make: tickets, price and what is wrong (empty `problems` = can be saved). */
export interface CustomBoxQuote {
  tickets: number[]; // per item; 0 where the chance is invalid
  totalTickets: number; // Σ tickets; must be 100,000
  sumPercent: number; // Σ chances as entered, 3 decimals
  evCents: number; // expected value of one opening
  priceCents: number; // EV × (1 + house edge), rounded up
  sellBackCents: number; // expected instant sale value
  creatorShareCents: number; // paid to the creator per opening by another player
  problems: string[]; // box-level messages, first is the headline
  itemProblems: Record<number, string>; // index → message
}

/** A chance in percent as whole tickets (1 ticket = 0.001 %); null when it is not a positive multiple of 0.001. */
export function ticketsFromChance(chance: number): number | null {
  if (!Number.isFinite(chance) || chance <= 0 || chance > 100) return null;
  const tickets = Math.round(chance * 1000);
  // 12.345 × 1000 is 12344.999…; anything further off had more than 3 decimals
  return Math.abs(chance * 1000 - tickets) < 1e-6 && tickets >= 1 ? tickets : null;
}

/** The creator's share of one opening at `priceCents`: floor(price × share), integer cents. */
export function creatorShareCents(priceCents: number, shareBp: number = CREATOR_SHARE_BP): number {
  return Math.floor((priceCents * shareBp) / 10_000);
}

/** The message when the chances do not add up. */
export function chanceSumMessage(totalTickets: number): string {
  return `The chances must add up to exactly 100% (now ${Number((totalTickets / 1000).toFixed(3))}%).`;
}

/** Tickets, price and problems of a custom box's items (see the file comment). */
export function quoteCustomBox(items: readonly QuoteItem[]): CustomBoxQuote {
  const problems: string[] = [];
  const itemProblems: Record<number, string> = {};
  if (items.length < CUSTOM_BOX_ITEMS.min || items.length > CUSTOM_BOX_ITEMS.max) {
    problems.push(`Pick from ${CUSTOM_BOX_ITEMS.min} to ${CUSTOM_BOX_ITEMS.max} items.`);
  }
  const tickets = items.map((it, i) => {
    const t = ticketsFromChance(it.chance);
    if (t === null) itemProblems[i] = 'A chance is a percentage from 0.001 to 100 with at most 3 decimals.';
    return t ?? 0;
  });
  if (Object.keys(itemProblems).length)
    problems.push('Every item needs a chance from 0.001% to 100% with at most 3 decimals.');
  const totalTickets = tickets.reduce((a, b) => a + b, 0);
  if (totalTickets !== TOTAL_TICKETS) problems.push(chanceSumMessage(totalTickets));
  const odds = items.map((it, i) => ({
    tickets: tickets[i]!,
    priceCents: it.priceCents,
    salePriceCents: it.salePriceCents,
  }));
  const priceCents = boxPriceCents(odds, HOUSE_EDGE_BP);
  return {
    tickets,
    totalTickets,
    sumPercent: Number(items.reduce((a, it) => a + (Number.isFinite(it.chance) ? it.chance : 0), 0).toFixed(3)),
    evCents: expectedValueCents(odds),
    priceCents,
    sellBackCents: sellBackValueCents(odds),
    creatorShareCents: creatorShareCents(priceCents),
    problems,
    itemProblems,
  };
}
