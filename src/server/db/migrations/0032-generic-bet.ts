// PostgreSQL only (a no-op on SQLite): ONE generic bet function, `la_apply_bet(plan jsonb)`, that
// applies a plan made in TypeScript (src/server/bets/plan.ts, bets/apply-pg.ts) in one round trip,
// and the drop of the per-game functions of 0020–0022 (dice, plinko, box openings). The upgrade's
// la_upgrade (0023) and the HMAC, level and chance helpers it still calls stay until the upgrade
// moves onto the engine (bets/README.md). No game, fairness or level rule is in SQL: the
// function only locks, checks, compares and writes what the plan says.
//   0. the plan's checked rows (`updates`: e.g. a box still at the version planned on), read
//      without a lock: one that no longer matches answers 'stale_row', nothing written;
//   1. the user rows the plan moves, in ascending id, FOR NO KEY UPDATE (the lock order): a missing
//      row answers 'missing', a wager of a self-excluded player 'excluded', a balance below what
//      the moves need 'insufficient' — nothing written;
//   2. the seed pair's nonce by compare-and-set (`where id = pair and nonce = expected and` its
//      seeds): another bet or a rotation since the plan answers 'stale', nothing written; the
//      caller re-plans;
//   3. the plan's updates that add to a row (a custom box's creator earnings): a row that no longer
//      matches raises SQLSTATE LA409, rolling the statement back; the caller reloads and re-plans;
//      the rows, per plan row one insert of its jsonb object into its table (`{#i}` in a value is
//      replaced by row i's id first), then the counters (insert or add on the key's conflict);
// Speed (PostgreSQL dice/plinko bench): plpgsql plans an EXECUTE on every call, so the hot path
// avoids it — dice_bets and plinko_bets rows go in by static statements (their column lists are
// here: a new column of those tables must be added below, else it takes its default), a one-user
// plan (most bets) locks and updates its row by static statements on scalars, and empty
// updates/counters/settled are skipped. Other tables, and several users, take the generic path.
//   4. per user the ledger's conditional UPDATE (never below 0, the self-exclusion condition for a
//      wager, wagered and edge units added), the settled_wagers rows, the ledger rows (balance after
//      = the user's balance after the plan + the move's offset).
// It answers {status 'ok', ids, users: {id: [balance, edge_units, level]}, name}. The level is
// TypeScript's (shared/levels.ts): the plan argument carries, per user, the levels the bet may reach
// as [level, edge units it needs] pairs (none when the caller does not know the user's edge units);
// the function grants those the row's edge units reach, and the caller raises the level from the
// answer when a level it did not offer was reached.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

