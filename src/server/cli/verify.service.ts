// The verifier's logic, separate from argv handling so it is testable in-process too.
import {
  RISKS,
  boxTicket,
  crashPoint,
  diceRoll,
  floats,
  isPlinkoRows,
  isWheelSegments,
  plinkoResult,
  wheelResult,
  type Risk,
  type SeedInput,
} from '../../shared/fair/index.ts';
import { upgradeOutcomeFromSeeds } from '../../shared/games/upgrade/upgrade.odds.ts';

type Options = Record<string, string | boolean | undefined>;
type Output = Record<string, unknown>;

/** The games the verifier knows. */
export const VERIFY_GAMES = ['dice', 'plinko', 'wheel', 'crash', 'box', 'upgrade'] as const;

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

/** Recomputes one result; `{error}` on bad input. */
export function verifyResult(game: string | undefined, options: Options): Output {
  try {
    let out: Output;
    if (game === 'dice') out = { game, roll: diceRoll(seeds(options)) };
    else if (game === 'box') out = { game, ticket: boxTicket(seeds(options)) };
    else if (game === 'plinko') {
      const rows = int(options, 'rows');
      if (!isPlinkoRows(rows)) throw new Error('--rows must be 8 to 16');
      out = { game, ...plinkoResult(seeds(options), rows, risk(options)) };
    } else if (game === 'wheel') {
      const segments = int(options, 'segments');
      if (!isWheelSegments(segments)) throw new Error('--segments must be 10, 20, 30, 40 or 50');
      out = { game, ...wheelResult(seeds(options), segments, risk(options)) };
    } else if (game === 'upgrade') {
      const chance = Number(text(options, 'chance'));
      if (!Number.isFinite(chance) || chance < 0 || chance > 100)
        throw new Error('--chance must be a percent from 0 to 100');
      const { roll, win } = upgradeOutcomeFromSeeds(seeds(options), chance);
      out = { game, roll, win };
    } else if (game === 'crash') {
      return { game, crashPoint: crashPoint(text(options, 'hash'), text(options, 'salt')) };
    } else throw new Error(`unknown game ${JSON.stringify(game ?? '')}: use ${VERIFY_GAMES.join(', ')}`);
    if (options.floats !== undefined) {
      const k = int(options, 'floats');
      if (k > 1000) throw new Error('--floats must be at most 1000');
      out.floats = floats(seeds(options), k);
    }
    return out;
  } catch (e) {
    return { error: (e as Error).message };
  }
}
