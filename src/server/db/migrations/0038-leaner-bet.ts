// PostgreSQL: `la_apply_bet(plan jsonb)` in ONE function again, with fewer statements per bet
// (issue 27: dice on PostgreSQL, CPU per bet). Same plan argument and answers (bets/apply-pg.ts);
// the body repeats 0034's where it is unchanged (CREATE OR REPLACE takes the whole body, and a shipped
// migration is never edited). Profiled with perf on the backends of real dice plans: the CPU went to
// executor start-up per statement (opening each table with its indexes and triggers), the foreign-key
// checks, index inserts and the commit's WAL flush — not to the jsonb handling. So:
//   - 0036's wrapper and 0034's body (renamed la_apply_plan) are one function: one plpgsql call less;
//   - the pending access token (0036: still the player's, unrevoked, unexpired at the request's time)
//     is a condition of a one-user plan's conditional UPDATE of its user row (0034's first write)
//     instead of a statement of its own; when that UPDATE matches nothing, the token is read first, so
//     a token no longer valid still answers 'unauthenticated' with nothing written. A plan of several
//     users, or with checked rows (`updates`), checks it first as 0036 did (`la_token_live`);
//   - that UPDATE no longer carries the level's correlated subquery (initialised on every bet, used
//     only when the plan offers a level): the levels the plan offers are compared after it, and a
//     level reached raises the row in a second UPDATE (a level-up only);
//   - dice_bets and plinko_bets rows go in by VALUES of their fields, not through
//     jsonb_populate_record (a function scan to set up on every bet);
//   - ledger_time_kind_idx (created_at, kind) is dropped, on SQLite too: no query reads it since the
//     leaderboard counts settled_wagers (issue 24), and every ledger row paid for it.
//   - on PostgreSQL, the foreign keys user_id → users of the rows every instant bet inserts (ledger,
//     settled_wagers, dice_bets, plinko_bets) are dropped: each was one more query per inserted row
//     (the RI trigger's SELECT … FOR KEY SHARE, ~8 % of a dice bet's backend CPU, measured with and
//     without them alternately). They checked nothing a write can get wrong: every path that writes
//     one of these rows updates the same user row in the same transaction first (la_apply_bet and
//     the ledger's conditional UPDATE, which refuse a missing user), and no code deletes a user.
//     SQLite keeps them (its checks are an index probe, and dropping one rebuilds the table).
// Measured: see the commit message (tests/bench/dice-pg.bench.ts, old and new alternately).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

const tokenLive = sql`
create or replace function la_token_live(tok jsonb, player bigint) returns boolean
language sql stable as $$
  select exists (select from oauth_tokens
                 where id = (tok->>'id')::bigint and access_hash = tok->>'hash' and user_id = player
                   and revoked_at is null and access_expires_at > (tok->>'at')::bigint)
$$`;

