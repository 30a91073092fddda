// Client size budgets (issue #17), checked on the production build `npm test` has just made (Vite's
// manifest, gzip level 9 as a server would send it). They fail when a change makes a page heavier:
// - the shell (index.html's entry and its static imports, what every first visit downloads) ≤ 160 KB;
// - each game route's own JS (its page module and static imports beyond the shell, loaded when the
//   player opens the game: the Pixi engine included) ≤ 280 KB;
// - all CSS ≤ 20 KB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const dist = join(process.cwd(), 'dist/client');
const KB = 1024;
// Read when the tests run, not when the file is loaded: `playwright test --list` works without a build.
let manifest: Record<string, Chunk> = {};
let shell = new Set<string>();
let gamePages: string[] = [];
test.beforeAll(() => {
  manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  shell = staticClosure(entry);
  gamePages = Object.keys(manifest).filter((k) => /^src\/client\/games\/(?!dev-scenes\/).*-page\.tsx$/.test(k));
});

function gzipped(file: string): number {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
}

/** The manifest keys a module loads before it runs (its static imports, transitively). */
function staticClosure(key: string): Set<string> {
  const seen = new Set<string>();
  const stack = [key];
  while (stack.length) {
    const k = stack.pop()!;
    if (seen.has(k)) continue;
    seen.add(k);
    stack.push(...(manifest[k]?.imports ?? []));
  }
  return seen;
}

function jsSize(keys: Iterable<string>): number {
  let bytes = 0;
  for (const k of keys) bytes += gzipped(manifest[k]!.file);
  return bytes;
}

test('the shell a first visit downloads stays within 160 KB of gzip JS', () => {
  const size = jsSize(shell);
  console.log(`shell JS ${(size / KB).toFixed(1)} KB gzip`);
  expect(size).toBeLessThanOrEqual(160 * KB);
});

test('each game route loads at most 280 KB of gzip JS beyond the shell', () => {
  expect(gamePages.length).toBeGreaterThanOrEqual(4); // dice, upgrade and their provably-fair pages at least
  const over: string[] = [];
  for (const page of gamePages) {
    const own = [...staticClosure(page)].filter((k) => !shell.has(k));
    const size = jsSize(own);
    console.log(`${page} ${(size / KB).toFixed(1)} KB gzip`);
    if (size > 280 * KB) over.push(`${page}: ${(size / KB).toFixed(1)} KB`);
  }
  expect(over).toEqual([]);
});

test('all CSS together stays within 20 KB gzip', () => {
  const files = new Set(Object.values(manifest).flatMap((c) => c.css ?? []));
  let size = 0;
  for (const f of files) size += gzipped(f);
  console.log(`CSS ${(size / KB).toFixed(1)} KB gzip in ${files.size} files`);
  expect(files.size).toBeGreaterThan(0);
  expect(size).toBeLessThanOrEqual(20 * KB);
});
