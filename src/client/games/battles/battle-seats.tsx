// The seat cards under the reels, in the same grid: player or bot, team colour, running total, the
// winner badge and the drops of the rounds the reels have landed on.
import type { Battle, BattleSeat } from '../../../shared/api/battles.ts';
import { formatDollars } from '../../lib/format.ts';
import { cssColor, seatColor } from './battle-colors.ts';
import { shownTotal, showWinners } from './battle.state.ts';

function SeatCard({
  battle,
  seat,
  shownRound,
  me,
}: {
  battle: Battle;
  seat: BattleSeat;
  shownRound: number;
  me: boolean;
}) {
  const who = seat.user ?? seat.bot;
  const winner = showWinners(battle, shownRound) && (battle.winners ?? []).includes(seat.seat);
  const drops = seat.drops.filter((d) => d.round <= shownRound);
  return (
    <div
      className={winner ? 'seat-card winner' : 'seat-card'}
      style={{ '--team': cssColor(seatColor(battle.mode, seat.seat)) } as React.CSSProperties}
      data-testid="seat-card"
      data-seat={seat.seat}
      data-winner={winner}
    >
      <div className="seat-head">
        {who?.avatar_url && <img src={who.avatar_url} alt="" width={28} height={28} />}
        <span className="seat-name" data-testid="seat-name">
          {who ? who.name : 'Open seat'}
          {seat.bot && <span className="badge">Bot</span>}
          {me && <span className="badge">You</span>}
        </span>
        <span className="seat-total" data-testid="seat-total">
          {formatDollars(shownTotal(seat, shownRound))}
        </span>
      </div>
      {winner && (
        <span className="winner-badge" data-testid="winner-badge">
          Winner
        </span>
      )}
      <ul className="seat-drops" aria-label="Drops">
        {drops.map((d) => (
          <li key={d.round} className={`rarity-${d.item.rarity}`} data-testid="seat-drop" data-item-id={d.item.id}>
            <img src={d.item.img_url} alt={d.item.name} width={40} height={40} loading="lazy" />
            <span>{formatDollars(d.item.price)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Every seat's card; `columns` matches the reels' grid. */
export function BattleSeats({
  battle,
  shownRound,
  columns,
  userId,
}: {
  battle: Battle;
  shownRound: number;
  columns: number;
  userId: number | null;
}) {
  return (
    <div
      className="battle-grid"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      data-testid="battle-seats"
    >
      {battle.seats.map((s) => (
        <SeatCard
          key={s.seat}
          battle={battle}
          seat={s}
          shownRound={shownRound}
          me={userId !== null && s.user?.id === userId}
        />
      ))}
    </div>
  );
}
