// Demo data, idempotent: running it twice changes nothing.
import type { DB } from './database.ts';
import { applyMove } from '../modules/wallet/ledger.ts';
import { seedWallet } from '../modules/wallet/wallet.seed.ts';
import { seedCatalog } from '../modules/boxes/boxes.service.ts';
import { seedFreeBoxes } from '../modules/free-loot/free-loot.seed.ts';

/** The demo player every fresh install has. */
export const demoPlayer = { name: 'Demo Player', email: 'demo@lootarcade.local', welcomeCents: 10_000 } as const;

/** Inserts demo rows that are missing. `now` is epoch ms. */
export async function seed(db: DB, now: number): Promise<void> {
  let user = await db.selectFrom('users').select('id').where('email', '=', demoPlayer.email).executeTakeFirst();
  if (!user) {
    user = await db
      .insertInto('users')
      .values({
        name: demoPlayer.name,
        email: demoPlayer.email,
        password_hash: null,
        avatar_url: null,
        balance_cents: 0,
        level: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }
  await applyMove(db, {
    userId: user.id,
    deltaCents: demoPlayer.welcomeCents,
    kind: 'bonus',
    reference: 'seed',
    idempotencyKey: `seed:welcome:${user.id}`,
    now,
  });
  await seedWallet(db, now);
  await seedCatalog(db, now);
  await seedFreeBoxes(db, now);
}
