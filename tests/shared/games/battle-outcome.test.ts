// The battle outcome against vectors computed independently (node:crypto, fairness.md's table):
// public seed, tickets, boxes hash, winner rules of every mode and option, ties, team splits.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  battleBoxesHash,
  battlePublicSeed,
  battleTeamShares,
  battleTicket,
  battleWinners,
  botClientSeed,
} from '../../../src/shared/games/battles/battle.outcome.ts';
import { verifyOutcome } from '../../../src/shared/games/verify.ts';
import { BATTLE_MODES, MODE_LAYOUT, seatTeam } from '../../../src/shared/api/battles.ts';

const A = 'a'.repeat(64);
const seeds = { serverSeed: A, publicSeed: 'abc' };
const f0 = (key: string, msg: string) => createHmac('sha256', key).update(msg).digest().readUInt32BE(0) / 2 ** 32;

describe('battle seeds and tickets', () => {
  it('public seed = SHA-256 hex of `${id}:${seat 0}:${seat 1}:…`, bots as bot:{id}:{seat}', () => {
    const text = '42:player-seed:bot:42:1';
    expect(botClientSeed(42, 1)).toBe('bot:42:1');
    expect(battlePublicSeed(42, ['player-seed', botClientSeed(42, 1)])).toBe(
      createHash('sha256').update(text).digest('hex'),
    );
    expect(battlePublicSeed(42, ['player-seed', 'bot:42:1'])).not.toBe(
      battlePublicSeed(42, ['bot:42:1', 'player-seed']),
    );
  });

  it('seat 0 tickets equal the fairness.md vectors (client seed = public seed, nonce = round)', () => {
    // f0 of nonces 1, 2, 3 with server seed "a"×64 and client seed "abc": 0.16440…, 0.54597…, 0.75278…
    expect(battleTicket({ ...seeds, round: 1, seat: 0 })).toBe(16441);
    expect(battleTicket({ ...seeds, round: 2, seat: 0 })).toBe(54598);
    expect(battleTicket({ ...seeds, round: 3, seat: 0 })).toBe(75279);
  });

  it('seat s reads HMAC(server seed, `${public}:${round}:${seat}`)', () => {
    for (const [round, seat] of [
      [0, 1],
      [4, 3],
      [49, 5],
    ] as const) {
      const expected = Math.floor(f0(A, `abc:${round}:${seat}`) * 100000) + 1;
      expect(battleTicket({ ...seeds, round, seat })).toBe(expected);
      expect(verifyOutcome({ game: 'battle', ...seeds, round, seat })).toEqual({
        game: 'battle',
        round,
        seat,
        ticket: expected,
      });
    }
  });

  it('boxes hash = SHA-256 of "slug:version" lines', () => {
    const boxes = [
      { slug: 'alpha', version: 1 },
      { slug: 'beta', version: 3 },
      { slug: 'alpha', version: 1 },
    ];
    expect(battleBoxesHash(boxes)).toBe(createHash('sha256').update('alpha:1\nbeta:3\nalpha:1').digest('hex'));
  });
});

