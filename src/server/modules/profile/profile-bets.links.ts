// What each row of the bets archive shows: a title and the link to its verifier, filled in as the
// profile's biggest win links are (the server seed once its pair was rotated; Rocket by its game
// hash, the wheel by its round, a battle by its page and verify panel). One query per game on the page.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { openingsWithBox } from '../../db/box-queries.ts';
import type { ArchiveGame, ArchivedBet } from '../../../shared/api/profile-bets.ts';
import { WHEEL_PAYOUTS } from '../../../shared/games/wheel/wheel.layout.ts';
import { withRevealedSeeds } from '../fair/fair.repository.ts';
import { boxLink, crashLink, diceLink, plinkoLink, upgradeLink, wheelLink } from './fair-links.ts';
import type { BetRow } from './profile-bets.repository.ts';
import { bpToPercent, fromHundredths } from '../../../shared/units.ts';
import { toDollars } from '../../../shared/money.ts';

type Q = Kysely<Tables>;
type Shown = Pick<ArchivedBet, 'title' | 'link'>;
type Describe = (db: Q, ids: number[]) => Promise<Map<number, Shown>>;

const byId = <R extends { id: number }>(rows: R[], show: (r: R) => Shown) =>
  new Map(rows.map((r) => [Number(r.id), show(r)]));
const x = (m: number | string) => `×${Number(m).toFixed(2)}`;

const DESCRIBE: Record<ArchiveGame, Describe> = {
  dice: async (db, ids) => {
    const rows = await db.selectFrom('dice_bets').selectAll().where('id', 'in', ids).execute();
    const shown = await withRevealedSeeds(db, rows, (r, seed) => ({
      id: r.id,
      title: `Dice ${r.direction} ${fromHundredths(r.target_bp).toFixed(2)}: rolled ${fromHundredths(r.roll_bp).toFixed(2)}`,
      link: diceLink(r, seed),
    }));
    return byId(shown, (r) => r);
  },
  upgrade: async (db, ids) => {
    const rows = await db
      .selectFrom('upgrades')
      .innerJoin('products', 'products.id', 'upgrades.target_product_id')
      .select([
        'upgrades.id',
        'products.name',
        'upgrades.chance_bp',
        'upgrades.server_seed_hash',
        'upgrades.client_seed',
        'upgrades.nonce',
      ])
      .where('upgrades.id', 'in', ids)
      .execute();
    const shown = await withRevealedSeeds(db, rows, (r, seed) => ({
      id: r.id,
      title: `Upgrade to ${r.name} (${bpToPercent(r.chance_bp).toFixed(2)}%)`,
      link: upgradeLink(r, seed),
    }));
    return byId(shown, (r) => r);
  },
  plinko: async (db, ids) => {
    const rows = await db.selectFrom('plinko_bets').selectAll().where('id', 'in', ids).execute();
    const shown = await withRevealedSeeds(db, rows, (r, seed) => ({
      id: r.id,
      title: `Bounce ${r.rows} rows, ${r.risk} risk ${x(r.multiplier)}`,
      link: plinkoLink(r, seed),
    }));
    return byId(shown, (r) => r);
  },
  crash: async (db, ids) => {
    const rows = await db
      .selectFrom('crash_bets')
      .innerJoin('crash_rounds', 'crash_rounds.id', 'crash_bets.round_id')
      .select(['crash_bets.id', 'crash_bets.multiplier_cents', 'crash_rounds.crash_point_cents', 'crash_rounds.hash'])
      .where('crash_bets.id', 'in', ids)
      .execute();
    return byId(rows, (r) => ({
      title:
        r.multiplier_cents !== null
          ? `Rocket cashed out ${x(fromHundredths(Number(r.multiplier_cents)))}`
          : `Rocket busted at ${x(fromHundredths(r.crash_point_cents))}`,
      link: crashLink(r.hash),
    }));
  },
  wheel: async (db, ids) => {
    const rows = await db.selectFrom('wheel_bets').select(['id', 'round_id', 'color']).where('id', 'in', ids).execute();
    return byId(rows, (r) => ({
      title: `Crazy Wheel ${r.color} ${x(WHEEL_PAYOUTS[r.color])}`,
      link: wheelLink(r.round_id),
    }));
  },
  battle: async (db, ids) => {
    const rows = await db
      .selectFrom('battle_seats')
      .innerJoin('battles', 'battles.id', 'battle_seats.battle_id')
      .select(['battle_seats.id', 'battles.id as battle_id', 'battles.mode', 'battle_seats.bot_id'])
      .where('battle_seats.id', 'in', ids)
      .execute();
    return byId(rows, (r) => ({
      title: `Battle #${r.battle_id} ${r.mode}${r.bot_id !== null ? ', bot seat' : ''}`,
      link: `/battles/${r.battle_id}`, // its verify panel recomputes every drop
    }));
  },
  box: async (db, ids) => {
    const rows = await openingsWithBox(db)
      .select([
        'box_openings.id',
        'boxes.name as box_name',
        'boxes.slug',
        'box_versions.version',
        'products.name',
        'box_openings.server_seed_hash',
        'box_openings.client_seed',
        'box_openings.nonce',
      ])
      .where('box_openings.id', 'in', ids)
      .execute();
    const shown = await withRevealedSeeds(db, rows, (r, seed) => ({
      id: r.id,
      title: `${r.box_name}: ${r.name}`,
      link: boxLink(r, seed),
    }));
    return byId(shown, (r) => r);
  },
};

/** The page's rows as the player sees them, in the given order. */
export async function describeBets(db: Q, rows: BetRow[]): Promise<ArchivedBet[]> {
  const games = [...new Set(rows.map((r) => r.game))];
  const shown = new Map(
    await Promise.all(
      games.map(
        async (g) =>
          [
            g,
            await DESCRIBE[g](
              db,
              rows.filter((r) => r.game === g).map((r) => r.id),
            ),
          ] as const,
      ),
    ),
  );
  return rows.map((r) => ({
    game: r.game,
    id: r.id,
    ...shown.get(r.game)!.get(r.id)!,
    stake: toDollars(r.stake),
    payout: toDollars(r.payout),
    result: r.payout > r.stake ? 'win' : 'loss',
    created_at: new Date(r.created_at).toISOString(),
  }));
}
