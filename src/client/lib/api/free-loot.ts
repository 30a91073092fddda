// Free boxes (spec §7 Free loot), typed from src/shared/api/free-loot.ts.
import { api } from '../api.ts';
import type { FreeBoxListResponse, FreeOpenResponse } from '../../../shared/api/free-loot.ts';

/** GET /api/free-boxes. */
export const listFreeBoxes = () => api<FreeBoxListResponse>('GET', '/api/free-boxes');

/** POST /api/free-boxes/{slug}/open; `promo` spends a one-time opening instead of the daily one. */
export const openFreeBox = (slug: string, promo: boolean) =>
  api<FreeOpenResponse>('POST', `/api/free-boxes/${slug}/open`, { promo });
