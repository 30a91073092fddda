// PostgreSQL only (a no-op on SQLite): the instant bet checks its player's access token in its own
// statement, so a bet whose pair and token are cached in process is ONE round trip end to end
// (plugins/auth.ts `authenticatePending`, modules/auth/token-cache.ts). 0034's function is renamed
// `la_apply_plan` (body unchanged) and `la_apply_bet(plan jsonb)` becomes a wrapper: when the plan
// carries `token: {id, hash, at}` (a token the process accepted lately, not looked up for this
// request), the token must still be the player's, unrevoked and unexpired at `at` (the request's
// epoch ms, the auth clock) — one primary-key read — else it answers 'unauthenticated' before
// anything is locked or written (the route answers 401, as for an unknown token); a plan whose token
// is null (looked up already, or a call outside a request) goes straight on. A revocation, logout or
// password change committed by any instance refuses the next bet that reads it.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

const rename = sql`alter function la_apply_bet(jsonb) rename to la_apply_plan`;

const applyBet = sql`
create function la_apply_bet(p jsonb) returns jsonb
language plpgsql as $$
begin
  if jsonb_typeof(p->'token') = 'object' and not exists (
       select from oauth_tokens
       where id = (p#>>'{token,id}')::bigint and access_hash = p#>>'{token,hash}'
         and user_id = (p->>'user')::bigint and revoked_at is null
         and access_expires_at > (p#>>'{token,at}')::bigint) then
    return '{"status": "unauthenticated"}'::jsonb;
  end if;
  return la_apply_plan(p);
end $$`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await rename.execute(db);
  await applyBet.execute(db);
}
