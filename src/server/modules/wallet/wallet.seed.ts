// Wallet seed data, idempotent: the spec's promo codes and the sandbox crypto rates.
import type { DB } from '../../db/database.ts';
import { seedPromos } from './promo.service.ts';
import { seedRates } from './crypto.service.ts';

/** Inserts missing wallet seed rows. `now` is epoch ms. */
export async function seedWallet(db: DB, now: number): Promise<void> {
  await seedPromos(db, now);
  await seedRates(db, now);
}
