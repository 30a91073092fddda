// `verify crash --hash H --salt S --chain N`: the N games before H (each hash SHA-256 of the one
// before it), with their crash points, as an auditor runs it. The CLI's work runs in-process
// (runVerify, what verify.ts prints); its process contract is spawned in tests/server/verify-cli.test.ts.
import { describe, expect, it } from 'vitest';
import { runVerify } from '../../../src/server/cli/verify.run.ts';
import { verifyResult } from '../../../src/server/cli/verify.service.ts';
import { crashPoint, hashChain } from '../../../src/shared/fair/crash.ts';

const chain = hashChain('c'.repeat(64), 6);

describe('verify crash --chain', () => {
  it('prints the earlier games as one JSON line', async () => {
    const { stdout, exitCode } = await runVerify(
      ['crash', '--hash', chain[2]!, '--salt', 's', '--chain', '3'],
      process.env,
    );
    expect(exitCode).toBe(0);
    expect(stdout).toMatch(/^\{.*\}\n$/); // one line
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
