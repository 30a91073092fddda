// `npm run --silent verify -- battle …` as an auditor runs it: the ticket of one seat in one round,
// equal to the shared outcome and to fairness.md's vector for seat 0; bad options → error JSON. The
// CLI's work runs in-process (runVerify, what verify.ts prints); its process contract (one line on
// stdout, exit codes) is spawned once for every game in tests/server/verify-cli.test.ts.
import { describe, expect, it } from 'vitest';
import { runVerify } from '../../../src/server/cli/verify.run.ts';
import { verifyResult } from '../../../src/server/cli/verify.service.ts';
import { battleTicket } from '../../../src/shared/games/battles/battle.outcome.ts';

const seed = 'a'.repeat(64);

describe('verify battle CLI', () => {
  it('prints the ticket as one JSON line', async () => {
    const args = ['--server-seed', seed, '--public-seed', 'abc', '--round', '1', '--seat', '0'];
    expect(await runVerify(['battle', ...args], process.env)).toEqual({
      stdout: '{"game":"battle","round":1,"seat":0,"ticket":16441}\n',
      stderr: '',
      exitCode: 0,
    });
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
