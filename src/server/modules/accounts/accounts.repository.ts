// Account queries; every function takes the database or a transaction first.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import type { PublicUser } from '../../../shared/api/user.ts';
import { levelProgressForEdge } from '../../../shared/levels.ts';
import { toDollars } from '../../../shared/money.ts';

type Q = Kysely<Tables>;

/** The users row fields the API shows. */
export interface UserRow {
  id: number;
  name: string;
  email: string;
  password_hash: string | null;
  avatar_url: string | null;
  balance_cents: number;
  level: number;
  edge_units?: number; // XP source (migration 0012: expected house profit, cents × bp); absent in narrower selects
  email_verified_at?: number | null; // migration 0013; absent in narrower selects
  created_at: number;
}

/** A user by email (case-insensitive: emails are stored lower-case). */
export function findUserByEmail(db: Q, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** A user by id. */
export function findUserById(db: Q, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a user with no balance; returns its id. */
export async function insertUser(
  db: Q,
  u: {
    name: string;
    email: string;
    passwordHash: string | null;
    avatarUrl: string | null;
    now: number;
    emailVerifiedAt?: number | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      name: u.name,
      email: u.email.toLowerCase(),
      password_hash: u.passwordHash,
      avatar_url: u.avatarUrl,
      balance_cents: 0,
      level: 1,
      created_at: u.now,
      email_verified_at: u.emailVerifiedAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The API view of a user (spec §3): dollars, user_level, ISO time. */
export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    avatar_url: u.avatar_url,
    email_verified: u.email_verified_at !== undefined && u.email_verified_at !== null,
    balance: toDollars(u.balance_cents),
    user_level: u.edge_units === undefined ? { level: u.level } : levelProgressForEdge(Number(u.edge_units), u.level),
    created_at: new Date(u.created_at).toISOString(),
  };
}
