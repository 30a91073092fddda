// The 31 countries the site ships to (spec §3): mostly European, plus Australia, the USA and Canada.

/** Country names offered by the address form, in display order. */
export const COUNTRIES = [
  'Australia',
  'Austria',
  'Belgium',
  'Bulgaria',
  'Canada',
  'Croatia',
  'Cyprus',
  'Czech Republic',
  'Denmark',
  'Estonia',
  'Finland',
  'France',
  'Germany',
  'Greece',
  'Hungary',
  'Ireland',
  'Italy',
  'Latvia',
  'Lithuania',
  'Luxembourg',
  'Malta',
  'Netherlands',
  'Poland',
  'Portugal',
  'Romania',
  'Slovakia',
  'Slovenia',
  'Spain',
  'Sweden',
  'United Kingdom',
  'United States',
] as const;

/** A country of the list. */
export type Country = (typeof COUNTRIES)[number];
