// What the replay routes and page previews need: the database, the per-address limiter, the clock
// (a wheel day's seed is revealed once the day is over) and the site's origin (og:url).
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';

/** The replays' dependencies. */
export interface ReplayContext {
  db: Kysely<Tables>;
  limiter: RateLimiter;
  now: () => number;
  siteUrl: string;
}
