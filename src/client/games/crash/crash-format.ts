// Small pure helpers of the Rocket page: payouts as the server pays them, multiplier text, the
// colour band of a crash point (recent games strip), and the "crash page open" flag.

/** amount × multiplier floored to the cent (dollars in, dollars out), as the server pays. */
export function payoutOf(amount: number, multiplier: number): number {
  return Math.floor(Math.round(amount * 100) * multiplier + 1e-6) / 100;
}

/** "2.35×". */
export function formatMultiplier(multiplier: number): string {
  return `${(Math.floor(multiplier * 100 + 1e-9) / 100).toFixed(2)}×`;
}

/** Colour bands of the recent games strip: every bust has one, 1.00× included. */
export type CrashBand = 'bust' | 'low' | 'mid' | 'high' | 'moon';

/** The band of a crash point: 1.00× bust, < 2 low, < 10 mid, < 100 high, else moon. */
export function crashBand(point: number): CrashBand {
  if (point < 1.01) return 'bust';
  if (point < 2) return 'low';
  if (point < 10) return 'mid';
  if (point < 100) return 'high';
  return 'moon';
}

/** Spec §2: the client treats an exact match of /crash as "crash page open". */
export function crashPageOpen(pathname: string): boolean {
  return pathname === '/crash';
}
