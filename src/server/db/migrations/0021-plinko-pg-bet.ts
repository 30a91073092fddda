// PostgreSQL only (a no-op on SQLite): a plinko drop as ONE function call, so a drop is one round
// trip (modules/plinko/plinko.pg-bet.ts). `la_plinko_bet` does what plinko.service.ts placePlinkoBet
// does through the ledger, in the same lock order (the user row, then the active seed pair) and with
// the same rows; it reuses 0020's la_hmac_sha256 and la_level_for_xp. The caller passes the board's
// row of multipliers and the payout of each bucket for this stake (computed in JS by the same
// plinkoTable / plinkoPayoutCents as the ledger path), so SQL only derives the path. It answers a
// JSON object whose `status` is 'ok', or 'missing' / 'excluded' / 'insufficient' / 'no_pair' with
// nothing written (the checks run on the locked user row before any write).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

const plinkoBet = sql`
create function la_plinko_bet(
  p_user bigint, p_amount bigint, p_rows integer, p_risk text, p_multipliers double precision[],
  p_payouts bigint[], p_edge_units bigint, p_now bigint
) returns json
language plpgsql as $$
declare
  u record;
  pair record;
  seed bytea;
  h0 bytea;
  h1 bytea;
  right_turn boolean;
  drop_path text := '';
  drop_bucket integer := 0;
  payout bigint;
  bet_id bigint;
  after_bet bigint;
  after_all bigint;
  seed_key text;
begin
  if p_rows not between 8 and 16 or array_length(p_multipliers, 1) <> p_rows + 1
     or array_length(p_payouts, 1) <> p_rows + 1 then
    raise exception 'la_plinko_bet: % rows need % multipliers and payouts', p_rows, p_rows + 1;
  end if;
  select name, balance_cents, self_excluded_until into u from users where id = p_user for no key update;
  if not found then return json_build_object('status', 'missing'); end if;
  if u.self_excluded_until is not null and u.self_excluded_until > p_now then
    return json_build_object('status', 'excluded', 'until', u.self_excluded_until);
  end if;
  if u.balance_cents < p_amount then return json_build_object('status', 'insufficient'); end if;

  update fair_seeds set nonce = nonce + 1 where user_id = p_user and slot = 'active'
    returning server_seed, server_seed_hash, client_seed, nonce - 1 as nonce into pair;
  if not found then return json_build_object('status', 'no_pair'); end if;

  -- shared/fair: one float per row from the byte stream HMAC-SHA256(server seed,
  -- "client:nonce:round"), 4 bytes each, 8 per round; floor(f × 2) is 1 (right) exactly when the
  -- float's first byte is 128 or more (f = b0/256 + … < (b0 + 1)/256)
  seed := convert_to(pair.server_seed, 'UTF8');
  h0 := la_hmac_sha256(seed, convert_to(pair.client_seed || ':' || pair.nonce || ':0', 'UTF8'));
  if p_rows > 8 then
    h1 := la_hmac_sha256(seed, convert_to(pair.client_seed || ':' || pair.nonce || ':1', 'UTF8'));
  end if;
  for i in 0 .. p_rows - 1 loop
    right_turn := get_byte(case when i < 8 then h0 else h1 end, (i % 8) * 4) >= 128;
    drop_path := drop_path || case when right_turn then 'R' else 'L' end;
    drop_bucket := drop_bucket + case when right_turn then 1 else 0 end;
  end loop;
  payout := p_payouts[drop_bucket + 1];

  insert into plinko_bets (user_id, amount_cents, payout_cents, rows, risk, path, bucket, multiplier,
                           server_seed_hash, client_seed, nonce, created_at)
    values (p_user, p_amount, payout, p_rows, p_risk, drop_path, drop_bucket, p_multipliers[drop_bucket + 1],
            pair.server_seed_hash, pair.client_seed, pair.nonce, p_now)
    returning id into bet_id;

  update users set balance_cents = balance_cents - p_amount + payout,
                   wagered_cents = wagered_cents + p_amount,
                   edge_units = edge_units + p_edge_units,
                   level = greatest(level, la_level_for_xp((edge_units + p_edge_units) / 10000))
    where id = p_user and balance_cents >= p_amount
      and (self_excluded_until is null or self_excluded_until <= p_now)
    returning balance_cents into after_all;
  if not found then raise exception 'la_plinko_bet: the locked user row changed'; end if;
  after_bet := after_all - payout;

  seed_key := 'plinko:' || pair.server_seed_hash || ':' || pair.nonce;
  insert into ledger (user_id, delta_cents, balance_after_cents, kind, reference, idempotency_key, created_at)
    values (p_user, -p_amount, after_bet, 'plinko_bet', 'plinko_bet:' || bet_id, seed_key || ':bet', p_now);
  if payout > 0 then
    insert into ledger (user_id, delta_cents, balance_after_cents, kind, reference, idempotency_key, created_at)
      values (p_user, payout, after_all, 'plinko_win', 'plinko_bet:' || bet_id, seed_key || ':win', p_now);
  end if;

  return json_build_object('status', 'ok', 'id', bet_id, 'path', drop_path, 'bucket', drop_bucket, 'nonce', pair.nonce,
    'client_seed', pair.client_seed, 'server_seed_hash', pair.server_seed_hash, 'balance_cents', after_all,
    'user_name', u.name);
end $$`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await plinkoBet.execute(db);
}
