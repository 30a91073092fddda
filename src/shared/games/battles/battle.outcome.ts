// The battle outcome (fairness.md, battles): the one code the server, the verify CLI and the verify panel
// call. public_seed = SHA-256 hex of `${battle id}:${client seed of seat 0}:${seat 1}:…` (a bot's
// client seed is `bot:${battle id}:${seat}`); the ticket of round r, seat s = floor(f0 × 100000) + 1
// where f0 = the first 4 bytes of HMAC-SHA256(key = server seed text, `${public_seed}:${r}:${s}`)
// (byte stream: client seed = public seed, nonce = r, cursor round = s).
// Tie-break (only when the decisive scores tie): f0 of HMAC-SHA256(server seed, `${public_seed}:${N}:0`)
// with N = the number of rounds (the nonce after the last round, never used by a ticket); the winner
// is candidates[floor(f0 × candidates.length)], candidates = the tied seats (FFA) or teams, ascending.
import { roundBytes, sha256Hex, ticketFromFloat } from '../../fair/index.ts';
import { MODE_LAYOUT, seatTeam, type BattleMode } from '../../api/battles.ts';

/** The client seed of a bot seat. */
export function botClientSeed(battleId: number, seat: number): string {
  return `bot:${battleId}:${seat}`;
}

/** The public seed, fixed when the last seat fills (client seeds in seat order). */
export function battlePublicSeed(battleId: number, clientSeeds: readonly string[]): string {
  return sha256Hex([String(battleId), ...clientSeeds].join(':'));
}

/** The commitment to the box list: SHA-256 hex of the lines `${slug}:${version}` joined by "\n", in round order. */
export function battleBoxesHash(boxes: readonly { slug: string; version: number }[]): string {
  return sha256Hex(boxes.map((b) => `${b.slug}:${b.version}`).join('\n'));
}

/** The first float of HMAC-SHA256(server seed, `${publicSeed}:${nonce}:${cursor}`). */
function firstFloat(serverSeed: string, publicSeed: string, nonce: number, cursor: number): number {
  const b = roundBytes({ serverSeed, clientSeed: publicSeed, nonce }, cursor);
  return (((b[0]! * 256 + b[1]!) * 256 + b[2]!) * 256 + b[3]!) / 2 ** 32;
}

/** The inputs of one ticket. */
export interface BattleTicketInput {
  serverSeed: string;
  publicSeed: string;
  round: number; // 0-based
  seat: number; // 0-based
}

/** The ticket (1 … 100,000) of one seat in one round; matched against that round's box version ranges. */
export function battleTicket(input: BattleTicketInput): number {
  return ticketFromFloat(firstFloat(input.serverSeed, input.publicSeed, input.round, input.seat));
}

/** How a battle is decided. */
export interface BattleRules {
  mode: BattleMode;
  crazy: boolean; // the lowest score wins
  terminal: boolean; // only the last round counts; ties fall back to the totals
}

/** Who won and why. */
export interface BattleResult {
  winners: number[]; // winning seats, ascending (a whole team in team modes)
  totals: number[]; // per seat, cents: sum of every round
  tieBreak: { candidates: number[]; roll: number; winner: number } | null;
}

/**
 * The winners of a played battle. `values[r][s]` = value in cents of seat s's drop in round r.
 * Score = total (terminal: last round); team modes add the team's seats; best = highest (crazy:
 * lowest); terminal ties → the totals of the tied; still tied → the tie-break roll (file comment).
 */
export function battleWinners(
  rules: BattleRules,
  values: readonly (readonly number[])[],
  seeds: { serverSeed: string; publicSeed: string },
): BattleResult {
  const { seats, teams } = MODE_LAYOUT[rules.mode];
  const totals = Array.from({ length: seats }, (_, s) => values.reduce((sum, row) => sum + row[s]!, 0));
  const last = values[values.length - 1] ?? [];
  const team = (s: number) => seatTeam(rules.mode, s);
  const byEntity = (perSeat: (s: number) => number) => {
    const out = new Array<number>(teams).fill(0);
    for (let s = 0; s < seats; s++) out[team(s)]! += perSeat(s);
    return out;
  };
  const better = (a: number, b: number) => (rules.crazy ? a < b : a > b);
  const bestOf = (candidates: number[], score: number[]) => {
    let best = score[candidates[0]!]!;
    for (const c of candidates) if (better(score[c]!, best)) best = score[c]!;
    return candidates.filter((c) => score[c] === best);
  };
  const all = Array.from({ length: teams }, (_, i) => i);
  let candidates = bestOf(
    all,
    byEntity((s) => (rules.terminal ? (last[s] ?? 0) : totals[s]!)),
  );
  if (rules.terminal && candidates.length > 1)
    candidates = bestOf(
      candidates,
      byEntity((s) => totals[s]!),
    );
  let tieBreak: BattleResult['tieBreak'] = null;
  let winner = candidates[0]!;
  if (candidates.length > 1) {
    const roll = firstFloat(seeds.serverSeed, seeds.publicSeed, values.length, 0);
    winner = candidates[Math.floor(roll * candidates.length)]!;
    tieBreak = { candidates, roll, winner };
  }
  const winners = Array.from({ length: seats }, (_, s) => s).filter((s) => team(s) === winner);
  return { winners, totals, tieBreak };
}

/**
 * Team modes: the battle's whole value split equally between the winning seats; each human seat is
 * credited its share, the remainder cents go to the lowest human winning seat, a bot's share stays
 * with the house. Returns cents per human winning seat (FFA battles give items, not this).
 */
export function battleTeamShares(
  valueCents: number,
  winners: readonly number[],
  humanSeats: ReadonlySet<number>,
): Map<number, number> {
  const share = Math.floor(valueCents / winners.length);
  const remainder = valueCents - share * winners.length;
  const humans = winners.filter((s) => humanSeats.has(s)).sort((a, b) => a - b);
  return new Map(humans.map((s, i) => [s, share + (i === 0 ? remainder : 0)]));
}
