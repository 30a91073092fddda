// Bundle sizes after `vite build` (built first when dist/client is missing): gzip size of the home
// route's initial JavaScript and CSS (entry, its static imports, the home page chunk and its
// preloaded dependencies) and of each lazy chunk with what it loads beyond the initial set.
// Target: home initial JS ≤ 180 KB gzip.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'dist/client';
const kb = (n: number) => Number((n / 1024).toFixed(1));

/** Gzip size (bytes, level 9) of a built file, by its path relative to dist/client. */
function gz(file: string): number {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
}

/** Static imports of a chunk (`import … from "./x.js"` and bare `import "./x.js"`). */
function staticImports(file: string): string[] {
  const code = readFileSync(join(dist, file), 'utf8');
  const out = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[^'"`();]*?from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g))
    out.add(`assets/${m[1]}`);
  return [...out];
}

/** A chunk and every chunk it imports statically. */
function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f) || !existsSync(join(dist, f))) continue;
    seen.add(f);
    todo.push(...staticImports(f));
  }
  return seen;
}

/** Dynamic imports of a chunk with the dependencies Vite preloads for each (JS and CSS). */
function dynamicImports(file: string): Map<string, string[]> {
  const code = readFileSync(join(dist, file), 'utf8');
  const table = /m\.f=\[([^\]]*)\]/.exec(code)?.[1]?.match(/assets\/[^"'`,]+/g) ?? [];
  const out = new Map<string, string[]>();
  for (const m of code.matchAll(
    /import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)(?:\s*,\s*__vite__mapDeps\(\[([\d,]*)\]\))?/g,
  )) {
    const deps = (m[2] ?? '')
      .split(',')
      .filter(Boolean)
      .map((i) => table[Number(i)]!)
      .filter(Boolean);
    out.set(`assets/${m[1]}`, deps);
  }
  return out;
}

/** Runs the bundle benchmark and returns its figures (KB gzip). */
export async function bundleBench(): Promise<Record<string, number | string>> {
  if (!existsSync(join(dist, 'index.html'))) {
    const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('vite build failed');
  }
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entryJs = [
    ...html.matchAll(/<script[^>]+src="\/(assets\/[^"]+\.js)"/g),
    ...html.matchAll(/rel="modulepreload"[^>]*href="\/(assets\/[^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const entryCss = [...html.matchAll(/rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"/g)].map((m) => m[1]!);
  const initial = closure(entryJs);

  const lazy = new Map<string, string[]>();
  for (const f of closure([...initial])) for (const [chunk, deps] of dynamicImports(f)) lazy.set(chunk, deps);
  const home = [...lazy.keys()].find((f) => /\/home-page-[^/]+\.js$/.test(f));
  if (!home) throw new Error('home page chunk not found');
  const homeDeps = lazy.get(home)!;
  const homeJs = closure([home, ...homeDeps.filter((d) => d.endsWith('.js'))]);
  for (const f of initial) homeJs.add(f);
  const homeCss = [...entryCss, ...homeDeps.filter((d) => d.endsWith('.css'))];

  const sum = (files: Iterable<string>) => [...files].reduce((s, f) => s + gz(f), 0);
  const homeJsKb = kb(sum(homeJs));
  const figures: Record<string, number | string> = {
    home_initial_js_kb: homeJsKb,
    home_initial_css_kb: kb(sum(homeCss)),
    home_js_target_kb: 180,
    home_js_within_target: homeJsKb <= 180 ? 'yes' : 'NO',
    shell_entry_js_kb: kb(sum(initial)),
  };
  const rows = [...lazy.entries()]
    .map(([chunk, deps]) => {
      const extra = closure([chunk, ...deps.filter((d) => d.endsWith('.js'))]);
      const beyond = [...extra].filter((f) => !initial.has(f));
      const css = deps.filter((d) => d.endsWith('.css'));
      return [chunk.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, ''), kb(sum(beyond) + sum(css))] as const;
    })
    .sort((a, b) => a[0].localeCompare(b[0]));
  for (const [name, size] of rows) figures[`lazy ${name}_kb`] = size;
  return figures;
}
