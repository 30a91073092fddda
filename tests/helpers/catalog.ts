// Catalog fixtures for server tests: an app over a seeded catalog, and players owning items.
import type { Dialect } from '../../src/server/db/database.ts';
import { seedCatalog } from '../../src/server/modules/boxes/boxes.service.ts';
import { grantItem } from '../../src/server/modules/inventory/inventory.service.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createPlayer, type TestPlayer } from './users.ts';

/** A test app with the catalog seeded, and its product ids by slug. */
export interface CatalogApp {
  t: TestApp;
  productIds: Record<string, number>;
  /** A new player with `balanceCents` owning one item of each of `slugs` (source admin); returns the item ids. */
  playerWith(slugs: string[], balanceCents?: number): Promise<{ p: TestPlayer; ids: number[] }>;
}

/** Builds the app on `dialect`, seeds the catalog and returns the fixture. */
export async function createCatalogApp(dialect: Dialect): Promise<CatalogApp> {
  const t = await createTestApp(dialect);
  await seedCatalog(t.database.db, 1_000);
  const productIds = Object.fromEntries(
    (await t.database.db.selectFrom('products').select(['id', 'slug']).execute()).map((p) => [p.slug, p.id]),
  );
  return {
    t,
    productIds,
    async playerWith(slugs, balanceCents = 0) {
      const p = await createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents });
      const ids: number[] = [];
      for (const s of slugs)
        ids.push(
          await grantItem(t.database.db, {
            userId: p.id,
            productId: productIds[s]!,
            source: 'admin',
            sourceRef: 'test',
            now: 2_000 + ids.length,
          }),
        );
      return { p, ids };
    },
  };
}
