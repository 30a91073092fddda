// Catalogue boxes, their openings, odds versions and live drops (spec §7 Boxes), typed from
// src/shared/api/{boxes,box-open,box-fair}.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import { withQuery, type QueryOf } from './query.ts';
import type {
  boxDetailResponseSchema,
  boxListQuerySchema,
  BoxListResponse,
  dropListResponseSchema,
} from '../../../shared/api/boxes.ts';
import type { OpenBody, OpenResponse } from '../../../shared/api/box-open.ts';
import type { boxVersionResponseSchema, OpeningsResponse } from '../../../shared/api/box-fair.ts';

/** GET /api/boxes with the given filters. */
export const listBoxes = (query: QueryOf<typeof boxListQuerySchema> = {}) =>
  api<BoxListResponse>('GET', withQuery('/api/boxes', query));

/** GET /api/boxes/{slug}. */
export const getBox = (slug: string) => api<z.infer<typeof boxDetailResponseSchema>>('GET', `/api/boxes/${slug}`);

/** GET /api/boxes/{slug}/versions/{version}: the odds a past opening used. */
export const getBoxVersion = (slug: string, version: number | string) =>
  api<z.infer<typeof boxVersionResponseSchema>>('GET', `/api/boxes/${slug}/versions/${version}`);

/** POST /api/boxes/{slug}/open. */
export const openBox = (slug: string, body: OpenBody) => api<OpenResponse>('POST', `/api/boxes/${slug}/open`, body);

/** GET /api/boxes/openings: the player's last `perPage` openings of box `slug`. */
export const listBoxOpenings = (slug: string, perPage: number) =>
  api<OpeningsResponse>('GET', withQuery('/api/boxes/openings', { box: slug, per_page: perPage }));

type DropList = z.infer<typeof dropListResponseSchema>;

/** GET /api/last-drops: the site-wide live drops. */
export const getLastDrops = () => api<DropList>('GET', '/api/last-drops');

/** Which API a box belongs to: a catalogue box, a free box or a player's custom box. */
export type BoxDropsKind = 'box' | 'free' | 'user';

const dropsPrefix: Record<BoxDropsKind, string> = {
  box: '/api/boxes',
  free: '/api/free-boxes',
  user: '/api/user-boxes',
};

/** GET …/{slug}/last-drops of one box: `?limit=N`, plus `&best=1` in best mode. */
export const getBoxDrops = (kind: BoxDropsKind, slug: string, best: boolean, limit: number) =>
  api<DropList>(
    'GET',
    withQuery(`${dropsPrefix[kind]}/${encodeURIComponent(slug)}/last-drops`, { limit, best: best ? 1 : null }),
  );
