// Every route of spec §2, one table. Each page loads lazily; a page whose feature has not
// landed yet is an honest "coming soon" page.
import type { ComponentType } from 'react';

/** A route of the site. */
export interface SiteRoute {
  path: string; // react-router pattern
  title: string; // what the page is, shown on "coming soon" pages
  load: () => Promise<{ default: ComponentType }>;
  auth?: boolean; // needs a signed-in player (spec §5 route access)
  game?: boolean; // black full-width game layout (spec §2)
}

const soon = () => import('../features/pages/coming-soon-page.tsx');
const home = () => import('../features/pages/home-page.tsx');
const boxes = () => import('../features/boxes/boxes-page.tsx');
const box = () => import('../features/boxes/box-page.tsx');
const profilePages: Record<string, () => Promise<{ default: ComponentType }>> = {
  inventory: () => import('../features/inventory/inventory-page.tsx'),
  delivery: () => import('../features/delivery/delivery-page.tsx'),
  shipping: () => import('../features/delivery/shipping-page.tsx'),
};

/** All routes, in the order of spec §2. */
export const routeTable: SiteRoute[] = [
  { path: '/', title: 'Home', load: home },
  { path: '/index-old-winter', title: 'Home (winter)', load: home },
  { path: '/boxes', title: 'Boxes', load: boxes },
  { path: '/boxes/:slug', title: 'Box', load: box },
  { path: '/custom-boxes', title: 'Custom boxes', load: soon },
  { path: '/custom-boxes/all', title: 'All custom boxes', load: soon },
  { path: '/custom-boxes/create', title: 'Create a custom box', load: soon, auth: true },
  { path: '/battles', title: 'Battles', load: soon },
  { path: '/battles/create', title: 'Create a battle', load: soon, auth: true },
  { path: '/battles/:id', title: 'Battle', load: soon },
  { path: '/upgrade', title: 'Upgrade', load: soon },
  { path: '/rocket', title: 'Rocket', load: soon, game: true },
  { path: '/rocket/provably-fair', title: 'Rocket — provably fair', load: soon },
  { path: '/crash', title: 'Rocket', load: soon, game: true },
  { path: '/wheel', title: 'Crazy Wheel', load: soon, game: true },
  { path: '/wheel/provably-fair', title: 'Crazy Wheel — provably fair', load: soon },
  { path: '/bounce', title: 'Bounce', load: soon, game: true },
  { path: '/bounce/provably-fair', title: 'Bounce — provably fair', load: soon },
  { path: '/plinko', title: 'Bounce', load: soon, game: true },
  { path: '/dice', title: 'Dice', load: soon },
  { path: '/dice/provably-fair', title: 'Dice — provably fair', load: soon },
  { path: '/freeloot', title: 'Free loot', load: soon, auth: true },
  { path: '/cashback', title: 'Cashback', load: soon },
  { path: '/leaderboard', title: 'Leaderboard', load: soon },
  { path: '/partnership', title: 'Partnership', load: soon },
  { path: '/faq', title: 'FAQ', load: soon },
  { path: '/how-it-works', title: 'How it works', load: soon },
  { path: '/contacts', title: 'Contacts', load: soon },
  { path: '/provably-fair', title: 'Provably fair', load: soon },
  { path: '/aml-policy', title: 'AML policy', load: soon },
  { path: '/cookie-policy', title: 'Cookie policy', load: soon },
  { path: '/privacy-statement', title: 'Privacy statement', load: soon },
  { path: '/terms-of-service', title: 'Terms of service', load: soon },
  { path: '/auth/:provider', title: 'Signing you in', load: soon },
  { path: '/ref/:link', title: 'Referral', load: soon },
  { path: '/reset-password', title: 'Reset password', load: soon },
  { path: '/profile', title: 'Profile', load: soon, auth: true },
  ...['main', 'deposit', 'withdraw', 'inventory', 'my-boxes', 'delivery', 'shipping', 'support', 'support/create', 'referral'].map(
    (child): SiteRoute => ({ path: `/profile/${child}`, title: `Profile — ${child.replace('/', ' ')}`, load: profilePages[child] ?? soon, auth: true }),
  ),
  { path: '/engine-check', title: 'Graphics check', load: () => import('../features/pages/engine-check-page.tsx') },
  // Last: a box page by type and name; static paths above win in react-router's ranking.
  { path: '/:boxtype/:boxname', title: 'Box', load: box },
];
