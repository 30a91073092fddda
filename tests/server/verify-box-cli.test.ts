// The verifier CLI's `box` game (in-process through runVerify, the code the spawned CLI runs; its
// process contract is tests/server/verify-cli.test.ts): the ticket from seeds alone
// (Stake floats, floor(f × 100000) + 1) and, with --box/--box-version, the item that ticket wins
// in that version of the box read from the configured local database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedCatalog } from '../../src/server/modules/boxes/boxes.service.ts';
import { runVerify } from '../../src/server/cli/verify.run.ts';

const base = ['box', '--server-seed', 'a'.repeat(64), '--client-seed', 'abc'];
let dataDir: string;
let ranges: { slug: string; ticket_from: number; ticket_to: number }[];

async function verify(args: string[]): Promise<{ json: Record<string, unknown>; code: number }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  const { stdout, exitCode } = await runVerify(args, env);
  expect(stdout.trim().split('\n')).toHaveLength(1);
  return { json: JSON.parse(stdout) as Record<string, unknown>, code: exitCode };
}

describe('verify CLI: box', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'la-verify-'));
    const database = openDatabase({ kind: 'sqlite', file: join(dataDir, 'loot-arcade.db') });
    await migrate(database);
    await seedCatalog(database.db, 1_000);
    ranges = await database.db
      .selectFrom('box_items')
      .innerJoin('box_versions', 'box_versions.id', 'box_items.box_version_id')
      .innerJoin('boxes', 'boxes.id', 'box_versions.box_id')
      .innerJoin('products', 'products.id', 'box_items.product_id')
      .select(['products.slug', 'box_items.ticket_from', 'box_items.ticket_to'])
      .where('boxes.slug', '=', 'penny-box')
      .where('box_versions.version', '=', 1)
      .execute();
    await database.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the ticket of the Stake vectors (f0 × 100000, floored, + 1)', async () => {
    // f0 = 0.16440096078440547, 0.5459779207594693, 0.7527878468390554 (docs/fairness.md)
    for (const [nonce, ticket] of [
      ['1', 16441],
      ['2', 54598],
      ['3', 75279],
    ] as const) {
      expect((await verify([...base, '--nonce', nonce])).json).toEqual({ game: 'box', ticket });
    }
  });

  it('with --box and --box-version names the item of that version holding the ticket', async () => {
    const { json, code } = await verify([...base, '--nonce', '2', '--box', 'penny-box', '--box-version', '1']);
    expect(code).toBe(0);
    const won = ranges.find((r) => 54598 >= r.ticket_from && 54598 <= r.ticket_to)!;
    expect(json).toEqual({
      game: 'box',
      ticket: 54598,
      box: 'penny-box',
      version: 1,
      item: won.slug,
      ticket_from: won.ticket_from,
      ticket_to: won.ticket_to,
    });
  });

  it('unknown box or version, a bad version or missing seeds exit 2 with an error object', async () => {
    for (const args of [
      [...base, '--nonce', '1', '--box', 'no-such-box', '--box-version', '1'],
      [...base, '--nonce', '1', '--box', 'penny-box', '--box-version', '9'],
      [...base, '--nonce', '1', '--box', 'penny-box', '--box-version', 'x'],
      [...base, '--nonce', '1', '--box', 'penny-box'],
      ['box', '--client-seed', 'abc', '--nonce', '1'],
    ]) {
      const { json, code } = await verify(args);
      expect(code, args.join(' ')).toBe(2);
      expect(typeof json.error).toBe('string');
    }
  });
});
