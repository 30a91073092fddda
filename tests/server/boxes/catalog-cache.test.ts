// The catalog read cache: reuses answers within the TTL, drops them on a new box version, keeps no failures.
import { describe, expect, it } from 'vitest';
import { CatalogCache, bumpCatalogEpoch } from '../../../src/server/modules/boxes/catalog-cache.ts';

describe('catalog cache', () => {
  it('reuses within the TTL, reloads after it and after a published version', async () => {
    const cache = new CatalogCache(1000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', 0, load)).toBe(1);
    expect(await cache.get('k', 999, load)).toBe(1);
    expect(await cache.get('other', 999, load)).toBe(2);
    expect(await cache.get('k', 1000, load)).toBe(3);
    bumpCatalogEpoch();
    expect(await cache.get('k', 1001, load)).toBe(4);
  });

  it('does not keep failures and bounds its size', async () => {
    const cache = new CatalogCache(1000, 2);
    await expect(cache.get('bad', 0, () => Promise.reject(new Error('404')))).rejects.toThrow('404');
    await Promise.resolve();
    expect(await cache.get('bad', 1, async () => 'ok')).toBe('ok');
    let loads = 0;
    await cache.get('a', 1, async () => ++loads);
    await cache.get('b', 1, async () => ++loads); // size limit reached: cleared
    expect(await cache.get('a', 2, async () => ++loads)).toBe(3);
  });
});
