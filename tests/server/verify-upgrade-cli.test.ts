// The verifier CLI for upgrades: one JSON object on stdout (in-process through runVerify, the code
// the spawned CLI runs; its process contract is tests/server/verify-cli.test.ts).
import { describe, expect, it } from 'vitest';
import { runVerify } from '../../src/server/cli/verify.run.ts';

const base = ['--server-seed', 'a'.repeat(64), '--client-seed', 'abc'];

async function verify(args: string[]): Promise<{ stdout: string; code: number }> {
  const { stdout, exitCode } = await runVerify(['upgrade', ...base, ...args], process.env);
  return { stdout, code: exitCode };
}

describe('verify CLI: upgrade', () => {
  it('prints roll = f0 × 100 and win = roll < chance on the golden seeds', async () => {
    expect(await verify(['--nonce', '1', '--chance', '17.97'])).toEqual({
      stdout: '{"game":"upgrade","roll":16.440096078440547,"win":true}\n',
      code: 0,
    });
    expect(JSON.parse((await verify(['--nonce', '2', '--chance', '54.59'])).stdout)).toEqual({
      game: 'upgrade',
      roll: 54.59779207594693,
      win: false,
    });
    expect(JSON.parse((await verify(['--nonce', '2', '--chance', '54.6'])).stdout)).toEqual({
      game: 'upgrade',
      roll: 54.59779207594693,
      win: true,
    });
  });

  it('a missing or bad chance exits 2 with an error object', async () => {
    for (const args of [
      ['--nonce', '1'],
      ['--nonce', '1', '--chance', 'x'],
      ['--nonce', '1', '--chance', '101'],
    ]) {
      const { stdout, code } = await verify(args);
      expect(code, args.join(' ')).toBe(2);
      expect(JSON.parse(stdout).error).toMatch(/--chance/);
    }
  });
});
