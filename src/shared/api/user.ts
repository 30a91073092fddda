// The player as the API shows them (GET /api/profile → {data: user}).
import { z } from 'zod';

/** Schema of the user object (balance in dollars, 2 decimals). */
export const publicUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  email_verified: z.boolean().optional(), // the owner proved the email (mailed link, password reset or provider)
  balance: z.number(), // dollars
  user_level: z.object({
    level: z.number().int(),
    xp: z.number().int().optional(), // 1 XP per $1 wagered (shared/levels.ts)
    level_xp: z.number().int().optional(), // total XP at which the current level began
    next_level_xp: z.number().int().nullable().optional(), // total XP for the next level; null at the top
  }),
  created_at: z.string(), // ISO 8601
});

/** A signed-in player. */
export type PublicUser = z.infer<typeof publicUserSchema>;

/** GET /api/profile. */
export const profileResponseSchema = z.object({ data: publicUserSchema });
