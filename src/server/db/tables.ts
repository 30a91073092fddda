// Row types of every table, as Kysely sees them: one file per area under tables/.
// Money is integer cents; times are epoch milliseconds.
import type { AccountsTables, UsersVerificationColumns } from './tables/accounts.ts';
import type { CatalogTables } from './tables/catalog.ts';
import type { CoreTables } from './tables/core.ts';
import type { FairDiceTables } from './tables/fair-dice.ts';
import type { LevelsTables, UsersLevelColumns } from './tables/levels.ts';
import type { WalletTables } from './tables/wallet.ts';
import type { HeldFundsTable, ReferralVisitsTable, WithdrawalsHeldColumns } from './tables/held-funds.ts';
import type { UpgradeTables } from './tables/upgrade.ts';
import type { OutboxPayloadColumns, ReferralLinksAffiliateColumns, SupportTables } from './tables/support.ts';
import type { ProgrammeTables, UsersProgrammeColumns } from './tables/programmes.ts';
import type { BattleTables } from './tables/battles.ts';
import type { CrashTables } from './tables/crash.ts';
import type { PlinkoTables } from './tables/plinko.ts';
import type { WheelTables } from './tables/wheel.ts';
import type { SettledWagersTable } from './tables/settled-wagers.ts';
import type { AccountIpsTable } from './tables/account-ips.ts';
import type { ChatTables, OutboxChannelColumns } from './tables/chat.ts';

export type * from './tables/accounts.ts';
export type * from './tables/catalog.ts';
export type * from './tables/core.ts';
export type * from './tables/fair-dice.ts';
export type * from './tables/levels.ts';
export type * from './tables/wallet.ts';
export type * from './tables/held-funds.ts';
export type * from './tables/upgrade.ts';
export type * from './tables/user-boxes.ts';
export type * from './tables/support.ts';
export type * from './tables/programmes.ts';
export type * from './tables/battles.ts';
export type * from './tables/rounds.ts';
export type * from './tables/crash.ts';
export type * from './tables/plinko.ts';
export type * from './tables/wheel.ts';
export type * from './tables/settled-wagers.ts';
export type * from './tables/account-ips.ts';
export type * from './tables/chat.ts';

/** Every table of the schema. */
export interface Tables
  extends
    Omit<CoreTables, 'users'>,
    Omit<AccountsTables, 'referral_links'>,
    FairDiceTables,
    Omit<WalletTables, 'outbox' | 'withdrawals'>,
    CatalogTables,
    LevelsTables,
    UpgradeTables,
    ProgrammeTables,
    SupportTables,
    BattleTables,
    CrashTables,
    PlinkoTables,
    WheelTables,
    ChatTables {
  users: CoreTables['users'] & UsersLevelColumns & UsersVerificationColumns & UsersProgrammeColumns; // + migrations 0008, 0013, 0018
  referral_links: AccountsTables['referral_links'] & ReferralLinksAffiliateColumns; // + migration 0019
  outbox: WalletTables['outbox'] & OutboxPayloadColumns & OutboxChannelColumns; // + migrations 0019, 0031
  withdrawals: WalletTables['withdrawals'] & WithdrawalsHeldColumns; // + migration 0029
  held_funds: HeldFundsTable; // migration 0029
  referral_visits: ReferralVisitsTable; // migration 0029
  settled_wagers: SettledWagersTable; // migration 0025
  account_ips: AccountIpsTable; // migration 0030
}
