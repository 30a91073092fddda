// What an ended battle meant for the signed-in player, as the server settles it (battles.settle.ts):
// every-player-for-themself modes give the winner every drop (items worth the battle's whole value);
// team modes split that value equally over the winning seats, a human seat credited its share (the
// remainder cents to the lowest human winning seat) and a bot's share kept by the house. What the
// player paid: their seat, plus every bot seat when they created the battle (the creator pays bots).
import { isTeamMode, type Battle } from '../../../shared/api/battles.ts';
import { battleTeamShares } from '../../../shared/games/battles/battle.outcome.ts';
import { formatDollars } from '../../lib/format.ts';
import { mySeat, sideLabel } from './battle.state.ts';

/** The player's result: what they received and paid, in cents, and whether a tie-break decided it. */
export interface PlayerResult {
  won: boolean;
  receivedCents: number; // items' value (FFA) or the balance credited (team modes)
  paidCents: number; // their seat, plus the bot seats they paid for as the creator
  tie: boolean;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The seated player's result of an ended battle; null for a spectator or a battle not ended. */
export function playerResult(b: Battle, userId: number | null | undefined): PlayerResult | null {
  const me = mySeat(b, userId);
  if (!me || b.status !== 'ended' || !b.winners) return null;
  const value = b.seats.reduce((a, s) => a + s.drops.reduce((x, d) => x + cents(d.item.price), 0), 0);
  const humans = new Set(b.seats.filter((s) => s.user).map((s) => s.seat));
  const won = b.winners.includes(me.seat);
  const receivedCents = !won
    ? 0
    : isTeamMode(b.mode)
      ? (battleTeamShares(value, b.winners, humans).get(me.seat) ?? 0)
      : value;
  const creator = b.seats[0]?.user?.id === userId;
  const seatsPaid = 1 + (creator ? b.seats.filter((s) => s.bot).length : 0);
  return { won, receivedCents, paidCents: cents(b.cost) * seatsPaid, tie: b.tie_break !== null };
}

/** Who won the tie-break: "Team 2" in team modes, else the seat's player or bot. */
function tieWinner(b: Battle): string {
  const tb = b.tie_break!;
  if (isTeamMode(b.mode)) return `Team ${tb.winner + 1}`;
  const seat = b.seats.find((s) => s.seat === tb.winner);
  return seat ? sideLabel(b, seat) : `Seat ${tb.winner + 1}`;
}

/** "You won $X" / "You lost $Y", after "Tie — decided by …" when the totals tied. */
export function resultText(b: Battle, r: PlayerResult): string {
  const money = r.won
    ? `You won ${formatDollars(r.receivedCents / 100)}`
    : `You lost ${formatDollars(r.paidCents / 100)}`;
  if (!r.tie) return money;
  const tb = b.tie_break!;
  return `Tie — decided by the provably fair tie-break (roll ${tb.roll.toFixed(4)} among ${tb.candidates.length}): ${tieWinner(b)} wins. ${money}`;
}
