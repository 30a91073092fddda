// The verifier CLI for upgrades, spawned as an auditor would run it: one JSON object on stdout.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const base = ['--server-seed', 'a'.repeat(64), '--client-seed', 'abc'];

async function verify(args: string[]): Promise<{ stdout: string; code: number }> {
  try {
    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      'src/server/cli/verify.ts',
      'upgrade',
      ...base,
      ...args,
    ]);
    return { stdout, code: 0 };
  } catch (e) {
    const err = e as { stdout: string; code: number };
    return { stdout: err.stdout, code: err.code };
  }
}

// Each CLI process starts tsx (about a second of CPU, much more when the machine is busy).
describe('verify CLI: upgrade', { timeout: 120_000 }, () => {
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
