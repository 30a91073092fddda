// Player-made boxes and the product picker (spec §7 Custom boxes), typed from src/shared/api/user-boxes.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import { withQuery, type QueryOf } from './query.ts';
import type {
  CustomBoxCreateBody,
  customBoxDetailResponseSchema,
  customBoxListQuerySchema,
  CustomBoxListResponse,
  MyCustomBoxesResponse,
  productListResponseSchema,
  productSearchQuerySchema,
} from '../../../shared/api/user-boxes.ts';

type CustomBoxAnswer = z.infer<typeof customBoxDetailResponseSchema>;

/** GET /api/user-boxes with the given filters. */
export const listCustomBoxes = (query: QueryOf<typeof customBoxListQuerySchema> = {}) =>
  api<CustomBoxListResponse>('GET', withQuery('/api/user-boxes', query));

/** GET /api/user-boxes/mine. */
export const listMyCustomBoxes = () => api<MyCustomBoxesResponse>('GET', '/api/user-boxes/mine');

/** GET /api/user-boxes/{slug}. */
export const getCustomBox = (slug: string) => api<CustomBoxAnswer>('GET', `/api/user-boxes/${slug}`);

/** POST /api/user-boxes. */
export const createCustomBox = (body: CustomBoxCreateBody) => api<CustomBoxAnswer>('POST', '/api/user-boxes', body);

/** GET /api/products with the given filters. */
export const searchProducts = (query: QueryOf<typeof productSearchQuerySchema> = {}) =>
  api<z.infer<typeof productListResponseSchema>>('GET', withQuery('/api/products', query));
