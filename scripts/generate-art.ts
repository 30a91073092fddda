// Generates the catalog art deterministically from the seeded catalog: one SVG per product in
// assets/products/ and one per box in assets/boxes/. Run: node --import tsx scripts/generate-art.ts
// The output is committed; running it again produces identical files.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedBoxes, seedProducts } from '../src/server/modules/boxes/catalog.data.ts';
import { productShape } from './art/product-shapes.ts';
import { boxSvg, shade } from './art/box-shape.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** Every generated file: path relative to assets/ → SVG text. */
export function renderArt(): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of seedProducts) {
    const palette = { c: p.color, d: shade(p.color, -0.35), l: shade(p.color, 0.45), ink: '#15161f' };
    out.set(
      `products/${p.slug}.svg`,
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256" role="img" aria-label="${esc(p.name)}">
<title>${esc(p.name)}</title>
${productShape(p.kind, palette)}
</svg>
`,
    );
  }
  for (const b of seedBoxes) out.set(`boxes/${b.slug}.svg`, boxSvg(b.name, b.type, b.color));
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const art = renderArt();
  for (const dir of ['assets/products', 'assets/boxes']) mkdirSync(join(root, dir), { recursive: true });
  for (const [path, svg] of art) writeFileSync(join(root, 'assets', path), svg);
  console.log(`wrote ${art.size} images (${seedProducts.length} products, ${seedBoxes.length} boxes)`);
}
