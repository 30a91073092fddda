// The verify CLI's option parsing, separate from argv handling so it is testable in-process too;
// the computation is the shared verifier (src/shared/games/verify.ts) the verify pages call too.
import { RISKS, floats, isPlinkoRows, isWheelSegments, type Risk, type SeedInput } from '../../shared/fair/index.ts';
import { VERIFY_GAMES, verifyOutcome, type VerifyRequest } from '../../shared/games/verify.ts';
import { crashPoint } from '../../shared/fair/crash.ts';
import { earlierGameHashes } from '../../shared/games/crash/crash.chain.ts';
import { wheelSeeds } from '../../shared/games/wheel/wheel.outcome.ts';

type Options = Record<string, string | boolean | undefined>;
type Output = Record<string, unknown>;

function text(options: Options, name: string): string {
  const v = options[name];
  if (typeof v !== 'string' || v === '') throw new Error(`--${name} is required`);
  return v;
}

function int(options: Options, name: string): number {
  const v = text(options, name);
  if (!/^\d{1,15}$/.test(v)) throw new Error(`--${name} must be a non-negative integer`);
  return Number(v);
}

function seeds(options: Options): SeedInput {
  return {
    serverSeed: text(options, 'server-seed'),
    clientSeed: text(options, 'client-seed'),
    nonce: int(options, 'nonce'),
  };
}

function risk(options: Options): Risk {
  const v = text(options, 'risk');
  if (!(RISKS as readonly string[]).includes(v)) throw new Error('--risk must be low, medium or high');
  return v as Risk;
}

function direction(options: Options): 'over' | 'under' {
  const v = options.direction ?? 'over';
  if (v !== 'over' && v !== 'under') throw new Error('--direction must be over or under');
  return v;
}

/** The request for `game` from the CLI options; throws with the option to fix. */
function request(game: string | undefined, options: Options): VerifyRequest {
  if (game === 'crash') return { game, hash: text(options, 'hash'), salt: text(options, 'salt') };
  if (game === 'dice') {
    if (options.target === undefined) return { game, seeds: seeds(options) };
    const target = Number(text(options, 'target'));
    if (!Number.isFinite(target) || target < 0 || target > 100) throw new Error('--target must be from 0 to 100');
    return { game, seeds: seeds(options), target, direction: direction(options) };
  }
  if (game === 'wheel') {
    return {
      game,
      serverSeed: text(options, 'server-seed'),
      publicSeed: text(options, 'public-seed'),
      round: int(options, 'round'),
    };
  }
  if (game === 'box') return { game, seeds: seeds(options) };
  if (game === 'battle')
    return {
      game,
      serverSeed: text(options, 'server-seed'),
      publicSeed: text(options, 'public-seed'),
      round: int(options, 'round'),
      seat: int(options, 'seat'),
    };
  if (game === 'plinko') {
    const rows = int(options, 'rows');
    if (!isPlinkoRows(rows)) throw new Error('--rows must be 8 to 16');
    return { game, seeds: seeds(options), rows, risk: risk(options) };
  }
  if (game === 'segment-wheel') {
    const segments = int(options, 'segments');
    if (!isWheelSegments(segments)) throw new Error('--segments must be 10, 20, 30, 40 or 50');
    return { game, seeds: seeds(options), segments, risk: risk(options) };
  }
  if (game === 'upgrade') {
    const chance = Number(text(options, 'chance'));
    if (!Number.isFinite(chance) || chance < 0 || chance > 100)
      throw new Error('--chance must be a percent from 0 to 100');
    return { game, seeds: seeds(options), chance };
  }
  throw new Error(`unknown game ${JSON.stringify(game ?? '')}: use ${VERIFY_GAMES.join(', ')}`);
}

/** Recomputes one result with the shared verifier (src/shared/games/verify.ts); `{error}` on bad input. */
export function verifyResult(game: string | undefined, options: Options): Output {
  try {
    const req = request(game, options);
    const out = verifyOutcome(req);
    if (req.game === 'crash' && options.chain !== undefined) {
      const n = int(options, 'chain');
      if (n > 100_000) throw new Error('--chain must be at most 100000');
      // the N games played before this one, newest first: each hash is SHA-256 of the one before it
      out.chain = earlierGameHashes(req.hash, n).map((hash) => ({ hash, crashPoint: crashPoint(hash, req.salt) }));
    }
    if (req.game !== 'crash' && req.game !== 'battle' && options.floats !== undefined) {
      const k = int(options, 'floats');
      if (k > 1000) throw new Error('--floats must be at most 1000');
      out.floats = floats(req.game === 'wheel' ? wheelSeeds(req.serverSeed, req.publicSeed, req.round) : req.seeds, k);
    }
    return out;
  } catch (e) {
    return { error: (e as Error).message };
  }
}
