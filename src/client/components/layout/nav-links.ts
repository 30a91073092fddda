// Link lists of the frame, in the order of spec §2.

/** A navigation link. */
export interface NavItem {
  to: string;
  label: string;
  isNew?: boolean; // shows a "New" badge
}

/** Desktop sidebar (spec §2 Desktop sidebar); Dice carries the New badge. */
export const sidebarLinks: NavItem[] = [
  { to: '/boxes', label: 'Boxes' },
  { to: '/battles', label: 'Battles' },
  { to: '/upgrade', label: 'Upgrade' },
  { to: '/rocket', label: 'Rocket' },
  { to: '/wheel', label: 'Crazy Wheel' },
  { to: '/bounce', label: 'Bounce' },
  { to: '/dice', label: 'Dice', isNew: true },
  { to: '/freeloot', label: 'Free loot' },
];

/** Footer links: the 12 of spec §2, in order, with the spec's label "Leaderbord". */
export const footerLinks: NavItem[] = [
  { to: '/contacts', label: 'Contacts' },
  { to: '/leaderboard', label: 'Leaderbord' },
  { to: '/how-it-works', label: 'How it works' },
  { to: '/faq', label: 'FAQ' },
  { to: '/profile/referral', label: 'Affiliates' },
  { to: '/terms-of-service', label: 'Terms of service' },
  { to: '/privacy-statement', label: 'Privacy statement' },
  { to: '/provably-fair', label: 'Provably fair' },
  { to: '/profile/support', label: 'Support' },
  { to: '/partnership', label: 'Partnership' },
  { to: '/cookie-policy', label: 'Cookie policy' },
  { to: '/aml-policy', label: 'AML policy' },
];

/** Games sub-menu of the mobile bottom bar. */
export const gameLinks: NavItem[] = [
  { to: '/battles', label: 'Battles' },
  { to: '/upgrade', label: 'Upgrade' },
  { to: '/rocket', label: 'Rocket' },
  { to: '/wheel', label: 'Crazy Wheel' },
  { to: '/bounce', label: 'Bounce' },
];

/** The 11 main links of the mobile menu. */
export const menuLinks: NavItem[] = [
  { to: '/boxes', label: 'Boxes' },
  { to: '/battles', label: 'Battles' },
  { to: '/upgrade', label: 'Upgrade' },
  { to: '/freeloot', label: 'Free loot' },
  { to: '/custom-boxes', label: 'Custom boxes' },
  { to: '/leaderboard', label: 'Leaderboard' },
  { to: '/rocket', label: 'Rocket' },
  { to: '/bounce', label: 'Bounce' },
  { to: '/wheel', label: 'Crazy Wheel' },
  { to: '/profile/support', label: 'Support' },
  { to: '/partnership', label: 'Partnership' },
];

/** The information grid of the mobile menu. */
export const infoLinks: NavItem[] = [
  { to: '/faq', label: 'FAQ' },
  { to: '/how-it-works', label: 'How it works' },
  { to: '/provably-fair', label: 'Provably fair' },
  { to: '/cashback', label: 'Cashback' },
  { to: '/contacts', label: 'Contacts' },
  { to: '/terms-of-service', label: 'Terms of service' },
  { to: '/privacy-statement', label: 'Privacy statement' },
  { to: '/cookie-policy', label: 'Cookie policy' },
  { to: '/aml-policy', label: 'AML policy' },
  { to: '/dice', label: 'Dice' },
];

/** External community links (spec §2 "Join our Community"). */
export const socialLinks = [
  { href: 'https://x.com/lootarcade', label: 'Loot Arcade on X', icon: 'x' },
  { href: 'https://www.instagram.com/lootarcade', label: 'Loot Arcade on Instagram', icon: 'instagram' },
  { href: 'https://t.me/lootarcade', label: 'Loot Arcade on Telegram', icon: 'telegram' },
] as const;
