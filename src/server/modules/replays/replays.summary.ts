// What a shared bet's chat card shows (issue 29): the bet as its public replay sums it up — title,
// stake, payout (dollars), multiplier, result and the player (null when they hide their public
// stats) — read for many bets at once (a message when posted, GET /api/chat's history). A bet that
// is not (or no longer) one of its owner's settled bets has no summary.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import type { ArchiveGame } from '../../../shared/api/profile-bets.ts';
import type { Replay } from '../../../shared/api/replay.ts';
import type { ChatSharedBet } from '../../../shared/api/chat.ts';
import { fromHundredths, toHundredths } from '../../../shared/units.ts';
import { playersByIds } from '../leaderboard/leaderboard.repository.ts';
import { describeBets } from '../profile/profile-bets.links.ts';
import { findSettledBet } from '../profile/profile-bets.repository.ts';

type Q = Kysely<Tables>;
/** A bet to sum up: its game, id and the player who placed it. */
export interface BetRef {
  game: ArchiveGame;
  id: number;
  owner: number;
}
/** A bet's summary (the chat card's fields beyond game and id). */
export type BetSummary = Required<Omit<ChatSharedBet, 'game' | 'id'>>;

/** A key of a bet in the summaries' map. */
export const betKey = (game: ArchiveGame, id: number) => `${game}:${id}`;

/** payout / stake at 2 decimals (cents), null when nothing was staked. */
export const betMultiplier = (stake: number, payout: number): number | null =>
  stake > 0 ? fromHundredths(toHundredths(payout / stake)) : null;

/** The player as replays and cards show them: null when unknown or hiding their public stats. */
export function shownPlayer(u: {
  id: number | string;
  name: string;
  avatar_url: string | null;
  level: number | string;
  hide_public_stats: number | string | boolean;
}): Replay['player'] {
  if (Number(u.hide_public_stats) === 1) return null;
  return { id: Number(u.id), name: u.name, avatar_url: u.avatar_url, level: Number(u.level) };
}

/** The summaries of `refs` that are settled bets of their owners, by betKey. */
export async function betSummaries(db: Q, refs: BetRef[]): Promise<Map<string, BetSummary>> {
  const found = await Promise.all(refs.map((r) => findSettledBet(db, r.owner, r.game, r.id)));
  const bets = refs.flatMap((r, i) => (found[i] ? [{ ref: r, bet: found[i] }] : []));
  if (bets.length === 0) return new Map();
  const [shown, users] = await Promise.all([
    describeBets(
      db,
      bets.map((b) => b.bet),
    ),
    playersByIds(db, [...new Set(bets.map((b) => b.ref.owner))]),
  ]);
  const players = new Map(users.map((u) => [Number(u.id), shownPlayer(u)]));
  return new Map(
    bets.map(({ ref, bet }, i) => {
      const s = shown[i]!;
      const summary: BetSummary = {
        title: s.title,
        stake: s.stake,
        payout: s.payout,
        multiplier: betMultiplier(bet.stake, bet.payout),
        result: s.result,
        player: players.get(ref.owner) ?? null,
      };
      return [betKey(ref.game, ref.id), summary];
    }),
  );
}
