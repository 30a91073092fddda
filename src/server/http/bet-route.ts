// Declares the POST route of an instant bet (dice, plinko, upgrade): signed in, a small JSON body and
// an optional Idempotency-Key header whose first answer is remembered in the bet's own transaction.
// On PostgreSQL a token the process accepted lately is not looked up: it goes with the bet, whose
// la_apply_bet checks it (plugins/auth.ts, modules/auth/token-cache.ts); a call with an
// Idempotency-Key looks it up first (the key's stored answer is read before the bet).
import type { FastifyInstance } from 'fastify';
import type { z, ZodType } from 'zod';
import type { Database } from '../db/database.ts';
import type { ModuleContext } from '../module-context.ts';
import { idempotentCall, runOnce, type Remember } from '../modules/wallet/idempotency.ts';
import { defineRoute } from './route.ts';
import type { BetCall } from '../bets/place.ts';

/** What an instant-bet route declares besides its URL and documentation. */
export interface BetRoute<B extends ZodType, R extends ZodType, P> {
  url: string;
  summary: string;
  tags: string[];
  scope: string; // the Idempotency-Key scope, e.g. "dice:bet"
  body: B;
  response: R;
  // the game service; `remember` is set only for a call with an Idempotency-Key (without one the bet may
  // take the fast path: one synchronous job on SQLite, one statement on PostgreSQL), `token` when pending
  place: (database: Database, userId: number, body: z.infer<B>, now: number, call: BetCall<P>) => Promise<P>;
  view: (placed: P) => z.input<R>;
  after: (placed: P, userId: number) => Promise<void>; // once committed, not on a replayed answer
}

/** Registers an instant bet's POST route. */
export function defineBetRoute<B extends ZodType, R extends ZodType, P>(
  app: FastifyInstance,
  { database, now }: ModuleContext,
  bet: BetRoute<B, R, P>,
): void {
  const { url, summary, tags, body, response } = bet;
  defineRoute(
    app,
    { method: 'POST', url, summary, tags, auth: 'pending', body, response, bodyLimit: 4096 },
    async (input) => {
      const { user, request } = input;
      const call = idempotentCall(request, user.id, bet.scope, input.body);
      if (call) await user.pending?.confirm();
      const token = user.pending;
      return runOnce(database.db, call, {
        work: (remember: Remember<P>) =>
          bet.place(database, user.id, input.body, now(), call ? { remember, token } : { token }),
        view: bet.view,
        after: (placed) => bet.after(placed, user.id),
      });
    },
  );
}
