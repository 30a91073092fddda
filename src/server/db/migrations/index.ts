// The ordered list of migrations. Append new ones; never edit one that has shipped.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import * as m0001 from './0001-core.ts';
import * as m0002 from './0002-auth.ts';
import * as m0003 from './0003-accounts.ts';
import * as m0004 from './0004-fair-dice.ts';
import * as m0005 from './0005-wallet.ts';
import * as m0006 from './0006-catalog.ts';
import * as m0007 from './0007-box-openings.ts';
import * as m0008 from './0008-levels-free-loot.ts';
import * as m0009 from './0009-upgrades.ts';
import * as m0010 from './0010-user-boxes.ts';
import * as m0011 from './0011-ledger-kind-time.ts';
import * as m0012 from './0012-money-safety.ts';
import * as m0013 from './0013-email-verification.ts';
import * as m0014 from './0014-crash-rounds.ts';
import * as m0015 from './0015-wheel.ts';
import * as m0016 from './0016-plinko.ts';
import * as m0017 from './0017-battles.ts';
import * as m0018 from './0018-responsible-play-programmes.ts';
import * as m0019 from './0019-affiliates-support.ts';
import * as m0020 from './0020-dice-pg-bet.ts';
import * as m0021 from './0021-plinko-pg-bet.ts';
import * as m0022 from './0022-box-open.ts';
import * as m0023 from './0023-upgrade-pg.ts';
import * as m0024 from './0024-ledger-user-index.ts';
import * as m0025 from './0025-settled-wagers.ts';
import * as m0026 from './0026-battle-invites-leaves.ts';
import * as m0028 from './0028-crash-void.ts';
import * as m0029 from './0029-held-funds-referral-visits.ts';
import * as m0030 from './0030-account-ips.ts';
import * as m0031 from './0031-chat.ts';
import * as m0032 from './0032-generic-bet.ts';
import * as m0033 from './0033-generic-bet-claims.ts';
import * as m0034 from './0034-faster-bet.ts';
import * as m0035 from './0035-wheel-bets-user-index.ts';
import * as m0036 from './0036-bet-token.ts';
import * as m0037 from './0037-cheaper-bet-indexes.ts';
import * as m0038 from './0038-leaner-bet.ts';

/** A migration step; it receives the dialect for the few DDL differences. */
export interface Step {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Migrations by name, applied in name order. */
export const steps: Record<string, Step> = {
  '0001-core': m0001,
  '0002-auth': m0002,
  '0003-accounts': m0003,
  '0004-fair-dice': m0004,
  '0005-wallet': m0005,
  '0006-catalog': m0006,
  '0007-box-openings': m0007,
  '0008-levels-free-loot': m0008,
  '0009-upgrades': m0009,
  '0010-user-boxes': m0010,
  '0011-ledger-kind-time': m0011,
  '0012-money-safety': m0012,
  '0013-email-verification': m0013,
  '0014-crash-rounds': m0014,
  '0015-wheel': m0015,
  '0016-plinko': m0016,
  '0017-battles': m0017,
  '0018-responsible-play-programmes': m0018,
  '0019-affiliates-support': m0019,
  '0020-dice-pg-bet': m0020,
  '0021-plinko-pg-bet': m0021,
  '0022-box-open': m0022,
  '0023-upgrade-pg': m0023,
  '0024-ledger-user-index': m0024,
  '0025-settled-wagers': m0025,
  '0026-battle-invites-leaves': m0026,
  '0028-crash-void': m0028,
  '0029-held-funds-referral-visits': m0029,
  '0030-account-ips': m0030,
  '0031-chat': m0031,
  '0032-generic-bet': m0032,
  '0033-generic-bet-claims': m0033,
  '0034-faster-bet': m0034,
  '0035-wheel-bets-user-index': m0035,
  '0036-bet-token': m0036,
  '0037-cheaper-bet-indexes': m0037,
  '0038-leaner-bet': m0038,
};
