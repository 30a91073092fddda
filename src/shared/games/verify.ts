// The verifier: recomputes one result from already-parsed inputs with each game's one outcome
// function. The verify CLI (src/server/cli/verify.service.ts) and the verify pages (fair-compute.ts,
// upgrade-fair.ts, box-fair-compute.ts) parse their own input and call this, so both print the
// same JSON for the same seeds.
import { crashPoint, wheelResult, type DiceDirection, type Risk, type SeedInput } from '../fair/index.ts';
import { battleTicket, type BattleTicketInput } from './battles/battle.outcome.ts';
import { boxOutcome } from './boxes/boxes.outcome.ts';
import { diceOutcome } from './dice/dice.outcome.ts';
import { plinkoOutcome } from './plinko/plinko.outcome.ts';
import { upgradeOutcome } from './upgrade/upgrade.outcome.ts';
import { wheelOutcome, wheelSeeds } from './wheel/wheel.outcome.ts';

/** One verification request, its fields already validated by the caller. */
export type VerifyRequest =
  | { game: 'dice'; seeds: SeedInput; target?: number; direction?: DiceDirection }
  | { game: 'plinko'; seeds: SeedInput; rows: number; risk: Risk }
  | { game: 'segment-wheel'; seeds: SeedInput; segments: number; risk: Risk }
  | { game: 'crash'; hash: string; salt: string }
  | { game: 'wheel'; serverSeed: string; publicSeed: string; round: number }
  | { game: 'box'; seeds: SeedInput }
  | { game: 'upgrade'; seeds: SeedInput; chance: number }
  | ({ game: 'battle' } & BattleTicketInput);

/** The games the verifier knows. */
export const VERIFY_GAMES = ['dice', 'plinko', 'segment-wheel', 'crash', 'wheel', 'box', 'upgrade', 'battle'] as const;

/** The result as the CLI prints it and the page shows it: `{game, …outcome fields}`. */
export function verifyOutcome(req: VerifyRequest): Record<string, unknown> {
  switch (req.game) {
    case 'dice': {
      if (req.target === undefined) return { game: 'dice', ...diceOutcome(req.seeds) };
      const { roll, win, multiplier } = diceOutcome(req.seeds, req.target, req.direction ?? 'over');
      return { game: 'dice', roll, win, multiplier };
    }
    case 'plinko':
      return { game: 'plinko', ...plinkoOutcome(req.seeds, req.rows, req.risk) };
    case 'segment-wheel':
      return { game: 'segment-wheel', ...wheelResult(req.seeds, req.segments, req.risk) };
    case 'crash':
      return { game: 'crash', crashPoint: crashPoint(req.hash, req.salt) };
    case 'wheel':
      return { game: 'wheel', ...wheelOutcome(wheelSeeds(req.serverSeed, req.publicSeed, req.round)) };
    case 'box':
      return { game: 'box', ...boxOutcome(req.seeds) };
    case 'upgrade': {
      const { roll, win } = upgradeOutcome(req.seeds, req.chance);
      return { game: 'upgrade', roll, win };
    }
    case 'battle':
      return { game: 'battle', round: req.round, seat: req.seat, ticket: battleTicket(req) };
  }
}
