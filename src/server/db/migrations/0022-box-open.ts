// The box openings counter, sharded so that players opening one box do not queue on one row: each
// opening adds its reels to the row (box, player id mod 64) of `box_open_counts`, and a box's
// openings are `boxes.openings` (the count before this migration) plus the sum of its rows
// (boxes.repository boxOpenings). Both databases.
// PostgreSQL only: a box opening of `count` reels as ONE function call, so an
// opening is one round trip (modules/openings/openings.pg-open.ts). `la_box_open` writes what
// openings.service.ts openBox writes through the ledger, in the same lock order: the user rows it
// may change in ascending id (the opener, and a custom box's creator), then the active seed pair,
// then, for a custom box, the box row (its creator's earnings). A catalog box's row is only read,
// never locked: its openers share nothing but their counter shards. Per reel: the ledger debit (key
// `{source}:{server seed hash}:{nonce}`), the inventory item at the version's price snapshot, the drop, the box_openings row and, for another
// player's custom box, the creator's share (key `creator_share:{hash}:{nonce}`). Reel i takes nonce
// n+i and its ticket is shared/fair boxTicket: HMAC-SHA256(server seed, "client:nonce:0"), first 4
// bytes big-endian / 2^32, floor(f × 100000) + 1, in integers (exact: u32 × 100000 < 2^49).
// The balance, wagered, XP, level, nonce, the openings counter and creator earnings move once by
// the opening's total: the same end state as reel by reel, with fewer row versions.
// It answers a JSON object whose `status` is 'ok', or 'missing' / 'excluded' / 'insufficient' /
// 'no_pair' / 'stale' with nothing written. 'stale': the box's current version is no longer
// `p_version` (one was published since the caller loaded the box), so the price and odds passed are
// not the box's; the caller reloads the box and opens again. A version whose publish commits while
// the statement runs applies from the next opening, as on the other paths (each opening is of one
// immutable version, its price and ranges); only a custom box's earnings update sees it, and then
// SQLSTATE LA409 rolls the whole statement back and the caller reloads likewise.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

