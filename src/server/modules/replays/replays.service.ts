// One settled bet of any game as its public replay (GET /api/bets/{game}/{id}): the archive's row for
// the money, title and verifier link (profile-bets), the player unless they hide their public stats,
// and per game the outcome the scene replays with the verifier's inputs. A server seed leaves only once
// revealed: a seed pair once rotated, a wheel day once over, a Rocket round and a battle once ended.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { HttpError } from '../../http/errors.ts';
import type { ArchiveGame } from '../../../shared/api/profile-bets.ts';
import type { Replay, ReplayFair, ReplayOutcome } from '../../../shared/api/replay.ts';
import { diceChance, nextChainHash } from '../../../shared/fair/index.ts';
import { chancePercent } from '../../../shared/games/boxes/boxes.odds.ts';
import { toDollars } from '../../../shared/money.ts';
import { fromHundredths } from '../../../shared/units.ts';
import { wheelOutcomeFromSegment } from '../../../shared/games/wheel/wheel.outcome.ts';
import { battleView } from '../battles/battles.repository.ts';
import { chainInfo } from '../crash/crash-chain.ts';
import { toBet as diceBet } from '../dice/dice.repository.ts';
import { withRevealedSeeds } from '../fair/fair.repository.ts';
import { playersByIds } from '../leaderboard/leaderboard.repository.ts';
import { boxVersion } from '../openings/box-fair.service.ts';
import { toBet as plinkoBet } from '../plinko/plinko.repository.ts';
import { describeBets } from '../profile/profile-bets.links.ts';
import { findSettledBet } from '../profile/profile-bets.repository.ts';
import { findUpgrade } from '../upgrade/upgrade.repository.ts';
import { publishedDaySeed } from '../wheel/wheel-seeds.service.ts';
import {
  battleSeatRow,
  betOwner,
  boxReelRow,
  crashBetRow,
  diceRow,
  plinkoRow,
  stakedItems,
  wheelBetRow,
} from './replays.repository.ts';
import { betMultiplier, shownPlayer } from './replays.summary.ts';

type Q = Kysely<Tables>;
/** What a game adds to the archive's row: the outcome and the verifier's inputs (without the link). */
type Detail = { outcome: ReplayOutcome; fair: Omit<ReplayFair, 'verify_link'> };
type Load = (db: Q, id: number, now: number) => Promise<Detail | null>;

const notFound = () => new HttpError(404, 'Bet not found.');
const hundredths = (v: number | null) => (v === null ? null : fromHundredths(v));

/** The server seed of a pair once revealed, else null. */
async function revealed(db: Q, serverSeedHash: string): Promise<string | null> {
  const [seed] = await withRevealedSeeds(db, [{ server_seed_hash: serverSeedHash }], (_r, s) => s);
  return seed ?? null;
}

/** A seeded bet's verifier inputs. */
async function seeded(db: Q, r: { server_seed_hash: string; client_seed: string; nonce: number }) {
  const server_seed = await revealed(db, r.server_seed_hash);
  return { server_seed_hash: r.server_seed_hash, client_seed: r.client_seed, nonce: Number(r.nonce), server_seed };
}

