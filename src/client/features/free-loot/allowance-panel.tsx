// The free-loot allowance on /freeloot (issue 12): what recent play earned, what the daily boxes of
// the last 30 days took, what is left, and per tier the numbers behind it (shared/free-loot-economics.ts).
import type { FreeBox, FreeBoxListResponse } from '../../../shared/api/free-loot.ts';
import { FREE_LOOT_SHARE_BP } from '../../../shared/free-loot-economics.ts';
import { xpForLevel } from '../../../shared/levels.ts';
import { ProgrammeRates } from '../../components/ui/programme-rates.tsx';
import { formatDollars } from '../../lib/format.ts';

/** The allowance as GET /api/free-boxes reports it for a player. */
export type Allowance = NonNullable<FreeBoxListResponse['allowance']>;

const n = (v: number) => v.toLocaleString('en-US');
/** Expected house profit (dollars) a box's expected value needs within 30 days. */
const profitNeeded = (ev: number) => (ev * 10_000) / FREE_LOOT_SHARE_BP;

/** Why a daily opening of `box` is off for lack of allowance (null when it is covered). */
export function allowanceReason(box: FreeBox, allowance: Allowance | null): string | null {
  if (!allowance || allowance.available >= box.expected_value) return null;
  const more = Math.ceil((box.expected_value - allowance.available) * 100) / 100;
  return `Play more: ${formatDollars(profitNeeded(more))} of expected house profit (${n(Math.round(profitNeeded(more) * 100))} XP) to open`;
}

/** The player's allowance and, per tier, the level XP and the recent play a daily opening needs. */
export function AllowancePanel({ allowance, boxes }: { allowance: Allowance | null; boxes: FreeBox[] }) {
  return (
    <details className="curve" data-testid="allowance" open={allowance !== null}>
      <summary>Free-loot allowance</summary>
      <p>
        Free boxes give back at most {allowance?.share_percent ?? FREE_LOOT_SHARE_BP / 100} % of the house&apos;s
        expected profit on your settled bets of the last 30 days. Expected profit is your stake × the edge of the game
        and table (below); 1 XP = $0.01 of it, and a refunded or canceled bet earns none. A daily box opens while the
        allowance covers its expected value, so it never pays more than its share of what your play earned the house.
      </p>
      <ProgrammeRates focus="free_loot" />
      {allowance && (
        <p data-testid="allowance-numbers">
          Last 30 days: expected profit <strong>{formatDollars(allowance.profit_30d)}</strong> ×{' '}
          {allowance.share_percent} % − free boxes taken <strong>{formatDollars(allowance.taken_30d)}</strong> ={' '}
          <strong data-testid="allowance-available">{formatDollars(allowance.available)}</strong> available.
        </p>
      )}
      <table className="curve-table">
        <thead>
          <tr>
            <th>Free box</th>
            <th>Level (total XP)</th>
            <th>Expected value</th>
            <th>Play needed in 30 days</th>
          </tr>
        </thead>
        <tbody>
          {boxes.map((b) => (
            <tr key={b.slug}>
              <td>{b.name}</td>
              <td>
                {b.min_level} ({n(xpForLevel(b.min_level))} XP)
              </td>
              <td>{formatDollars(b.expected_value)}</td>
              <td>
                {formatDollars(profitNeeded(b.expected_value))} expected profit (
                {n(Math.round(profitNeeded(b.expected_value) * 100))} XP;{' '}
                {formatDollars(profitNeeded(b.expected_value) * 100)} on dice)
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