const boxOpen = sql`
create function la_box_open(
  p_user bigint, p_box bigint, p_version bigint, p_count integer, p_price bigint, p_source text,
  p_reference text, p_edge_units bigint, p_creator bigint, p_share_cents bigint, p_share_reference text,
  p_from integer[], p_to integer[], p_products bigint[], p_prices bigint[], p_sale_prices bigint[], p_now bigint
) returns json
language plpgsql as $$
declare
  u record;
  pair record;
  lock_id bigint;
  v_share bigint := 0;
  total bigint := p_price * p_count;
  before_all bigint;
  after_all bigint;
  creator_after bigint;
  h bytea;
  v_nonce bigint;
  v_ticket integer;
  idx integer;
  seed_key text;
  v_item bigint;
  v_drop bigint;
  reels json[] := '{}';
begin
  -- the creator is paid by other players' paid reels only (no self-rebate)
  if p_creator is not null and p_creator <> p_user and p_price > 0 and p_share_cents > 0 then
    v_share := p_share_cents;
  end if;
  -- lock order: the user rows in ascending id, before the seed row
  for lock_id in select id from unnest(array[p_user, case when v_share > 0 then p_creator end]) as id
                  where id is not null order by id loop
    if lock_id = p_user then
      select balance_cents, self_excluded_until into u from users where id = p_user for no key update;
    else
      perform 1 from users where id = lock_id for no key update;
    end if;
    if not found then return json_build_object('status', 'missing'); end if;
  end loop;
  -- the caller's price and odds must be the current version's (a custom box's earnings update checks again)
  perform 1 from boxes where id = p_box and current_version_id = p_version;
  if not found then return json_build_object('status', 'stale'); end if;
  if p_price > 0 and u.self_excluded_until is not null and u.self_excluded_until > p_now then
    return json_build_object('status', 'excluded', 'until', u.self_excluded_until);
  end if;
  if u.balance_cents < total then return json_build_object('status', 'insufficient'); end if;

  update fair_seeds set nonce = nonce + p_count where user_id = p_user and slot = 'active'
    returning server_seed, server_seed_hash, client_seed, nonce - p_count as first_nonce into pair;
  if not found then return json_build_object('status', 'no_pair'); end if;

  if total > 0 then
    update users set balance_cents = balance_cents - total,
                     wagered_cents = wagered_cents + total,
                     edge_units = edge_units + p_edge_units * p_count,
                     level = greatest(level, la_level_for_xp((edge_units + p_edge_units * p_count) / 10000))
      where id = p_user and balance_cents >= total
        and (self_excluded_until is null or self_excluded_until <= p_now)
      returning balance_cents into after_all;
    if not found then raise exception 'la_box_open: the locked user row changed'; end if;
  else
    after_all := u.balance_cents;
  end if;
  before_all := after_all + total;
  if v_share > 0 then
    update users set balance_cents = balance_cents + v_share * p_count where id = p_creator
      returning balance_cents into creator_after;
  end if;

  for r in 0 .. p_count - 1 loop
    v_nonce := pair.first_nonce + r;
    h := la_hmac_sha256(convert_to(pair.server_seed, 'UTF8'),
                        convert_to(pair.client_seed || ':' || v_nonce || ':0', 'UTF8'));
    v_ticket := ((((get_byte(h, 0)::bigint << 24) | (get_byte(h, 1) << 16) | (get_byte(h, 2) << 8) | get_byte(h, 3))
               * 100000) >> 32) + 1;
    idx := null;
    for i in 1 .. array_length(p_from, 1) loop
      if v_ticket between p_from[i] and p_to[i] then idx := i; exit; end if;
    end loop;
    if idx is null then raise exception 'la_box_open: ticket % is outside every range', v_ticket; end if;
    seed_key := p_source || ':' || pair.server_seed_hash || ':' || v_nonce;
    if p_price > 0 then
      insert into ledger (user_id, delta_cents, balance_after_cents, kind, reference, idempotency_key, created_at)
        values (p_user, -p_price, before_all - p_price * (r + 1), p_source, p_reference, seed_key, p_now);
    end if;
    insert into inventory_items (user_id, product_id, status, price_cents, sale_price_cents, size, source, source_ref,
                                 created_at, updated_at)
      values (p_user, p_products[idx], 'owned', p_prices[idx], p_sale_prices[idx], null, p_source, seed_key,
              p_now, p_now)
      returning id into v_item;
    insert into drops (user_id, box_id, box_version_id, product_id, inventory_item_id, source, ticket, created_at)
      values (p_user, p_box, p_version, p_products[idx], v_item, p_source, v_ticket, p_now)
      returning id into v_drop;
    insert into box_openings (user_id, box_id, box_version_id, product_id, inventory_item_id, drop_id, price_cents,
                              ticket, server_seed_hash, client_seed, nonce, created_at)
      values (p_user, p_box, p_version, p_products[idx], v_item, v_drop, p_price, v_ticket, pair.server_seed_hash,
              pair.client_seed, v_nonce, p_now);
    if v_share > 0 then
      insert into ledger (user_id, delta_cents, balance_after_cents, kind, reference, idempotency_key, created_at)
        values (p_creator, v_share, creator_after - v_share * (p_count - 1 - r), 'creator_share', p_share_reference,
                'creator_share:' || pair.server_seed_hash || ':' || v_nonce, p_now);
    end if;
    reels := reels || json_build_object('ticket', v_ticket, 'index', idx - 1, 'nonce', v_nonce,
                                        'inventory_item_id', v_item, 'drop_id', v_drop);
  end loop;

  insert into box_open_counts (box_id, shard, n) values (p_box, p_user % 64, p_count)
    on conflict (box_id, shard) do update set n = box_open_counts.n + excluded.n;
  if v_share > 0 then
    update boxes set creator_earnings_cents = creator_earnings_cents + v_share * p_count
      where id = p_box and current_version_id = p_version;
    if not found then
      raise exception 'la_box_open: box % is no longer at version id %', p_box, p_version using errcode = 'LA409';
    end if;
  end if;

  return json_build_object('status', 'ok', 'reels', array_to_json(reels), 'client_seed', pair.client_seed,
    'server_seed_hash', pair.server_seed_hash, 'balance_cents', after_all,
    'creator_balance_cents', creator_after);
end $$`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('box_open_counts')
    .addColumn('box_id', 'bigint', (c) => c.notNull().references('boxes.id'))
    .addColumn('shard', 'integer', (c) => c.notNull()) // the opener's id mod 64
    .addColumn('n', 'bigint', (c) => c.notNull()) // reels opened
    .addPrimaryKeyConstraint('box_open_counts_pk', ['box_id', 'shard'])
    .execute();
  if (dialect !== 'postgres') return;
  await boxOpen.execute(db);
}
