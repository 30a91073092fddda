// Every game and the lazy loaders of its chunks; the route table and the lobby read this list.
import type { ComponentType } from 'react';

type Page = () => Promise<{ default: ComponentType }>;

/** One game's entry. */
export interface GameEntry {
  id: string;
  title: string;
  path: string; // the game's page
  page: Page; // the game chunk
  fairPage: Page; // its provably-fair page
}

/** The games that have landed. */
export const games = {
  dice: {
    id: 'dice',
    title: 'Dice',
    path: '/dice',
    page: () => import('./dice/dice-page.tsx'),
    fairPage: () => import('./dice/dice-fair-page.tsx'),
  },
  plinko: {
    id: 'plinko',
    title: 'Bounce',
    path: '/bounce',
    page: () => import('./plinko/plinko-page.tsx'),
    fairPage: () => import('./plinko/plinko-fair-page.tsx'),
  },
  upgrade: {
    id: 'upgrade',
    title: 'Upgrade',
    path: '/upgrade',
    page: () => import('./upgrade/upgrade-page.tsx'),
    fairPage: () => import('./upgrade/upgrade-fair-page.tsx'),
  },
  crash: {
    id: 'crash',
    title: 'Rocket',
    path: '/rocket',
    page: () => import('./crash/crash-page.tsx'),
    fairPage: () => import('./crash/crash-fair-page.tsx'),
  },
  wheel: {
    id: 'wheel',
    title: 'Crazy Wheel',
    path: '/wheel',
    page: () => import('./wheel/wheel-page.tsx'),
    fairPage: () => import('./wheel/wheel-fair-page.tsx'),
  },
} satisfies Record<string, GameEntry>;
