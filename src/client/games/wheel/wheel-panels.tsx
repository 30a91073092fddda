// The four bet panels, one per colour: the Bet button (only while betting is open), the total and
// the players on that colour this round, your own bets with Cancel while the round is starting.
import { formatDollars } from '../../lib/format.ts';
import { BetButton } from '../../components/hud/bet-button.tsx';
import { HudButton } from '../../components/hud/hud-button.tsx';
import { WHEEL_COLORS, type WheelColor } from '../../../shared/games/wheel/wheel.layout.ts';
import type { PanelBet } from './use-wheel-round.ts';

/** "1 player", "2 players", "0 players". */
export function playerCount(n: number): string {
  return `${n} ${n === 1 ? 'player' : 'players'}`;
}

/** Props of the panels. */
export interface WheelPanelsProps {
  bets: PanelBet[];
  payouts: Record<WheelColor, number>;
  userId: number | null;
  canBet: boolean; // signed in and the round is starting
  amountOk: boolean; // the amount field holds a stake the wheel takes
  winner: WheelColor | null; // once the round has landed
  onBet(color: WheelColor): void;
  onCancel(id: number): void;
}

/** The panels. */
export function WheelPanels({ bets, payouts, userId, canBet, amountOk, winner, onBet, onCancel }: WheelPanelsProps) {
  return (
    <div className="wheel-panels">
      {WHEEL_COLORS.map((color) => {
        const mine = bets.filter((b) => b.color === color);
        const total = mine.reduce((a, b) => a + b.amount, 0);
        return (
          <section
            key={color}
            className={`wheel-panel wheel-${color}${winner === color ? ' wheel-winner' : ''}`}
            data-testid={`panel-${color}`}
          >
            <BetButton kind="bet" className="wheel-bet" disabled={!canBet || !amountOk} onClick={() => onBet(color)}>
              Bet on {color} ×{payouts[color]}
            </BetButton>
            <p className="wheel-total">
              <span data-testid={`players-${color}`}>{playerCount(mine.length)}</span>{' '}
              <strong data-testid={`total-${color}`}>{formatDollars(total)}</strong>
            </p>
            <ul className="wheel-players">
              {mine.map((b) => (
                <li key={b.id} data-testid="wheel-bet" data-mine={b.user.id === userId || undefined}>
                  <span className="wheel-player">{b.user.name}</span>
                  <span>{formatDollars(b.amount)}</span>
                  {b.status === 'won' && <strong data-testid="bet-payout">+{formatDollars(b.payout ?? 0)}</strong>}
                  {b.status === 'lost' && <span className="muted">lost</span>}
                  {b.user.id === userId && b.status === 'active' && canBet && (
                    <HudButton className="wheel-cancel" onClick={() => onCancel(b.id)}>
                      Cancel
                    </HudButton>
                  )}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