const DETAIL: Record<ArchiveGame, Load> = {
  dice: async (db, id) => {
    const r = await diceRow(db, id);
    const b = diceBet(r, id);
    const { roll, target, direction, win, multiplier } = b;
    const chance = diceChance(target, direction);
    return { outcome: { game: 'dice', roll, target, direction, chance, win, multiplier }, fair: await seeded(db, r) };
  },
  plinko: async (db, id) => {
    const r = await plinkoRow(db, id);
    const { rows, risk, path, bucket, multiplier } = plinkoBet(r, id);
    return { outcome: { game: 'plinko', rows, risk, path, bucket, multiplier }, fair: await seeded(db, r) };
  },
  upgrade: async (db, id) => {
    const u = await findUpgrade(db, id);
    const items = await stakedItems(db, u.stake.item_ids);
    const outcome: ReplayOutcome = {
      game: 'upgrade',
      roll: u.roll,
      chance: u.chance,
      win: u.win,
      stake_items: items.map((it) => ({
        id: Number(it.id),
        product_id: Number(it.product_id),
        name: it.name,
        img_url: it.img_url,
        rarity: it.rarity,
        price: toDollars(Number(it.price_cents)),
      })),
      stake_balance: u.stake.balance,
      target: u.target,
    };
    return { outcome, fair: await seeded(db, u) };
  },
  box: async (db, id) => {
    const r = await boxReelRow(db, id);
    const version = await boxVersion(db, r.slug, Number(r.version));
    const items = version.items.map((it) => ({ ...it, chance: chancePercent(it.tickets) }));
    const ticket = Number(r.ticket);
    const item = items.find((it) => ticket >= it.ticket_from && ticket <= it.ticket_to);
    if (!item) throw new Error(`box reel ${id}: ticket ${ticket} is outside every range`);
    const box = { id: Number(r.box_id), slug: r.slug, name: r.name, img_url: r.img_url, version: Number(r.version) };
    return { outcome: { game: 'box', box, ticket, item, items }, fair: await seeded(db, r) };
  },
  crash: async (db, id) => {
    const r = await crashBetRow(db, id);
    const chain = await chainInfo(db);
    const outcome: ReplayOutcome = {
      game: 'crash',
      round_id: Number(r.round_id),
      crash_point: fromHundredths(r.crash_point_cents),
      cashed_out_at: hundredths(r.multiplier_cents),
      auto_cashout: hundredths(r.auto_cashout_cents),
    };
    // the round ended (the archive's rule), so its game hash is public: the hash is the seed, the salt the client seed
    const fair = {
      server_seed_hash: nextChainHash(r.hash),
      client_seed: chain?.salt ?? '',
      nonce: Number(r.round_id),
      server_seed: r.hash,
    };
    return { outcome, fair };
  },
  wheel: async (db, id, now) => {
    const r = await wheelBetRow(db, id);
    const { segment, color, multiplier } = wheelOutcomeFromSegment(Number(r.segment));
    const round_id = Number(r.round_id);
    const day = await publishedDaySeed(db, r.seed_date, now);
    return {
      outcome: { game: 'wheel', round_id, segment, color, multiplier, choice: r.color },
      fair: {
        server_seed_hash: day.server_seed_hash,
        client_seed: day.public_seed,
        nonce: round_id,
        server_seed: day.server_seed,
      },
    };
  },
  battle: async (db, id) => {
    const s = await battleSeatRow(db, id);
    const battle = await battleView(db, Number(s.battle_id), { userId: null }); // a private battle: null
    if (!battle) return null;
    return {
      outcome: { game: 'battle', seat: Number(s.seat), battle },
      fair: {
        server_seed_hash: battle.server_seed_hash,
        client_seed: battle.public_seed ?? '',
        nonce: null,
        server_seed: battle.server_seed,
      },
    };
  },
};

/** The player as a replay shows them: null when they hide their public stats. */
async function publicPlayer(db: Q, userId: number): Promise<Replay['player']> {
  const [u] = await playersByIds(db, [userId]);
  return u ? shownPlayer(u) : null;
}

/**
 * Bet `id` of `game` as its public replay; 404 when unknown, not settled, or in a private battle.
 * `viewer`: the signed-in caller (null for a guest): `mine` is true only for the bet's owner.
 */
export async function findReplay(
  db: Q,
  game: ArchiveGame,
  id: number,
  now: number,
  viewer: number | null,
): Promise<Replay> {
  const owner = await betOwner(db, game, id);
  const bet = owner === undefined ? undefined : await findSettledBet(db, owner, game, id);
  if (owner === undefined || !bet) throw notFound();
  const [detail, [shown], player] = await Promise.all([
    DETAIL[game](db, id, now),
    describeBets(db, [bet]),
    publicPlayer(db, owner),
  ]);
  if (!detail || !shown) throw notFound();
  const { stake, payout, result, created_at, title, link } = shown;
  return {
    game,
    id,
    player,
    mine: viewer === owner,
    stake,
    payout,
    multiplier: betMultiplier(bet.stake, bet.payout),
    result,
    created_at,
    title,
    outcome: detail.outcome,
    fair: { ...detail.fair, verify_link: detail.fair.server_seed === null ? null : link },
  };
}
