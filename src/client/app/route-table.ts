// Every route of spec §2, one table. Each page loads lazily; a page whose feature has not
// landed yet is an honest "coming soon" page.
import type { ComponentType } from 'react';
import type { SiteRoute } from './site-route.ts';
import { games } from '../games/registry.ts';
import { devPagesEnabled, devRoutes } from './dev-pages.ts';

export type { SiteRoute } from './site-route.ts';

const soon = () => import('../features/pages/coming-soon-page.tsx');
const home = () => import('../features/pages/home-page.tsx');
const profileMain = () => import('../features/profile/profile-main-page.tsx');
const boxes = () => import('../features/boxes/boxes-page.tsx');
const box = () => import('../features/boxes/box-page.tsx');
const profilePages: Record<string, () => Promise<{ default: ComponentType }>> = {
  inventory: () => import('../features/inventory/inventory-page.tsx'),
  delivery: () => import('../features/delivery/delivery-page.tsx'),
  shipping: () => import('../features/delivery/shipping-page.tsx'),
  deposit: () => import('../features/wallet/payments-page.tsx'),
  withdraw: () => import('../features/wallet/withdraw-page.tsx'),
  'my-boxes': () => import('../features/custom-boxes/my-boxes-page.tsx'),
  support: () => import('../features/support/support-page.tsx'),
  'support/create': () => import('../features/support/support-create-page.tsx'),
  referral: () => import('../features/affiliates/referral-page.tsx'),
};
const battles = {
  list: () => import('../games/battles/battles-page.tsx'),
  create: () => import('../games/battles/battle-create-page.tsx'),
  battle: () => import('../games/battles/battle-page.tsx'),
};
const page = {
  cashback: () => import('../features/pages/cashback-page.tsx'),
  leaderboard: () => import('../features/pages/leaderboard-page.tsx'),
  partnership: () => import('../features/pages/partnership-page.tsx'),
  faq: () => import('../features/pages/faq-page.tsx'),
  howItWorks: () => import('../features/pages/how-it-works-page.tsx'),
  contacts: () => import('../features/pages/contacts-page.tsx'),
  provablyFair: () => import('../features/pages/provably-fair-page.tsx'),
  aml: () => import('../features/pages/aml-policy-page.tsx'),
  cookies: () => import('../features/pages/cookie-policy-page.tsx'),
  privacy: () => import('../features/pages/privacy-statement-page.tsx'),
  terms: () => import('../features/pages/terms-of-service-page.tsx'),
};

/** All routes, in the order of spec §2. */
export const routeTable: SiteRoute[] = [
  { path: '/', title: 'Home', load: home },
  { path: '/index-old-winter', title: 'Home (winter)', load: home },
  { path: '/boxes', title: 'Boxes', load: boxes },
  {
    path: '/boxes/provably-fair',
    title: 'Boxes — provably fair',
    load: () => import('../features/boxes/box-fair-page.tsx'),
  },
  { path: '/boxes/:slug', title: 'Box', load: box },
  {
    path: '/custom-boxes',
    title: 'Custom boxes',
    load: () => import('../features/custom-boxes/custom-boxes-page.tsx'),
  },
  {
    path: '/custom-boxes/all',
    title: 'All custom boxes',
    load: () => import('../features/custom-boxes/custom-boxes-all-page.tsx'),
  },
  {
    path: '/custom-boxes/create',
    title: 'Create a custom box',
    load: () => import('../features/custom-boxes/create-box-page.tsx'),
    auth: true,
  },
  { path: '/battles', title: 'Battles', load: battles.list },
  { path: '/battles/create', title: 'Create a battle', load: battles.create, auth: true },
  { path: '/battles/:id', title: 'Battle', load: battles.battle },
  { path: '/upgrade', title: 'Upgrade', load: games.upgrade.page },
  { path: '/upgrade/provably-fair', title: 'Upgrade — provably fair', load: games.upgrade.fairPage },
  { path: '/rocket', title: 'Rocket', load: games.crash.page, game: true },
  { path: '/rocket/provably-fair', title: 'Rocket — provably fair', load: games.crash.fairPage },
  { path: '/crash', title: 'Rocket', load: games.crash.page, game: true },
  { path: '/bounce', title: 'Bounce', load: games.plinko.page, game: true },
  { path: '/bounce/provably-fair', title: 'Bounce — provably fair', load: games.plinko.fairPage },
  { path: '/plinko', title: 'Bounce', load: games.plinko.page, game: true },
  { path: '/wheel', title: 'Crazy Wheel', load: games.wheel.page, game: true },
  { path: '/wheel/provably-fair', title: 'Crazy Wheel — provably fair', load: games.wheel.fairPage },
  { path: '/dice', title: 'Dice', load: games.dice.page, badge: 'New' },
  { path: '/dice/provably-fair', title: 'Dice — provably fair', load: games.dice.fairPage },
  { path: '/freeloot', title: 'Free loot', load: () => import('../features/free-loot/free-loot-page.tsx'), auth: true },
  { path: '/cashback', title: 'Cashback', load: page.cashback },
  { path: '/leaderboard', title: 'Leaderboard', load: page.leaderboard },
  { path: '/partnership', title: 'Partnership', load: page.partnership },
  { path: '/faq', title: 'FAQ', load: page.faq },
  { path: '/how-it-works', title: 'How it works', load: page.howItWorks },
  { path: '/contacts', title: 'Contacts', load: page.contacts },
  { path: '/provably-fair', title: 'Provably fair', load: page.provablyFair },
  { path: '/aml-policy', title: 'AML policy', load: page.aml },
  { path: '/cookie-policy', title: 'Cookie policy', load: page.cookies },
  { path: '/privacy-statement', title: 'Privacy statement', load: page.privacy },
  { path: '/terms-of-service', title: 'Terms of service', load: page.terms },
  {
    path: '/auth/:provider',
    title: 'Signing you in',
    load: () => import('../features/auth/social-callback-page.tsx'),
    checks: ['social-auth'],
  },
  { path: '/ref/:link', title: 'Referral', load: () => import('../features/auth/ref-page.tsx') },
  { path: '/reset-password', title: 'Reset password', load: () => import('../features/auth/reset-password-page.tsx') },
  { path: '/verify-email', title: 'Verify email', load: () => import('../features/auth/verify-email-page.tsx') },
  { path: '/profile', title: 'Profile', load: profileMain, auth: true, hub: true },
  { path: '/profile/main', title: 'Profile', load: profileMain, auth: true, hub: true },
  ...[
    'deposit',
    'withdraw',
    'inventory',
    'my-boxes',
    'delivery',
    'shipping',
    'support',
    'support/create',
    'referral',
  ].map((child): SiteRoute => ({
    path: `/profile/${child}`,
    title: `Profile — ${child.replace('/', ' ')}`,
    load: profilePages[child] ?? soon,
    auth: true,
    hub: true,
  })),
  { path: '/bets/:game/:id', title: 'Replay', load: () => import('../features/replay/replay-page.tsx') },
  { path: '/engine-check', title: 'Graphics check', load: () => import('../features/pages/engine-check-page.tsx') },
  // Outside production only: /dev/scenes (see dev-pages.ts).
  ...(devPagesEnabled() ? devRoutes : []),
  // Last: a box page by type and name; static paths above win in react-router's ranking.
  { path: '/:boxtype/:boxname', title: 'Box', load: box },
];
