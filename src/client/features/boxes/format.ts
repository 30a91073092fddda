// Display helpers: US dollars with 2 decimals in en-US format (spec §9), chances, rarity labels.

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** $1,234.50 */
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}

/** A chance in percent with up to 3 decimals: 12.5%, 0.001%. */
export function formatChance(percent: number): string {
  return `${Number(percent.toFixed(3)).toLocaleString('en-US', { maximumFractionDigits: 3 })}%`;
}

/** "Legendary" from "legendary". */
export function capitalize(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1).replace(/_/g, ' ') : s;
}
