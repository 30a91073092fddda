// Dice's instant-bet machine: the shared machine typed with dice parameters and results.
import { createInstantBetMachine } from '../../engine/machines/instant-bet.machine.ts';
import type { DiceBet } from '../../../shared/api/dice.ts';
import type { DiceDirection } from '../../../shared/fair/index.ts';
import type { DiceScript } from '../../../shared/games/dice/dice.script.ts';

/** What the HUD bets. */
export interface DiceParams {
  amount: number; // dollars
  target: number;
  direction: DiceDirection;
}

/** A settled bet with the animation computed for it. */
export interface DiceResult {
  win: boolean;
  payout: number; // dollars
  bet: DiceBet;
  balance: number; // dollars after the bet
  script: DiceScript;
}

/** The dice machine. */
export const diceMachine = createInstantBetMachine<DiceParams, DiceResult>();
