// The light part of the replay contract (replay.ts): a replay's path and the player as the public
// answers show them. Its own module: the chat, in the shell every page loads, links shared bets to
// their replays, and replay.ts brings the outcome schemas and the fairness functions with it.
import { z } from 'zod';
import type { ArchiveGame } from './profile-bets.ts';

/** The site path of a bet's replay (the page /bets/{game}/{id}; the API is /api/bets/{game}/{id}). */
export const replayPath = (game: ArchiveGame, id: number): string => `/bets/${game}/${id}`;

/** A player as a replay or a shared bet shows them, or null when they hide their public stats ("Hidden"). */
export const publicPlayerSchema = z
  .object({ id: z.number().int(), name: z.string(), avatar_url: z.string().nullable(), level: z.number().int() })
  .nullable();
