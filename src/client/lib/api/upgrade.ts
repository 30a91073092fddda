// Upgrades (spec §7 Upgrade), typed from src/shared/api/upgrade.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import { withQuery, type QueryOf } from './query.ts';
import type {
  UpgradeBody,
  upgradeHistorySchema,
  UpgradeResponse,
  upgradeTargetsQuerySchema,
  UpgradeTargetsResponse,
} from '../../../shared/api/upgrade.ts';

/** POST /api/upgrade. */
export const placeUpgrade = (body: UpgradeBody) => api<UpgradeResponse>('POST', '/api/upgrade', body);

/** GET /api/upgrade/history: the player's last `limit` upgrades. */
export const getUpgradeHistory = (limit: number) =>
  api<z.infer<typeof upgradeHistorySchema>>('GET', `/api/upgrade/history?limit=${limit}`);

/** GET /api/upgrade/targets with the filters that have a value. */
export const getUpgradeTargets = (query: QueryOf<typeof upgradeTargetsQuerySchema>) =>
  api<UpgradeTargetsResponse>('GET', withQuery('/api/upgrade/targets', query));
