// The player's seed pair (spec §7 Provably fair), typed from src/shared/api/fair.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import type { rotateResponseSchema, seedsResponseSchema } from '../../../shared/api/fair.ts';

type SeedsAnswer = z.infer<typeof seedsResponseSchema>;

/** GET /api/fair/seeds. */
export const getSeeds = () => api<SeedsAnswer>('GET', '/api/fair/seeds');

/** POST /api/fair/rotate: reveals the active server seed. */
export const rotateSeeds = () => api<z.infer<typeof rotateResponseSchema>>('POST', '/api/fair/rotate', {});

/** POST /api/fair/client-seed. */
export const submitClientSeed = (clientSeed: string) =>
  api<SeedsAnswer>('POST', '/api/fair/client-seed', { client_seed: clientSeed });
