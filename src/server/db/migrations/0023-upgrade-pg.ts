// PostgreSQL only (a no-op on SQLite): an upgrade as ONE function call, so an upgrade is one round
// trip (modules/upgrade/upgrade.pg-bet.ts). `la_upgrade` writes what upgrade.service.ts placeUpgrade
// writes through the ledger, in the same lock order: the user row, then the active seed pair, then
// the staked items in ascending id. Every check runs on the locked rows BEFORE any write, in the
// Kysely path's order, so a refusal writes nothing: 'missing', 'excluded' (items only: checked
// first; with a balance stake: where the ledger checks it, after the items and the chance),
// 'no_target', 'no_pair', 'gone' (an item not owned by the player any more: the 409), 'chance' (the
// stake cannot buy this target: the caller words the 422 with upgradeChanceError) and
// 'insufficient'. Then: the nonce, the items owned → used_in_upgrade, the roll (shared/fair
// upgradeRoll: HMAC-SHA256(server seed, "client:nonce:0"), first 4 bytes big-endian / 2^32 × 100,
// the same two IEEE double steps as JS), on a win the target item at its price snapshot (source
// 'upgrade', source_ref upgrade:{id}), the upgrades row, and for a balance stake the debit as
// applyMoveIn makes it (kind 'upgrade', key upgrade:{hash}:{nonce}, wagered, edge units, level).
// The upgrade's id is drawn from its sequence first, so the granted item is written before the
// upgrades row and that row is written once (the Kysely path updates it with the item's id).
// `la_upgrade_chance` is shared/games/upgrade upgradeChance with upgradeChanceError's verdict:
// floor(stake × (10000 − edge) / target) capped, or null when the upgrade is refused.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

const chance = sql`
create function la_upgrade_chance(p_stake bigint, p_target bigint, p_edge_bp integer, p_min_bp integer,
                                  p_max_bp integer) returns integer
language sql immutable strict as $$
  select case when p_stake > 0 and p_target > p_stake
                   and least(p_stake * (10000 - p_edge_bp) / p_target, p_max_bp) >= p_min_bp
              then least(p_stake * (10000 - p_edge_bp) / p_target, p_max_bp)::integer end
$$`;

const upgrade = sql`
create function la_upgrade(
  p_user bigint, p_items bigint[], p_stake_ids text, p_balance bigint, p_target bigint, p_edge_bp integer,
  p_min_bp integer, p_max_bp integer, p_edge_units bigint, p_now bigint
) returns json
language plpgsql as $$
declare
  u record;
  t record;
  pair record;
  items_cents bigint := 0;
  staked integer := 0;
  v_chance integer;
  h bytea;
  v_roll double precision;
  won boolean;
  v_id bigint;
  v_item bigint;
  after_all bigint;
  excluded boolean;
begin
  select balance_cents, self_excluded_until into u from users where id = p_user for no key update;
  if not found then return json_build_object('status', 'missing'); end if;
  excluded := u.self_excluded_until is not null and u.self_excluded_until > p_now;
  -- items only: the ledger sees no wager, so self-exclusion is checked here, first
  if p_balance = 0 and excluded then
    return json_build_object('status', 'excluded', 'until', u.self_excluded_until);
  end if;
  select id, slug, name, category, rarity, img_url, price_cents, sale_price_cents, size_kind into t
    from products where id = p_target;
  if not found then return json_build_object('status', 'no_target'); end if;
  select id, server_seed, server_seed_hash, client_seed, nonce into pair
    from fair_seeds where user_id = p_user and slot = 'active' for no key update;
  if not found then return json_build_object('status', 'no_pair'); end if;
  -- the items in ascending id (lock order), still the player's and owned; locked here, flipped below
  select count(*), coalesce(sum(price_cents), 0) into staked, items_cents
    from (select price_cents from inventory_items
            where id = any(p_items) and user_id = p_user and status = 'owned'
            order by id for no key update) as s;
  if staked < cardinality(p_items) then return json_build_object('status', 'gone'); end if;
  v_chance := la_upgrade_chance(items_cents + p_balance, t.price_cents, p_edge_bp, p_min_bp, p_max_bp);
  if v_chance is null then
    return json_build_object('status', 'chance', 'items_cents', items_cents, 'target_cents', t.price_cents);
  end if;
  if p_balance > 0 then
    if excluded then return json_build_object('status', 'excluded', 'until', u.self_excluded_until); end if;
    if u.balance_cents < p_balance then return json_build_object('status', 'insufficient'); end if;
  end if;

  update fair_seeds set nonce = nonce + 1 where id = pair.id;
  update inventory_items set status = 'used_in_upgrade', updated_at = p_now where id = any(p_items);
  h := la_hmac_sha256(convert_to(pair.server_seed, 'UTF8'),
                      convert_to(pair.client_seed || ':' || pair.nonce || ':0', 'UTF8'));
  v_roll := (((get_byte(h, 0)::bigint << 24) | (get_byte(h, 1) << 16) | (get_byte(h, 2) << 8) | get_byte(h, 3))
             ::double precision / 4294967296) * 100;
  won := v_roll < v_chance::double precision / 100;
  v_id := nextval('upgrades_id_seq');
  if won then
    insert into inventory_items (user_id, product_id, status, price_cents, sale_price_cents, size, source, source_ref,
                                 created_at, updated_at)
      values (p_user, t.id, 'owned', t.price_cents, t.sale_price_cents, null, 'upgrade', 'upgrade:' || v_id,
              p_now, p_now)
      returning id into v_item;
  end if;
  insert into upgrades (id, user_id, stake_item_ids, stake_items_cents, stake_balance_cents, target_product_id,
                        target_price_cents, target_sale_price_cents, chance_bp, edge_bp, roll, win, inventory_item_id,
                        server_seed_hash, client_seed, nonce, created_at)
    values (v_id, p_user, p_stake_ids, items_cents, p_balance, t.id, t.price_cents, t.sale_price_cents, v_chance,
            p_edge_bp, v_roll, case when won then 1 else 0 end, v_item, pair.server_seed_hash, pair.client_seed,
            pair.nonce, p_now);

  if p_balance > 0 then
    update users set balance_cents = balance_cents - p_balance,
                     wagered_cents = wagered_cents + p_balance,
                     edge_units = edge_units + p_edge_units,
                     level = greatest(level, la_level_for_xp((edge_units + p_edge_units) / 10000))
      where id = p_user and balance_cents >= p_balance
        and (self_excluded_until is null or self_excluded_until <= p_now)
      returning balance_cents into after_all;
    if not found then raise exception 'la_upgrade: the locked user row changed'; end if;
    insert into ledger (user_id, delta_cents, balance_after_cents, kind, reference, idempotency_key, created_at)
      values (p_user, -p_balance, after_all, 'upgrade', 'upgrade:' || v_id,
              'upgrade:' || pair.server_seed_hash || ':' || pair.nonce, p_now);
  else
    after_all := u.balance_cents;
  end if;

  return json_build_object('status', 'ok', 'id', v_id, 'target', to_json(t), 'items_cents', items_cents,
    'chance_bp', v_chance, 'roll', v_roll, 'win', won, 'inventory_item_id', v_item, 'nonce', pair.nonce,
    'client_seed', pair.client_seed, 'server_seed_hash', pair.server_seed_hash, 'balance_cents', after_all);
end $$`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const statement of [chance, upgrade]) await statement.execute(db);
}