describe('battle winners', () => {
  const plain = { crazy: false, terminal: false };
  it('modes lay seats out team by team', () => {
    expect(BATTLE_MODES.map((m) => MODE_LAYOUT[m].seats)).toEqual([2, 3, 4, 4, 6]);
    expect([0, 1, 2, 3, 4, 5].map((s) => seatTeam('3v3', s))).toEqual([0, 0, 0, 1, 1, 1]);
    expect([0, 1, 2, 3].map((s) => seatTeam('2v2', s))).toEqual([0, 0, 1, 1]);
    expect([0, 1, 2, 3].map((s) => seatTeam('1v1v1v1', s))).toEqual([0, 1, 2, 3]);
  });

  it('FFA: highest total; crazy: lowest total', () => {
    const values = [
      [100, 500, 300],
      [400, 100, 100],
    ]; // totals 500, 600, 400
    expect(battleWinners({ mode: '1v1v1', ...plain }, values, seeds)).toEqual({
      winners: [1],
      totals: [500, 600, 400],
      tieBreak: null,
    });
    expect(battleWinners({ mode: '1v1v1', crazy: true, terminal: false }, values, seeds).winners).toEqual([2]);
  });

  it('terminal: the last round decides; ties there fall back to the totals (crazy: lowest)', () => {
    const values = [
      [900, 100, 500, 50],
      [200, 200, 100, 200],
    ]; // last round: 0, 1, 3 tie at 200; totals 1100, 300, 600, 250
    expect(battleWinners({ mode: '1v1v1v1', crazy: false, terminal: true }, values, seeds).winners).toEqual([0]);
    // crazy + terminal: lowest last round = seat 2 (100)
    expect(battleWinners({ mode: '1v1v1v1', crazy: true, terminal: true }, values, seeds).winners).toEqual([2]);
    const crazyTie = [
      [900, 100, 500, 50],
      [100, 100, 300, 100],
    ]; // lowest last round 100: seats 0, 1, 3; lowest totals among them: seat 3 (150)
    expect(battleWinners({ mode: '1v1v1v1', crazy: true, terminal: true }, crazyTie, seeds).winners).toEqual([3]);
  });

  it('team modes: the team total decides and every seat of the team wins', () => {
    const values = [[100, 100, 150, 0]]; // team 0 = 200, team 1 = 150
    expect(battleWinners({ mode: '2v2', ...plain }, values, seeds).winners).toEqual([0, 1]);
    expect(battleWinners({ mode: '2v2', crazy: true, terminal: false }, values, seeds).winners).toEqual([2, 3]);
    const three = [
      [10, 20, 30, 5, 5, 5],
      [0, 0, 0, 100, 0, 0],
    ]; // totals team 0 = 60, team 1 = 115; last round team 0 = 0, team 1 = 100
    expect(battleWinners({ mode: '3v3', ...plain }, three, seeds).winners).toEqual([3, 4, 5]);
    expect(battleWinners({ mode: '3v3', crazy: true, terminal: true }, three, seeds).winners).toEqual([0, 1, 2]);
  });

  it('a full tie is broken by f0 of HMAC(server seed, `${public}:${rounds}:0`) over the tied, ascending', () => {
    const values = [
      [300, 300, 100],
      [100, 100, 100],
    ]; // seats 0 and 1 tie on 400
    const roll = f0(A, 'abc:2:0');
    const out = battleWinners({ mode: '1v1v1', ...plain }, values, seeds);
    expect(out.tieBreak).toEqual({ candidates: [0, 1], roll, winner: [0, 1][Math.floor(roll * 2)] });
    expect(out.winners).toEqual([out.tieBreak!.winner]);
    // terminal tie on the last round AND on the totals → the same roll
    expect(battleWinners({ mode: '1v1v1', crazy: false, terminal: true }, values, seeds).tieBreak?.candidates).toEqual([
      0, 1,
    ]);
    // teams tie: candidates are teams; the winners are that team's seats
    const teams = battleWinners({ mode: '2v2', ...plain }, [[100, 0, 50, 50]], seeds);
    const team = [0, 1][Math.floor(f0(A, 'abc:1:0') * 2)]!;
    expect(teams.tieBreak?.candidates).toEqual([0, 1]);
    expect(teams.winners).toEqual(team === 0 ? [0, 1] : [2, 3]);
  });
});

describe('team split', () => {
  it('splits equally; the remainder cents go to the lowest human seat; bot shares stay with the house', () => {
    expect([...battleTeamShares(1001, [0, 1], new Set([0, 1]))]).toEqual([
      [0, 501],
      [1, 500],
    ]);
    expect([...battleTeamShares(1001, [3, 4, 5], new Set([4, 5]))]).toEqual([
      [4, 335],
      [5, 333],
    ]);
    expect([...battleTeamShares(1000, [2, 3], new Set([0, 1]))]).toEqual([]);
    expect([...battleTeamShares(5, [0, 1, 2], new Set([2]))]).toEqual([[2, 3]]);
  });
});
