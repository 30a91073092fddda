// The lint rules that keep the layers apart actually fire.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

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
