// The verifier CLI: its process contract spawned as an auditor runs it (one JSON object on stdout,
// exit 2 on bad input), every game's output through the same code in-process (runVerify).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { verifyResult } from '../../src/server/cli/verify.service.ts';
import { runVerify } from '../../src/server/cli/verify.run.ts';

const run = promisify(execFile);
const seed = 'a'.repeat(64);
const base = ['--server-seed', seed, '--client-seed', 'abc'];

async function verify(args: string[]): Promise<{ json: Record<string, unknown>; code: number }> {
  const { stdout, exitCode } = await runVerify(args, process.env);
  expect(stdout.trim().split('\n')).toHaveLength(1);
  return { json: JSON.parse(stdout) as Record<string, unknown>, code: exitCode };
}

// Each CLI process starts tsx (about a second of CPU, much more when the machine is busy): two spawns.
describe('verify CLI', { timeout: 120_000 }, () => {
  it('npm run --silent verify prints exactly one JSON object for dice', async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'verify', '--', 'dice', ...base, '--nonce', '1']);
    expect(stdout).toBe('{"game":"dice","roll":16.44}\n');
  });

  it('dice with floats, plinko, wheel and crash', async () => {
    expect((await verify(['dice', ...base, '--nonce', '2', '--floats', '2'])).json).toEqual({
      game: 'dice',
      roll: 54.6,
      floats: [0.5459779207594693, 0.7894028725568205],
    });
    expect((await verify(['plinko', ...base, '--nonce', '1', '--rows', '8', '--risk', 'low'])).json).toEqual({
      game: 'plinko',
      path: 'LLLLLLRL',
      bucket: 1,
      multiplier: 2.1,
    });
    expect(
      (await verify(['segment-wheel', ...base, '--nonce', '3', '--segments', '50', '--risk', 'medium'])).json,
    ).toEqual({
      game: 'segment-wheel',
      index: 37,
      multiplier: 0,
    });
    const crash = (await verify(['crash', '--hash', 'b'.repeat(64), '--salt', 'salt'])).json;
    expect(crash.game).toBe('crash');
    expect(crash.crashPoint).toBeGreaterThanOrEqual(1);
  });

  it('dice with --target and --direction prints the win and the multiplier, as the verify page does', async () => {
    expect((await verify(['dice', ...base, '--nonce', '1', '--target', '50', '--direction', 'under'])).json).toEqual({
      game: 'dice',
      roll: 16.44,
      win: true,
      multiplier: 1.98,
    });
    // the same parsing in-process (no spawn): over is the default side; bad sides and targets are refused
    const options = { 'server-seed': seed, 'client-seed': 'abc', nonce: '1' };
    expect(verifyResult('dice', { ...options, target: '50' })).toMatchObject({ win: false });
    expect(verifyResult('dice', { ...options, target: '101' })).toEqual({ error: '--target must be from 0 to 100' });
    expect(verifyResult('dice', { ...options, target: '50', direction: 'sideways' })).toEqual({
      error: '--direction must be over or under',
    });
  });

  it('the process exits 2 with the error on stderr and an error object on stdout', async () => {
    const failed = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/verify.ts', 'dice', ...base]).catch(
      (e: unknown) => e as { stdout: string; stderr: string; code: number },
    );
    expect(failed).toMatchObject({ code: 2, stderr: '--nonce is required\n' });
    expect(JSON.parse((failed as { stdout: string }).stdout)).toEqual({ error: '--nonce is required' });
  });

  it('bad input exits 2 with an error object', async () => {
    for (const args of [
      ['nope'],
      ['dice', ...base],
      ['dice', ...base, '--nonce', '-1'],
      ['plinko', ...base, '--nonce', '1', '--rows', '7', '--risk', 'low'],
      ['segment-wheel', ...base, '--nonce', '1', '--segments', '10', '--risk', 'x'],
    ]) {
      const { json, code } = await verify(args);
      expect(code, args.join(' ')).toBe(2);
      expect(typeof json.error).toBe('string');
    }
  });
});
