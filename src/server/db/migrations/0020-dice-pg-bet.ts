// PostgreSQL only (a no-op on SQLite): a dice bet as ONE function call, so a bet is one round trip
// (modules/dice/dice.pg-bet.ts). `la_hmac_sha256` is HMAC-SHA256 (RFC 2104) over the built-in
// sha256(), so no extension is needed (la_xor_pad is its key ⊕ pad step); `la_level_for_xp` is shared/levels.ts levelForXp step for
// step; `la_dice_bet` does what dice.service.ts placeDiceBet does through the ledger, in the same
// lock order (the user row, then the active seed pair) and with the same rows. It answers a JSON
// object whose `status` is 'ok', or 'missing' / 'excluded' / 'insufficient' / 'no_pair' with
// nothing written (the checks run on the locked user row before any write).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// K' ⊕ pad for a 64-byte block, as eight 64-bit XORs written out (no loop, no query: PostgreSQL
// evaluates it as one expression)
const xorChunks = Array.from(
  { length: 8 },
  (_, i) => `lpad(to_hex(('x' || substr(h, ${i * 16 + 1}, 16))::bit(64)::bigint # pad), 16, '0')`,
).join(' || ');
const xorPad = sql.raw(`
create function la_xor_pad(h text, pad bigint) returns bytea
language sql immutable strict as $$ select decode(${xorChunks}, 'hex') $$`);

const hmac = sql`
create function la_hmac_sha256(key bytea, message bytea) returns bytea
language plpgsql immutable strict as $$
declare
  k bytea := case when length(key) > 64 then sha256(key) else key end;
  h text := encode(k, 'hex') || repeat('00', 64 - length(k));
begin
  -- pads 0x36… and 0x5c… as signed 64-bit integers
  return sha256(la_xor_pad(h, 6655295901103053916) || sha256(la_xor_pad(h, 3906369333256140342) || message));
end $$`;

const level = sql`
create function la_level_for_xp(xp bigint) returns integer
language plpgsql immutable strict as $$
declare
  lvl integer;
begin
  if xp <= 0 then return 1; end if;
  lvl := least(120, floor(sqrt(xp::double precision / 25))::integer + 1);
  while lvl < 120 and 25 * lvl::bigint * lvl <= xp loop lvl := lvl + 1; end loop;
  return lvl;
end $$`;

const diceBet = sql`
create function la_dice_bet(
  p_user bigint, p_amount bigint, p_target_bp integer, p_direction text, p_multiplier double precision,
  p_win_payout bigint, p_edge_units bigint, p_now bigint
) returns json
language plpgsql as $$
declare
  u record;
  pair record;
  h bytea;
  roll integer;
  won boolean;
  payout bigint;
  bet_id bigint;
  after_bet bigint;
  after_all bigint;
  seed_key text;
begin
  select name, balance_cents, self_excluded_until into u from users where id = p_user for no key update;
  if not found then return json_build_object('status', 'missing'); end if;
  if u.self_excluded_until is not null and u.self_excluded_until > p_now then
    return json_build_object('status', 'excluded', 'until', u.self_excluded_until);
  end if;
  if u.balance_cents < p_amount then return json_build_object('status', 'insufficient'); end if;

  update fair_seeds set nonce = nonce + 1 where user_id = p_user and slot = 'active'
    returning server_seed, server_seed_hash, client_seed, nonce - 1 as nonce into pair;
  if not found then return json_build_object('status', 'no_pair'); end if;

  -- shared/fair: HMAC-SHA256(server seed, "client:nonce:0"), first 4 bytes big-endian / 2^32,
  -- roll = floor(f × 10001) / 100, in integers (exact: u32 × 10001 < 2^46)
  h := la_hmac_sha256(convert_to(pair.server_seed, 'UTF8'),
                      convert_to(pair.client_seed || ':' || pair.nonce || ':0', 'UTF8'));
  roll := (((get_byte(h, 0)::bigint << 24) | (get_byte(h, 1) << 16) | (get_byte(h, 2) << 8) | get_byte(h, 3))
           * 10001) >> 32;
  won := case when p_direction = 'over' then roll > p_target_bp else roll < p_target_bp end;
  payout := case when won then p_win_payout else 0 end;

  insert into dice_bets (user_id, amount_cents, payout_cents, target_bp, direction, roll_bp, multiplier, win,
                         server_seed_hash, client_seed, nonce, created_at)
    values (p_user, p_amount, payout, p_target_bp, p_direction, roll, p_multiplier, case when won then 1 else 0 end,
            pair.server_seed_hash, pair.client_seed, pair.nonce, p_now)
    returning id into bet_id;

  update users set balance_cents = balance_cents - p_amount + payout,
                   wagered_cents = wagered_cents + p_amount,
                   edge_units = edge_units + p_edge_units,
                   level = greatest(level, la_level_for_xp((edge_units + p_edge_units) / 10000))
    where id = p_user and balance_cents >= p_amount
      and (self_excluded_until is null or self_excluded_until <= p_now)
    returning balance_cents into after_all;
  if not found then raise exception 'la_dice_bet: the locked user row changed'; end if;
  after_bet := after_all - payout;

  seed_key := 'dice:' || pair.server_seed_hash || ':' || pair.nonce;
  insert into ledger (user_id, delta_cents, balance_after_cents, kind, reference, idempotency_key, created_at)
    values (p_user, -p_amount, after_bet, 'bet', 'dice_bet:' || bet_id, seed_key || ':bet', p_now);
  if payout > 0 then
    insert into ledger (user_id, delta_cents, balance_after_cents, kind, reference, idempotency_key, created_at)
      values (p_user, payout, after_all, 'win', 'dice_bet:' || bet_id, seed_key || ':win', p_now);
  end if;

  return json_build_object('status', 'ok', 'id', bet_id, 'roll_bp', roll, 'win', won, 'payout_cents', payout,
    'nonce', pair.nonce, 'client_seed', pair.client_seed, 'server_seed_hash', pair.server_seed_hash,
    'balance_cents', after_all, 'user_name', u.name);
end $$`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const statement of [xorPad, hmac, level, diceBet]) await statement.execute(db);
}
