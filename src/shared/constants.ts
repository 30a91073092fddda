// Business constants shared by the server and the client (spec §9 and the wallet issue).

/** Minimum card deposit in dollars. */
export const CARD_MIN_DOLLARS = 5;
/** Card amount presets and defaults (dollars). */
export const CARD_PRESETS = [5, 25, 100, 250, 500] as const;
export const CARD_DEFAULT_DOLLARS = 25;
export const CARD_OTHER_DOLLARS = 50;
/** Skins deposit: default amount and the minimum the server accepts (dollars). */
export const SKINS_DEFAULT_DOLLARS = 3.15;
export const SKINS_MIN_DOLLARS = 0.5;
/** Largest single deposit request (dollars). */
export const DEPOSIT_MAX_DOLLARS = 100_000;

/** The headline promo: 35% bonus plus one free box opening, once per player. */
export const PROMO_CASE35 = { code: 'case35', percent: 35 } as const;
/** The code the card form's promo label advertises. */
export const PROMO_LABEL_CODE = { code: 'bonus5', percent: 5 } as const;

/** Minimum crypto deposit in USD; less is recorded but not credited (spec §2). */
export const CRYPTO_MIN_USD = 35;
/** Label on the crypto method. */
export const CRYPTO_BONUS_LABEL = 'bonus 35%';
/** Confirmations the sandbox chain needs before a crypto deposit is credited. */
export const CRYPTO_CONFIRMATIONS = 3;

/** Gift card denominations (dollars) and their coin icon counts. */
export const GIFT_DENOMINATIONS = [10, 50, 100, 250, 500, 1000] as const;
export const GIFT_COIN_ICONS = [1, 1, 2, 2, 2, 3] as const;

/** Weekly leaderboard prizes by place (dollars), paid through the ledger when the week ends. */
export const LEADERBOARD_PRIZES_DOLLARS = [250, 150, 100, 75, 50, 40, 30, 25, 20, 10] as const;
/** How many players the leaderboard lists. */
export const LEADERBOARD_SIZE = 20;
/** Deposit-limit periods: rolling windows of 24 h, 7 days and 30 days. */
export const DEPOSIT_LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type DepositLimitPeriod = (typeof DEPOSIT_LIMIT_PERIODS)[number];
/** Length of each deposit-limit period (ms). */
export const DEPOSIT_LIMIT_PERIOD_MS: Record<DepositLimitPeriod, number> = {
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
};
/** A raised (or removed) deposit limit applies this long after it was asked for (ms). */
export const LIMIT_RAISE_DELAY_MS = 86_400_000;
/** Self-exclusion length bounds (days). */
export const SELF_EXCLUSION_DAYS = { min: 1, max: 3650 } as const;
