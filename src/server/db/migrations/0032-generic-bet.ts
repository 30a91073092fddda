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
  t jsonb;
  u record;
  r jsonb;
  vals text;
  cols text;
  new_id bigint;
  ids bigint[] := '{}';
  moved jsonb := '{}';
  player_name text;
  moves jsonb;
  n bigint;
begin
  -- the rows the plan was made on (a box at its version): read only, before any lock
  for r in select value from jsonb_array_elements(p->'updates') loop
    cols := (select string_agg(format('%I = %L', k, r#>>array['where', k]), ' and ')
               from jsonb_object_keys(r->'where') as k);
    execute format('select count(*) from %I where %s', r->>'table', cols) into n;
    if n <> 1 then return jsonb_build_object('status', 'stale_row', 'table', r->>'table'); end if;
  end loop;
  select name into player_name from users where id = (p->>'user')::bigint;
  for t in select value from jsonb_array_elements(p->'users') order by (value->>'id')::bigint loop
    select balance_cents, self_excluded_until into u from users where id = (t->>'id')::bigint for no key update;
    if not found then return jsonb_build_object('status', 'missing'); end if;
    if (t->>'wager')::boolean and u.self_excluded_until is not null and u.self_excluded_until > now_ms then
      return jsonb_build_object('status', 'excluded', 'until', u.self_excluded_until);
    end if;
    if u.balance_cents < (t->>'need')::bigint then return jsonb_build_object('status', 'insufficient'); end if;
  end loop;
  if player_name is null then return jsonb_build_object('status', 'missing'); end if;

  update fair_seeds set nonce = nonce + (p->>'nonces')::bigint
    where id = (p#>>'{pair,id}')::bigint and nonce = (p#>>'{pair,nonce}')::bigint
      and server_seed_hash = p#>>'{pair,hash}' and client_seed = p#>>'{pair,client}';
  if not found then return jsonb_build_object('status', 'stale'); end if;
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

  for r in select value from jsonb_array_elements(p->'rows') loop
    vals := (r->'values')::text;
    if strpos(vals, '{#') > 0 then
      for i in 1 .. cardinality(ids) loop vals := replace(vals, '{#' || (i - 1) || '}', ids[i]::text); end loop;
    end if;
    select string_agg(quote_ident(k), ', ') into cols from jsonb_object_keys(r->'values') as k;
    execute format('insert into %I (%s) select %s from jsonb_populate_record(null::%I, $1) returning id',
                   r->>'table', cols, cols, r->>'table')
      using vals::jsonb into new_id;
    ids := ids || new_id;
  end loop;
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

  for t in select value from jsonb_array_elements(p->'users') order by (value->>'id')::bigint loop
    update users set balance_cents = balance_cents + (t->>'net')::bigint,
                     wagered_cents = wagered_cents + (t->>'stake')::bigint,
                     edge_units = edge_units + (t->>'edge')::bigint,
                     level = greatest(level, coalesce((
                       select max((x->>0)::integer) from jsonb_array_elements(t->'levels') as x
                       where edge_units + (t->>'edge')::bigint >= (x->>1)::bigint), 0))
      where id = (t->>'id')::bigint and balance_cents >= (t->>'need')::bigint
        and (not (t->>'wager')::boolean or self_excluded_until is null or self_excluded_until <= now_ms)
      returning balance_cents, edge_units, level into u;
    if not found then raise exception 'la_apply_bet: the locked user row % changed', t->>'id'; end if;
    moved := moved || jsonb_build_object(t->>'id', jsonb_build_array(u.balance_cents, u.edge_units, u.level));
  end loop;

  insert into settled_wagers (user_id, kind, table_key, stake_cents, edge_units, wager_key, settled_at)
    select s.user_id, s.kind, s.table_key, s.stake_cents, s.edge_units, s.wager_key, now_ms
    from jsonb_to_recordset(p->'settled')
      as s(user_id bigint, kind text, table_key text, stake_cents bigint, edge_units bigint, wager_key text);

  moves := p->'moves';
  if strpos(moves::text, '{#') > 0 then
    vals := moves::text;
    for i in 1 .. cardinality(ids) loop vals := replace(vals, '{#' || (i - 1) || '}', ids[i]::text); end loop;
    moves := vals::jsonb;
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
