// Display formats (spec §9): US dollars with 2 decimals, en-US numbers, German short date/time,
// chances and labels. Money always goes through shared/money.ts formatUsd (cents).
import { formatUsd } from '../../shared/money.ts';

const plain2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const number = new Intl.NumberFormat('en-US');
const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'short', timeStyle: 'short' });

/** "$1,234.50" from an API amount in dollars (the one money format: shared/money.ts formatUsd, in cents). */
export function formatDollars(dollars: number): string {
  return formatUsd(Math.round(dollars * 100));
}

/** "1,234.50" (a balance beside a coin icon). */
export function formatAmount(dollars: number): string {
  return plain2.format(dollars);
}

/** "12,345" (en-US grouping). */
export function formatNumber(n: number): string {
  return number.format(n);
}

/** "25.11.26, 22:40" (German short date and short time) in the given or local zone; every shown date uses it. */
export function formatDateTime(at: number | Date | string, timeZone?: string): string {
  const when = typeof at === 'string' ? new Date(at) : at;
  return timeZone
    ? new Intl.DateTimeFormat('de-DE', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(when)
    : dateTime.format(when);
}

/** A chance in percent with up to 3 decimals: 12.5%, 0.001%. */
export function formatChance(percent: number): string {
  return `${Number(percent.toFixed(3)).toLocaleString('en-US', { maximumFractionDigits: 3 })}%`;
}

/** "Legendary" from "legendary". */
export function capitalize(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1).replace(/_/g, ' ') : s;
}
