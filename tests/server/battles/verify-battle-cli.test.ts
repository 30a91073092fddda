// `npm run --silent verify -- battle …` spawned as an auditor runs it: the ticket of one seat in one
// round, equal to the shared outcome and to fairness.md's vector for seat 0; bad options → error JSON.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { verifyResult } from '../../../src/server/cli/verify.service.ts';
import { battleTicket } from '../../../src/shared/games/battles/battle.outcome.ts';

const run = promisify(execFile);
const seed = 'a'.repeat(64);

describe('verify battle CLI', { timeout: 120_000 }, () => {
  it('prints the ticket as one JSON line', async () => {
    const args = ['--server-seed', seed, '--public-seed', 'abc', '--round', '1', '--seat', '0'];
    const { stdout } = await run('npm', ['run', '--silent', 'verify', '--', 'battle', ...args]);
    expect(stdout).toBe('{"game":"battle","round":1,"seat":0,"ticket":16441}\n');
  });

  it('agrees with the shared outcome for other seats and refuses bad options', () => {
    const out = verifyResult('battle', { 'server-seed': seed, 'public-seed': 'p', round: '7', seat: '3' });
    expect(out).toEqual({
      game: 'battle',
      round: 7,
      seat: 3,
      ticket: battleTicket({ serverSeed: seed, publicSeed: 'p', round: 7, seat: 3 }),
    });
    expect(verifyResult('battle', { 'server-seed': seed, round: '1', seat: '0' })).toEqual({
      error: '--public-seed is required',
    });
    expect(verifyResult('battle', { 'server-seed': seed, 'public-seed': 'p', round: '-1', seat: '0' })).toEqual({
      error: '--round must be a non-negative integer',
    });
  });
});
