// The games of the bets archive and replays as the site names them (menus, history rows, replay slips).
import type { ArchiveGame } from '../api/profile-bets.ts';

/** A game's name as the site shows it. */
export const GAME_NAMES: Readonly<Record<ArchiveGame, string>> = {
  dice: 'Dice',
  upgrade: 'Upgrade',
  plinko: 'Bounce',
  crash: 'Rocket',
  wheel: 'Crazy Wheel',
  battle: 'Battles',
  box: 'Boxes',
};
