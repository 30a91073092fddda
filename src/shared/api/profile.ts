// Profile hub contract (/profile main): name, password, avatar, stats and sessions.
import { z } from 'zod';
import { mixedScriptMessage, mixesLookAlikeScripts } from '../mixed-script.ts';
import { confirmationField, confirmationMatches, confirmationMismatch, passwordField } from './auth.ts';
import { publicUserSchema } from './user.ts';

/** Avatars shipped in assets/avatars (served at /img/avatars/{name}.svg). */
export const SHIPPED_AVATARS = ['fox', 'owl', 'robot', 'cat', 'panda', 'dragon', 'ghost', 'astronaut'] as const;
/** A shipped avatar's name. */
export type ShippedAvatar = (typeof SHIPPED_AVATARS)[number];
/** The served URL of a shipped avatar. */
export function shippedAvatarUrl(name: ShippedAvatar): string {
  return `/img/avatars/${name}.svg`;
}
/** Largest avatar upload, bytes (2 MB). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Largest side of a stored avatar, px: the page scales larger pictures down before uploading. */
export const AVATAR_MAX_SIDE = 256;
/** The refusal of an avatar larger than AVATAR_MAX_SIDE (an upload that bypassed the page's scaling). */
export const avatarSideMessage = `The avatar may be at most ${AVATAR_MAX_SIDE} × ${AVATAR_MAX_SIDE} pixels.`;

/** POST /api/profile/name body. */
export const nameBodySchema = z.object({
  name: z
    .string({ error: 'Nickname is required' })
    .trim()
    .min(1, 'Nickname is required')
    .max(64, 'Nickname may not be longer than 64 characters.')
    .refine((s) => !/[\p{Cc}\p{Cf}]/u.test(s), 'Nickname is not valid.')
    .refine((s) => !mixesLookAlikeScripts(s), mixedScriptMessage('Nickname')),
});

/** POST /api/profile/password body. */
export const passwordBodySchema = z
  .object({
    current_password: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(200, 'The current password is incorrect.'),
    password: passwordField('New password is required'),
    password_confirmation: confirmationField(),
  })
  .refine(confirmationMatches, confirmationMismatch);

/** POST /api/profile/avatar/preset body: one of the shipped avatars. */
export const avatarPresetBodySchema = z.object({
  avatar: z.enum(SHIPPED_AVATARS, { error: 'Choose one of the avatars shown.' }),
});

/** `{msg, data: user}` answers of the calls that change the player. */
export const profileUpdateSchema = z.object({ msg: z.string(), data: publicUserSchema });

/** The player's single biggest win, with a link to verify it. */
export const biggestWinSchema = z.object({
  game: z.enum(['box', 'dice', 'upgrade', 'plinko', 'crash', 'wheel', 'battle']),
  amount: z.number(), // dollars
  title: z.string(), // what was won, e.g. the item's name, "Dice ×2.00", "Rocket ×3.10" or "Battle #12"
  created_at: z.string(), // ISO 8601
  link: z.string(), // site path of the provably-fair page (a battle: its page) filled in for this result
});

/** GET /api/profile/stats → {data}. */
export const profileStatsSchema = z.object({
  data: z.object({
    wagered: z.number(), // dollars of settled wagers in every game (refunded or canceled ones never count)
    bets: z.number().int(), // settled dice, Bounce, Rocket, Crazy Wheel and battle-seat wagers, and upgrades
    openings: z.number().int(), // box reels opened (paid, custom and free)
    biggest_win: biggestWinSchema.nullable(),
    level: z.object({
      level: z.number().int(),
      xp: z.number().int(),
      level_xp: z.number().int(), // total XP at which the current level began
      next_level_xp: z.number().int().nullable(), // null at the top level
    }),
  }),
});

/** Profile stats. */
export type ProfileStats = z.infer<typeof profileStatsSchema>['data'];

/** GET /api/profile/sessions → {data}: signed-in devices (one per sign-in, kept alive by refreshes). */
export const sessionsSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      signed_in_at: z.string(), // ISO 8601
      last_active_at: z.string(), // ISO 8601: the last token refresh
      current: z.boolean(), // the session of this request
    }),
  ),
});

/** A signed-in session. */
export type ProfileSession = z.infer<typeof sessionsSchema>['data'][number];
