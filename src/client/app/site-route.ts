// The shape of a route in the route table (its own file so dev-pages.ts and route-table.ts do not import each other).
import type { ComponentType } from 'react';

/** A route of the site. */
export interface SiteRoute {
  path: string; // react-router pattern
  title: string; // what the page is, shown on "coming soon" pages
  load: () => Promise<{ default: ComponentType }>;
  auth?: boolean; // needs a signed-in player (spec §5 route access): the "auth" check
  checks?: string[]; // further named route checks (route-checks.tsx), e.g. 'social-auth'
  game?: boolean; // black full-width game layout (spec §2)
  badge?: string; // sidebar badge, e.g. 'New'
  hub?: boolean; // a page of the profile hub: shown inside its layout with the hub navigation
}
