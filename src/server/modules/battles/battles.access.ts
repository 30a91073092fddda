// Who may see a battle (issue 24): a public battle is open to everyone; a private one only to its
// seated players and to whoever presents its invite code (the capability its link carries; ids are
// sequential, so the id alone proves nothing). Everyone else gets the same 404 as a missing battle.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../../http/errors.ts';

/** A new invite code: 16 random bytes as base64url (22 url-safe characters, 128 bits). */
export function newInviteCode(): string {
  return randomBytes(16).toString('base64url');
}

/** Whether `given` is the battle's invite code (constant time in the code's length). */
export function inviteCodeMatches(stored: string | null, given: string | undefined): boolean {
  if (!stored || !given) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What access to a battle is decided from. */
export interface BattleAccess {
  userId: number | null; // the signed-in caller, if any
  code?: string; // the invite code the caller sent
}

/** Whether the caller may see the battle: public, a seated player of it, or its invite code. */
export function maySee(
  battle: { private: number; invite_code: string | null },
  seatedUserIds: readonly (number | null)[],
  access: BattleAccess,
): boolean {
  if (battle.private !== 1) return true;
  if (access.userId !== null && seatedUserIds.includes(access.userId)) return true;
  return inviteCodeMatches(battle.invite_code, access.code);
}

/** The answer for a battle the caller may not see (the same as for a missing one). */
export const battleNotFound = (): HttpError => new HttpError(404, 'Battle not found.');