const applyBet = sql`
create or replace function la_apply_bet(p jsonb) returns jsonb
language plpgsql as $$
declare
  now_ms bigint := (p->>'now')::bigint;
  player bigint := (p->>'user')::bigint;
  t jsonb;
  u record;
  r jsonb;
  c record;
  v jsonb;
  cols text;
  new_id bigint;
  ids bigint[] := '{}';
  moved jsonb;
  player_name text;
  i integer;
  n bigint;
  has_updates boolean := p->'updates' <> '[]';
  one_user boolean := jsonb_array_length(p->'users') = 1;
  tok jsonb := p->'token'; -- the pending access token to check first, or null (json null)
  lvl integer;
begin
  -- the pending access token (0036): still the player's, unrevoked, unexpired at its time. A plan of
  -- one user and no checked rows carries this check in its user row's UPDATE (one statement less)
  if jsonb_typeof(tok) = 'object' then
    if has_updates or not one_user then
      if not la_token_live(tok, player) then return '{"status": "unauthenticated"}'::jsonb; end if;
      tok := null;
    end if;
  else
    tok := null;
  end if;
  -- the rows the plan was made on (a box at its version): read only, before any lock
  if has_updates then
    for r in select value from jsonb_array_elements(p->'updates') loop
      if r->>'table' = 'boxes' and r->'where' = jsonb_build_object('id', r#>'{where,id}',
                                                                   'current_version_id', r#>'{where,current_version_id}') then
        -- a box at the version opened (every opening): a static statement
        select count(*) into n from boxes
          where id = (r#>>'{where,id}')::bigint and current_version_id = (r#>>'{where,current_version_id}')::bigint;
      else
        cols := (select string_agg(format('%I = %L', k, r#>>array['where', k]), ' and ')
                   from jsonb_object_keys(r->'where') as k);
        execute format('select count(*) from %I where %s', r->>'table', cols) into n;
      end if;
      if n <> 1 then return jsonb_build_object('status', 'stale_row', 'table', r->>'table'); end if;
    end loop;
  end if;
  if one_user then
    -- one user (most bets): the ledger's conditional UPDATE first, by static statements on scalars.
    -- It locks the row and holds every refusal's condition; when it matches nothing, a read of the
    -- row says which refusal (nothing written yet). The pair's compare-and-set comes after it (the
    -- lock order), so a stale pair raises LA408 to roll this update back.
    t := p->'users'->0;
    update users set balance_cents = balance_cents + (t->>'net')::bigint,
                     wagered_cents = wagered_cents + (t->>'stake')::bigint,
                     edge_units = edge_units + (t->>'edge')::bigint
      where id = (t->>'id')::bigint and balance_cents >= (t->>'need')::bigint
        and (not (t->>'wager')::boolean or self_excluded_until is null or self_excluded_until <= now_ms)
        and (tok is null or exists (select from oauth_tokens
               where id = (tok->>'id')::bigint and access_hash = tok->>'hash' and user_id = player
                 and revoked_at is null and access_expires_at > (tok->>'at')::bigint))
      returning name, balance_cents, edge_units, level into u;
    if not found then
      if tok is not null and not la_token_live(tok, player) then
        return '{"status": "unauthenticated"}'::jsonb;
      end if;
      select self_excluded_until into u from users where id = (t->>'id')::bigint;
      if not found then return jsonb_build_object('status', 'missing'); end if;
      if (t->>'wager')::boolean and u.self_excluded_until is not null and u.self_excluded_until > now_ms then
        return jsonb_build_object('status', 'excluded', 'until', u.self_excluded_until);
      end if;
      return jsonb_build_object('status', 'insufficient'); -- (as the UPDATE saw the row)
    end if;
    player_name := u.name;
    lvl := u.level;
    if t->'levels' <> '[]' then
      -- the levels the plan offers (TypeScript's curve) that the row's edge units now reach
      select max((s->>0)::integer) into lvl from jsonb_array_elements(t->'levels') as s
        where u.edge_units >= (s->>1)::bigint;
      if lvl > u.level then
        update users set level = lvl where id = (t->>'id')::bigint and level < lvl;
      else
        lvl := u.level;
      end if;
    end if;
    moved := jsonb_build_object(t->>'id', jsonb_build_array(u.balance_cents, u.edge_units, lvl));
  else
    n := 0;
    for u in select users.id, users.name, users.balance_cents, users.self_excluded_until, x.need, x.wager
               from jsonb_to_recordset(p->'users') as x(id bigint, need bigint, wager boolean)
               join users on users.id = x.id order by users.id for no key update of users loop
      n := n + 1;
      if u.id = player then player_name := u.name; end if;
      if u.wager and u.self_excluded_until is not null and u.self_excluded_until > now_ms then
        return jsonb_build_object('status', 'excluded', 'until', u.self_excluded_until);
      end if;
      if u.balance_cents < u.need then return jsonb_build_object('status', 'insufficient'); end if;
    end loop;
    if n <> jsonb_array_length(p->'users') then return jsonb_build_object('status', 'missing'); end if;
  end if;

  update fair_seeds set nonce = nonce + (p->>'nonces')::bigint
    where id = (p#>>'{pair,id}')::bigint and nonce = (p#>>'{pair,nonce}')::bigint
      and server_seed_hash = p#>>'{pair,hash}' and client_seed = p#>>'{pair,client}';
  if not found then
    if t is null then return jsonb_build_object('status', 'stale'); end if;
    raise exception 'la_apply_bet: the seed pair moved on' using errcode = 'LA408'; -- (undoes the user's update)
  end if;
  if has_updates then
    for r in select value from jsonb_array_elements(p->'updates') loop
      cols := (select string_agg(format('%I = %L', k, r#>>array['where', k]), ' and ')
                 from jsonb_object_keys(r->'where') as k);
      if r->'add' <> '{}'::jsonb then
        execute format('update %I set %s where %s', r->>'table',
                       (select string_agg(format('%1$I = %1$I + %2$s', k, (r#>>array['add', k])::bigint), ', ')
                          from jsonb_object_keys(r->'add') as k), cols);
        get diagnostics n = row_count;
        if n <> 1 then
          raise exception 'la_apply_bet: the % row changed since the plan', r->>'table' using errcode = 'LA409';
        end if;
      end if;
    end loop;
  end if;
  -- the rows the bet takes (staked items): every one still as planned, else the claim's refusal
  if p->'claims' <> '[]' then
    for c in select value as claim, ordinality - 1 as i from jsonb_array_elements(p->'claims') with ordinality loop
      execute format('update %I set %s where id = any($1)%s', c.claim->>'table',
                     (select string_agg(format('%I = %L', k, c.claim#>>array['set', k]), ', ')
                        from jsonb_object_keys(c.claim->'set') as k),
                     coalesce((select string_agg(format(' and %I = %L', k, c.claim#>>array['where', k]), '')
                                 from jsonb_object_keys(c.claim->'where') as k), ''))
        using array(select jsonb_array_elements_text(c.claim->'ids'))::bigint[];
      get diagnostics n = row_count;
      if n <> jsonb_array_length(c.claim->'ids') then
        raise exception '%', c.i using errcode = 'LA410';
      end if;
    end loop;
  end if;

  for i in 0 .. jsonb_array_length(p->'rows') - 1 loop
    r := p->'rows'->i;
    v := r->'values';
    if cardinality(ids) > 0 and strpos(v::text, '{#') > 0 then v := la_plan_ids(v, ids); end if;
    -- the hot tables by static statements (planned once per session); any other by its keys
    case r->>'table'
    when 'dice_bets' then
      insert into dice_bets (user_id, amount_cents, payout_cents, target_bp, direction, roll_bp, multiplier, win,
                             server_seed_hash, client_seed, nonce, created_at)
        values ((v->>'user_id')::bigint, (v->>'amount_cents')::bigint, (v->>'payout_cents')::bigint,
                (v->>'target_bp')::integer, v->>'direction', (v->>'roll_bp')::integer, (v->>'multiplier')::float8,
                (v->>'win')::integer, v->>'server_seed_hash', v->>'client_seed', (v->>'nonce')::bigint,
                (v->>'created_at')::bigint)
        returning id into new_id;
    when 'plinko_bets' then
      insert into plinko_bets (user_id, amount_cents, payout_cents, rows, risk, path, bucket, multiplier,
                               server_seed_hash, client_seed, nonce, created_at)
        values ((v->>'user_id')::bigint, (v->>'amount_cents')::bigint, (v->>'payout_cents')::bigint,
                (v->>'rows')::integer, v->>'risk', v->>'path', (v->>'bucket')::integer, (v->>'multiplier')::float8,
                v->>'server_seed_hash', v->>'client_seed', (v->>'nonce')::bigint, (v->>'created_at')::bigint)
        returning id into new_id;
    when 'inventory_items' then
      insert into inventory_items (user_id, product_id, status, price_cents, sale_price_cents, size, source,
                                   source_ref, created_at, updated_at)
        select x.user_id, x.product_id, x.status, x.price_cents, x.sale_price_cents, x.size, x.source,
               x.source_ref, x.created_at, x.updated_at
        from jsonb_populate_record(null::inventory_items, v) as x returning id into new_id;
    when 'drops' then
      insert into drops (user_id, box_id, box_version_id, product_id, inventory_item_id, source, ticket, created_at)
        select x.user_id, x.box_id, x.box_version_id, x.product_id, x.inventory_item_id, x.source, x.ticket,
               x.created_at
        from jsonb_populate_record(null::drops, v) as x returning id into new_id;
    when 'box_openings' then
      insert into box_openings (user_id, box_id, box_version_id, product_id, inventory_item_id, drop_id,
                                price_cents, ticket, server_seed_hash, client_seed, nonce, created_at)
        select x.user_id, x.box_id, x.box_version_id, x.product_id, x.inventory_item_id, x.drop_id,
               x.price_cents, x.ticket, x.server_seed_hash, x.client_seed, x.nonce, x.created_at
        from jsonb_populate_record(null::box_openings, v) as x returning id into new_id;
    when 'upgrades' then
      insert into upgrades (user_id, stake_item_ids, stake_items_cents, stake_balance_cents, target_product_id,
                            target_price_cents, target_sale_price_cents, chance_bp, edge_bp, roll, win,
                            inventory_item_id, server_seed_hash, client_seed, nonce, created_at)
        select x.user_id, x.stake_item_ids, x.stake_items_cents, x.stake_balance_cents, x.target_product_id,
               x.target_price_cents, x.target_sale_price_cents, x.chance_bp, x.edge_bp, x.roll, x.win,
               x.inventory_item_id, x.server_seed_hash, x.client_seed, x.nonce, x.created_at
        from jsonb_populate_record(null::upgrades, v) as x returning id into new_id;
    else
      select string_agg(quote_ident(k), ', ') into cols from jsonb_object_keys(v) as k;
      execute format('insert into %I (%s) select %s from jsonb_populate_record(null::%I, $1) returning id',
                     r->>'table', cols, cols, r->>'table')
        using v into new_id;
    end case;
    ids := ids || new_id;
  end loop;
  -- a row's columns that name later rows (an upgrade and the item it granted name each other)
  if p->'links' <> '[]' then
    for r in select value from jsonb_array_elements(p->'links') loop
      v := la_plan_ids(r->'set', ids);
      execute format('update %I set %s where id = $1', r->>'table',
                     (select string_agg(format('%I = %L', k, v->>k), ', ') from jsonb_object_keys(v) as k))
        using ids[(r->>'row')::integer + 1];
    end loop;
  end if;
  if p->'counters' <> '[]' then
    for r in select value from jsonb_array_elements(p->'counters') loop
      if r->>'table' = 'box_open_counts' and r->'add' = jsonb_build_object('n', r#>'{add,n}')
         and r->'key' = jsonb_build_object('box_id', r#>'{key,box_id}', 'shard', r#>'{key,shard}') then
        -- the openings counter (every opening): a static statement
        insert into box_open_counts (box_id, shard, n)
          values ((r#>>'{key,box_id}')::bigint, (r#>>'{key,shard}')::integer, (r#>>'{add,n}')::bigint)
          on conflict (box_id, shard) do update set n = box_open_counts.n + excluded.n;
        continue;
      end if;
      select string_agg(quote_ident(k), ', ') into cols
        from (select jsonb_object_keys(r->'key') as k union all select jsonb_object_keys(r->'add')) as c;
      execute format('insert into %1$I (%2$s) select %2$s from jsonb_populate_record(null::%1$I, $1) on conflict (%3$s) do update set %4$s',
                     r->>'table', cols,
                     (select string_agg(quote_ident(k), ', ') from jsonb_object_keys(r->'key') as k),
                     (select string_agg(format('%1$I = %2$I.%1$I + excluded.%1$I', k, r->>'table'), ', ')
                        from jsonb_object_keys(r->'add') as k))
        using (r->'key') || (r->'add');
    end loop;
  end if;

  if t is null then
    with x as (
      update users set balance_cents = balance_cents + t.net, wagered_cents = wagered_cents + t.stake,
                       edge_units = edge_units + t.edge,
                       level = case when t.levels = '[]' then level else greatest(level, coalesce((
                         select max((s->>0)::integer) from jsonb_array_elements(t.levels) as s
                         where edge_units + t.edge >= (s->>1)::bigint), 0)) end
        from jsonb_to_recordset(p->'users')
          as t(id bigint, net bigint, need bigint, wager boolean, stake bigint, edge bigint, levels jsonb)
        where users.id = t.id and balance_cents >= t.need
          and (not t.wager or self_excluded_until is null or self_excluded_until <= now_ms)
        returning users.id, balance_cents, edge_units, level)
    select jsonb_object_agg(x.id::text, jsonb_build_array(x.balance_cents, x.edge_units, x.level)), count(*)
      into moved, n from x;
    if n <> jsonb_array_length(p->'users') then raise exception 'la_apply_bet: a locked user row changed'; end if;
  end if;

  -- the settled_wagers rows and the ledger rows in one statement; {#i} in a move's reference or
  -- key by la_plan_text, per field that holds one
  with settled as (
    insert into settled_wagers (user_id, kind, table_key, stake_cents, edge_units, wager_key, settled_at)
      select s.user_id, s.kind, s.table_key, s.stake_cents, s.edge_units, s.wager_key, now_ms
      from jsonb_to_recordset(p->'settled')
        as s(user_id bigint, kind text, table_key text, stake_cents bigint, edge_units bigint, wager_key text))
  insert into ledger (user_id, delta_cents, balance_after_cents, kind, reference, idempotency_key, created_at)
    select m.user_id, m.delta, (moved->(m.user_id::text)->>0)::bigint + m.offset_cents, m.kind,
           case when strpos(m.reference, '{#') > 0 then la_plan_text(m.reference, ids) else m.reference end,
           case when strpos(m.key, '{#') > 0 then la_plan_text(m.key, ids) else m.key end, now_ms
    from jsonb_to_recordset(p->'moves')
      as m(user_id bigint, delta bigint, offset_cents bigint, kind text, reference text, key text);

  return jsonb_build_object('status', 'ok', 'ids', to_jsonb(ids), 'users', moved, 'name', player_name);
end $$`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('ledger_time_kind_idx').execute();
  if (dialect !== 'postgres') return;
  for (const table of ['ledger', 'settled_wagers', 'dice_bets', 'plinko_bets'])
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_user_id_fkey`)}`.execute(db);
  await tokenLive.execute(db);
  await applyBet.execute(db); // (replaces 0036's wrapper)
  await sql`drop function la_apply_plan(jsonb)`.execute(db);
}
