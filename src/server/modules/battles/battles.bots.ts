// The house bots that fill empty seats (paid by the battle's creator); avatars are the shipped ones.
import type { BattleBot } from '../../../shared/api/battles.ts';

/** Every bot, by id (a battle seats each at most once; six bots cover a 3v3). */
export const BATTLE_BOTS: readonly BattleBot[] = [
  { id: 1, name: 'Robo Rex', avatar_url: '/img/avatars/robot.svg' },
  { id: 2, name: 'Foxy Bot', avatar_url: '/img/avatars/fox.svg' },
  { id: 3, name: 'Owlbert', avatar_url: '/img/avatars/owl.svg' },
  { id: 4, name: 'Panda Pilot', avatar_url: '/img/avatars/panda.svg' },
  { id: 5, name: 'Drako', avatar_url: '/img/avatars/dragon.svg' },
  { id: 6, name: 'Casper', avatar_url: '/img/avatars/ghost.svg' },
  { id: 7, name: 'Cosmo', avatar_url: '/img/avatars/astronaut.svg' },
  { id: 8, name: 'Whiskers', avatar_url: '/img/avatars/cat.svg' },
];

/** A bot by id. */
export function botById(id: number): BattleBot | undefined {
  return BATTLE_BOTS.find((b) => b.id === id);
}
