// `verify crash --hash H --salt S --chain N`: the N games before H (each hash SHA-256 of the one
// before it), with their crash points, as an auditor runs it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { verifyResult } from '../../../src/server/cli/verify.service.ts';
import { crashPoint, hashChain } from '../../../src/shared/fair/crash.ts';

const run = promisify(execFile);
const chain = hashChain('c'.repeat(64), 6);

describe('verify crash --chain', { timeout: 120_000 }, () => {
  it('npm run --silent verify prints the earlier games', async () => {
    const { stdout } = await run('npm', [
      'run',
      '--silent',
      'verify',
      '--',
      'crash',
      '--hash',
      chain[2]!,
      '--salt',
      's',
      '--chain',
      '3',
    ]);
    expect(JSON.parse(stdout)).toEqual({
      game: 'crash',
      crashPoint: crashPoint(chain[2]!, 's'),
      chain: [3, 4, 5].map((i) => ({ hash: chain[i], crashPoint: crashPoint(chain[i]!, 's') })),
    });
  });

  it('refuses a bad count', () => {
    const hash = chain[0]!;
    expect(verifyResult('crash', { hash, salt: 's', chain: '-1' })).toEqual({
      error: '--chain must be a non-negative integer',
    });
    expect(verifyResult('crash', { hash, salt: 's', chain: '100001' })).toEqual({
      error: '--chain must be at most 100000',
    });
    expect(verifyResult('crash', { hash, salt: 's', chain: '0' })).toMatchObject({ chain: [] });
  });
});
