// The committed catalog art is exactly what the deterministic generator draws, one file per
// seeded product and box, and the catalog names stay brand-free.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderArt } from '../../../scripts/generate-art.ts';
import { seedBoxes, seedProducts } from '../../../src/server/modules/boxes/catalog.data.ts';

const assets = join(import.meta.dirname, '../../../assets');

describe('catalog art', () => {
  it('has one committed SVG per product and box, identical to a fresh render', () => {
    const art = renderArt();
    expect(art.size).toBe(seedProducts.length + seedBoxes.length);
    for (const [path, svg] of art) expect(readFileSync(join(assets, path), 'utf8'), path).toBe(svg);
    expect(readdirSync(join(assets, 'products')).sort()).toEqual(seedProducts.map((p) => `${p.slug}.svg`).sort());
    expect(readdirSync(join(assets, 'boxes')).sort()).toEqual(seedBoxes.map((b) => `${b.slug}.svg`).sort());
    expect(renderArt()).toEqual(art); // deterministic
  });

  it('draws what the name says (issue 26: the Keychain was a necklace, the Sticker Pack a wallet)', () => {
    const kindOf = (slug: string) => seedProducts.find((p) => p.slug === slug)?.kind;
    expect(kindOf('keychain-loot-crate')).toBe('keychain');
    expect(kindOf('sticker-pack-arcade')).toBe('stickers');
    for (const p of seedProducts) {
      if (/necklace/i.test(p.name)) expect(p.kind, p.name).toBe('necklace');
      if (/wallet|card holder/i.test(p.name)) expect(p.kind, p.name).toBe('wallet');
    }
  });

  it('uses no real brand names', () => {
    const brands =
      /\b(nike|adidas|jordan|yeezy|gucci|louis|vuitton|prada|supreme|apple|iphone|samsung|sony|playstation|xbox|nintendo|rolex|dior|balenciaga|off-white|north face|canon|bose|beats|airpods|oculus|logitech|razer)\b/i;
    for (const n of [...seedProducts.map((p) => p.name), ...seedBoxes.map((b) => b.name)])
      expect(n, n).not.toMatch(brands);
  });
});
