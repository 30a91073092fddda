// The lint rules that keep the layers apart actually fire, and src has no import cycle.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** Every strongly connected group of files (more than one) in the static import graph under `root`. */
function importCycles(root: string): string[][] {
  const files = (readdirSync(root, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(root, f));
  const known = new Set(files);
  const from = /^\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm;
  const edges = new Map(
    files.map((f) => [
      f,
      [...readFileSync(f, 'utf8').matchAll(from)].map((m) => join(dirname(f), m[1]!)).filter((t) => known.has(t)),
    ]),
  );
  // Tarjan's algorithm.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of edges.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group = stack.splice(stack.indexOf(v));
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return cycles;
}

async function rules(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

// The first lintText call loads the parsers: seconds on a busy 2-core machine.
describe('layering lint', { timeout: 30_000 }, () => {
  it('bans the clock and Math.random in src/shared', async () => {
    const found = await rules(
      'export const a = Date.now() + performance.now() + Math.random();\n',
      'src/shared/bad.ts',
    );
    expect(found.filter((r) => r === 'no-restricted-properties')).toHaveLength(3);
  });

  it('bans client, server and I/O imports in src/shared', async () => {
    const code =
      "import { a } from '../client/x.ts';\nimport { b } from '../server/y.ts';\nimport { readFileSync } from 'node:fs';\nexport const c = [a, b, readFileSync];\n";
    const found = await rules(code, 'src/shared/bad.ts');
    expect(found.filter((r) => r === 'no-restricted-imports')).toHaveLength(3);
  });

  it('keeps client and server from importing each other', async () => {
    expect(
      await rules("import { x } from '../../server/app.ts';\nexport const y = x;\n", 'src/client/app/bad.ts'),
    ).toContain('no-restricted-imports');
    expect(
      await rules("import { x } from '../client/main.tsx';\nexport const y = x;\n", 'src/server/bad.ts'),
    ).toContain('no-restricted-imports');
  });

  it('allows pure shared code and Math.random nowhere in src', async () => {
    expect(await rules('export const double = (n: number): number => n * 2;\n', 'src/shared/good.ts')).toEqual([]);
    expect(await rules('export const r = Math.random();\n', 'src/server/bad.ts')).toContain('no-restricted-properties');
  });
});

describe('boundaries lint', { timeout: 30_000 }, () => {
  const boundary = async (code: string, filePath: string) =>
    (await rules(code, filePath)).filter((r) => r === 'boundaries/layers');

  it('lets a feature reach another feature only through its index', async () => {
    const file = 'src/client/features/pages/bad.ts';
    expect(
      await boundary("import { BoxCard } from '../boxes/box-card.tsx';\nexport const c = BoxCard;\n", file),
    ).toHaveLength(1);
    expect(await boundary("import { BoxCard } from '../boxes/index.ts';\nexport const c = BoxCard;\n", file)).toEqual(
      [],
    );
    expect(await boundary("import { x } from './own-part.ts';\nexport const c = x;\n", file)).toEqual([]);
  });

  it('keeps games apart and lib free of features', async () => {
    expect(
      await boundary(
        "import { a } from '../upgrade/upgrade.scene.ts';\nexport const b = a;\n",
        'src/client/games/dice/bad.ts',
      ),
    ).toHaveLength(1);
    expect(
      await boundary("import { a } from '../features/boxes/index.ts';\nexport const b = a;\n", 'src/client/lib/bad.ts'),
    ).toHaveLength(1);
  });

  it("bans another server module's routes but allows its services", async () => {
    const file = 'src/server/modules/dice/bad.ts';
    expect(await boundary("import { a } from '../wallet/wallet.routes.ts';\nexport const b = a;\n", file)).toHaveLength(
      1,
    );
    expect(await boundary("import { a } from '../boxes/boxes.module.ts';\nexport const b = a;\n", file)).toHaveLength(
      1,
    );
    expect(await boundary("import { a } from '../fair/fair.service.ts';\nexport const b = a;\n", file)).toEqual([]);
  });
});

describe('import graph', () => {
  it('has no cycles in src (static imports, types included)', () => {
    expect(importCycles('src')).toEqual([]);
  });
});
