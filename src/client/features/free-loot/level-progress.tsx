// The player's level, the XP bar to the next level and the published curve explained.
import { LevelBadge } from '../../components/ui/level-badge.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { formatUsd } from '../../../shared/money.ts';
import {
  FREE_LOOT_DEPOSIT_WINDOW_MS,
  FREE_LOOT_MIN_DEPOSIT_CENTS,
  type FreeBoxListResponse,
} from '../../../shared/api/free-loot.ts';
import { CENTS_PER_XP, LEVEL_TIERS, MAX_LEVEL, XP_FACTOR, xpForLevel } from '../../../shared/levels.ts';

const n = (v: number) => v.toLocaleString('en-US');

/** Level badge, XP numbers and a progress bar (share of the way from this level to the next). */
export function LevelProgress({ level }: { level: NonNullable<FreeBoxListResponse['level']> }) {
  const span = level.next_level_xp === null ? 1 : level.next_level_xp - level.level_xp;
  const share = level.next_level_xp === null ? 1 : Math.min(1, Math.max(0, (level.xp - level.level_xp) / span));
  return (
    <div className="level-progress" data-testid="level-progress">
      <div className="level-progress-head">
        <LevelBadge level={level.level} />
        <strong data-testid="player-level">Level {level.level}</strong>
        <span className="muted" data-testid="player-xp">
          {level.next_level_xp === null
            ? `${n(level.xp)} XP · top level`
            : `${n(level.xp)} / ${n(level.next_level_xp)} XP to level ${level.level + 1}`}
        </span>
      </div>
      <ProgressBar className="xp-bar" label="XP to the next level" percent={share * 100} />
    </div>
  );
}

/** How levels and free boxes work, with the XP each tier needs (from the same curve the server uses). */
export function CurveExplained() {
  return (
    <details className="curve" data-testid="level-curve">
      <summary>How levels and free boxes work</summary>
      <p>
        You earn 1 XP for every $0.01 of expected house profit your wagers make: ${CENTS_PER_XP / 100} on dice is 1 XP,
        $1 on a box about 7.4 XP (see the allowance below); wins and deposits do not count. Reaching level L takes{' '}
        {XP_FACTOR} × (L − 1)² XP in total, so level 2 needs {xpForLevel(2)} XP and every level after costs a little
        more. The top level is {MAX_LEVEL}.
      </p>
      <p>
        Every level tier unlocks its own free box. Each free box opens once every 24 hours; the countdown starts when
        you open it. Daily openings need {formatUsd(FREE_LOOT_MIN_DEPOSIT_CENTS)} or more deposited within the last{' '}
        {FREE_LOOT_DEPOSIT_WINDOW_MS / 86_400_000} days (withdrawals and chargebacks subtract; bonuses and gift cards
        count as deposits) and a free-loot allowance that covers the box (below). Free openings are provably fair like
        paid ones and their drops are marked as free. A promo free box (from the case35 deposit code) is one extra
        opening you can use even while a box is cooling down.
      </p>
      <table className="curve-table">
        <thead>
          <tr>
            <th>Free box</th>
            <th>Level</th>
            <th>Total XP (= $ wagered on dice)</th>
          </tr>
        </thead>
        <tbody>
          {LEVEL_TIERS.map((t) => (
            <tr key={t}>
              <td>Tier {t}</td>
              <td>{t}</td>
              <td>{n(xpForLevel(t))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