const applyBet = sql`
create function la_apply_bet(p jsonb) returns jsonb
language plpgsql as $$
declare
  now_ms bigint := (p->>'now')::bigint;
  player bigint := (p->>'user')::bigint;
  t jsonb;
  u record;
  r jsonb;
  v jsonb;
  vals text;
  cols text;
  new_id bigint;
  ids bigint[] := '{}';
  moved jsonb;
  player_name text;
  moves jsonb;
  n bigint;
  has_updates boolean := p->'updates' <> '[]';
begin
  -- the rows the plan was made on (a box at its version): read only, before any lock
  if has_updates then
    for r in select value from jsonb_array_elements(p->'updates') loop
      cols := (select string_agg(format('%I = %L', k, r#>>array['where', k]), ' and ')
                 from jsonb_object_keys(r->'where') as k);
      execute format('select count(*) from %I where %s', r->>'table', cols) into n;
      if n <> 1 then return jsonb_build_object('status', 'stale_row', 'table', r->>'table'); end if;
    end loop;
  end if;
  if jsonb_array_length(p->'users') = 1 then
    -- one user (most bets): static statements on scalars
    t := p->'users'->0;
    select id, name, balance_cents, self_excluded_until into u from users where id = (t->>'id')::bigint for no key update;
    if not found then return jsonb_build_object('status', 'missing'); end if;
    if u.id = player then player_name := u.name; end if;
    if (t->>'wager')::boolean and u.self_excluded_until is not null and u.self_excluded_until > now_ms then
      return jsonb_build_object('status', 'excluded', 'until', u.self_excluded_until);
    end if;
    if u.balance_cents < (t->>'need')::bigint then return jsonb_build_object('status', 'insufficient'); end if;
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
  if player_name is null then
    select name into player_name from users where id = player;
    if player_name is null then return jsonb_build_object('status', 'missing'); end if;
  end if;

  update fair_seeds set nonce = nonce + (p->>'nonces')::bigint
    where id = (p#>>'{pair,id}')::bigint and nonce = (p#>>'{pair,nonce}')::bigint
      and server_seed_hash = p#>>'{pair,hash}' and client_seed = p#>>'{pair,client}';
  if not found then return jsonb_build_object('status', 'stale'); end if;
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

  for r in select value from jsonb_array_elements(p->'rows') loop
    v := r->'values';
    if cardinality(ids) > 0 then
      vals := v::text;
      if strpos(vals, '{#') > 0 then
        for i in 1 .. cardinality(ids) loop vals := replace(vals, '{#' || (i - 1) || '}', ids[i]::text); end loop;
        v := vals::jsonb;
      end if;
    end if;
    -- the hot tables by static statements (planned once per session); any other by its keys
    case r->>'table'
    when 'dice_bets' then
      insert into dice_bets (user_id, amount_cents, payout_cents, target_bp, direction, roll_bp, multiplier, win,
                             server_seed_hash, client_seed, nonce, created_at)
        select x.user_id, x.amount_cents, x.payout_cents, x.target_bp, x.direction, x.roll_bp, x.multiplier, x.win,
               x.server_seed_hash, x.client_seed, x.nonce, x.created_at
        from jsonb_populate_record(null::dice_bets, v) as x returning id into new_id;
    when 'plinko_bets' then
      insert into plinko_bets (user_id, amount_cents, payout_cents, rows, risk, path, bucket, multiplier,
                               server_seed_hash, client_seed, nonce, created_at)
        select x.user_id, x.amount_cents, x.payout_cents, x.rows, x.risk, x.path, x.bucket, x.multiplier,
               x.server_seed_hash, x.client_seed, x.nonce, x.created_at
        from jsonb_populate_record(null::plinko_bets, v) as x returning id into new_id;
    else
      select string_agg(quote_ident(k), ', ') into cols from jsonb_object_keys(v) as k;
      execute format('insert into %I (%s) select %s from jsonb_populate_record(null::%I, $1) returning id',
                     r->>'table', cols, cols, r->>'table')
        using v into new_id;
    end case;
    ids := ids || new_id;
  end loop;
  if p->'counters' <> '[]' then
    for r in select value from jsonb_array_elements(p->'counters') loop
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

  if t is not null then
    update users set balance_cents = balance_cents + (t->>'net')::bigint,
                     wagered_cents = wagered_cents + (t->>'stake')::bigint,
                     edge_units = edge_units + (t->>'edge')::bigint,
                     level = case when t->'levels' = '[]' then level else greatest(level, coalesce((
                       select max((s->>0)::integer) from jsonb_array_elements(t->'levels') as s
                       where edge_units + (t->>'edge')::bigint >= (s->>1)::bigint), 0)) end
      where id = (t->>'id')::bigint and balance_cents >= (t->>'need')::bigint
        and (not (t->>'wager')::boolean or self_excluded_until is null or self_excluded_until <= now_ms)
      returning balance_cents, edge_units, level into u;
    if not found then raise exception 'la_apply_bet: the locked user row % changed', t->>'id'; end if;
    moved := jsonb_build_object(t->>'id', jsonb_build_array(u.balance_cents, u.edge_units, u.level));
  else
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

  if p->'settled' <> '[]' then
    insert into settled_wagers (user_id, kind, table_key, stake_cents, edge_units, wager_key, settled_at)
      select s.user_id, s.kind, s.table_key, s.stake_cents, s.edge_units, s.wager_key, now_ms
      from jsonb_to_recordset(p->'settled')
        as s(user_id bigint, kind text, table_key text, stake_cents bigint, edge_units bigint, wager_key text);
  end if;

  moves := p->'moves';
  if cardinality(ids) > 0 then
    vals := moves::text;
    if strpos(vals, '{#') > 0 then
      for i in 1 .. cardinality(ids) loop vals := replace(vals, '{#' || (i - 1) || '}', ids[i]::text); end loop;
      moves := vals::jsonb;
    end if;
  end if;
  insert into ledger (user_id, delta_cents, balance_after_cents, kind, reference, idempotency_key, created_at)
    select m.user_id, m.delta, (moved->(m.user_id::text)->>0)::bigint + m.offset_cents, m.kind, m.reference, m.key,
           now_ms
    from jsonb_to_recordset(moves)
      as m(user_id bigint, delta bigint, offset_cents bigint, kind text, reference text, key text);

  return jsonb_build_object('status', 'ok', 'ids', to_jsonb(ids), 'users', moved, 'name', player_name);
end $$`;

const dropped = [
  'la_dice_bet(bigint, bigint, integer, text, double precision, bigint, bigint, bigint)',
  'la_plinko_bet(bigint, bigint, integer, text, double precision[], bigint[], bigint, bigint)',
  'la_box_open(bigint, bigint, bigint, integer, bigint, text, text, bigint, bigint, bigint, text, integer[], integer[], bigint[], bigint[], bigint[], bigint)',
];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await applyBet.execute(db);
  for (const fn of dropped) await sql.raw(`drop function if exists ${fn}`).execute(db);
}
