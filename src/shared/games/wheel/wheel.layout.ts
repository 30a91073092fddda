// The Crazy Wheel's published layout (issue #13): 54 segments, index 0 under the pointer at rest,
// numbered clockwise. grey ×2 on 26, red ×3.05 on 17, blue ×5.2 on 10, gold ×52 on 1, so every
// colour returns about 96 % (26×2, 17×3.05, 10×5.2, 1×52 out of 54). Gold sits at index 0; the
// 27 other colours follow it, red and blue spread evenly, with a grey between each of them.
import { WHEEL_COLORS, type WheelColor } from '../../api/rounds.ts';

export { WHEEL_COLORS, type WheelColor };

/** Segments on the wheel. */
export const WHEEL_SEGMENT_COUNT = 54;

/** Multiplier per colour; a payout is amount × multiplier floored to the cent. */
export const WHEEL_PAYOUTS: Readonly<Record<WheelColor, number>> = { grey: 2, red: 3.05, blue: 5.2, gold: 52 };

/** Multiplier per colour in hundredths (integer arithmetic for payouts). */
const PAYOUT_HUNDREDTHS: Readonly<Record<WheelColor, number>> = { grey: 200, red: 305, blue: 520, gold: 5200 };

function buildLayout(): WheelColor[] {
  const colours: WheelColor[] = [];
  // 27 coloured segments: 10 blue spread evenly among 17 red (Bresenham)
  for (let i = 0; i < 27; i++)
    colours.push(Math.floor(((i + 1) * 10) / 27) > Math.floor((i * 10) / 27) ? 'blue' : 'red');
  const layout: WheelColor[] = ['gold', colours[0]!];
  for (const c of colours.slice(1)) layout.push('grey', c);
  return layout;
}

/** The colour of each segment, index 0 under the pointer at rest, clockwise. */
export const WHEEL_LAYOUT: readonly WheelColor[] = Object.freeze(buildLayout());

/** The colour of a segment index. */
export function wheelColorAt(segment: number): WheelColor {
  const colour = WHEEL_LAYOUT[segment];
  if (colour === undefined) throw new RangeError(`no wheel segment ${segment}`);
  return colour;
}

/** Payout in cents of a winning bet: floor(amount × multiplier) to the cent. */
export function wheelPayoutCents(amountCents: number, color: WheelColor): number {
  return Math.floor((amountCents * PAYOUT_HUNDREDTHS[color]) / 100);
}

/** Expected return of a colour: its share of segments × its multiplier. */
export function wheelColorRtp(color: WheelColor): number {
  const count = WHEEL_LAYOUT.filter((c) => c === color).length;
  return (count * PAYOUT_HUNDREDTHS[color]) / (WHEEL_SEGMENT_COUNT * 100);
}
