// The ordered list of migrations. Append new ones; never edit one that has shipped.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import * as m0001 from './0001-core.ts';
import * as m0002 from './0002-auth.ts';
import * as m0006 from './0006-catalog.ts';

/** A migration step; it receives the dialect for the few DDL differences. */
export interface Step {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Migrations by name, applied in name order. */
export const steps: Record<string, Step> = {
  '0001-core': m0001,
  '0002-auth': m0002,
  '0006-catalog': m0006,
};
