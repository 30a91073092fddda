// The installation's chain: generated once (a second generation loses), stored as checkpoints, and
// every game's hash walked from them equals the chain the shared code computes; the games link
// backwards to the published terminating hash.
import { expect, it } from 'vitest';
import { createTestDatabase, describeEachDb } from '../../helpers/test-db.ts';
import { CHECKPOINT_EVERY, chainInfo, gameHash, generateChain } from '../../../src/server/modules/crash/crash-chain.ts';
import { hashChain, nextChainHash } from '../../../src/shared/fair/crash.ts';

describeEachDb('crash chain', (dialect) => {
  it('is generated once, kept as checkpoints, and walked back from the terminating hash', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const games = 2500;
      expect(await chainInfo(database.db)).toBeUndefined();
      expect(await generateChain(database, games, 1)).toBe(true);
      expect(await generateChain(database, games, 2)).toBe(false); // another process was first
      const chain = (await chainInfo(database.db))!;
      expect(chain.games).toBe(games);
      const checkpoints = await database.db
        .selectFrom('crash_chain_checkpoints')
        .selectAll()
        .orderBy('chain_index')
        .execute();
      expect(checkpoints.map((c) => c.chain_index)).toEqual([0, 1000, 2000]);
      expect(CHECKPOINT_EVERY).toBe(1000);
      // the whole chain from the stored seed, with the shared code
      const full = hashChain(checkpoints[0]!.hash, games + 1);
      expect(full[games]).toBe(chain.terminatingHash);
      expect(checkpoints.map((c) => c.hash)).toEqual([full[0], full[1000], full[2000]]);
      for (const g of [1, 2, 499, 500, 501, 1499, 1500, 1501, 2499, 2500]) {
        expect(await gameHash(database.db, chain, g)).toBe(full[games - g]);
      }
      expect(nextChainHash(await gameHash(database.db, chain, 1))).toBe(chain.terminatingHash);
      expect(nextChainHash(await gameHash(database.db, chain, 8))).toBe(await gameHash(database.db, chain, 7));
      await expect(gameHash(database.db, chain, games + 1)).rejects.toThrow(/no game/);
      expect(chain.salt).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await database.drop();
    }
  });
});
