// Provably-fair seed API contract: GET /api/fair/seeds, POST /api/fair/client-seed, POST /api/fair/rotate.
import { z } from 'zod';

/** A client seed: 1–64 visible ASCII characters. */
export const clientSeedSchema = z
  .string({ error: 'The client seed is required.' })
  .regex(/^[\x21-\x7e]{1,64}$/, 'The client seed must be 1 to 64 visible ASCII characters (no spaces).');

/** Body of POST /api/fair/client-seed (and the optional body of POST /api/fair/rotate). */
export const clientSeedBodySchema = z.object({ client_seed: clientSeedSchema });
export const rotateBodySchema = z.object({ client_seed: clientSeedSchema.optional() });

/** A revealed seed pair. */
export const revealedPairSchema = z.object({
  server_seed: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(), // bets made with the pair
  revealed_at: z.string().optional(), // ISO 8601
});

/** The active pair as the player sees it (server seed hidden). */
export const currentPairSchema = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(), // the next bet's nonce
});

/** GET /api/fair/seeds → data. */
export const seedsSchema = currentPairSchema.extend({
  next_server_seed_hash: z.string(), // committed before the client seed can change
  previous: z.array(revealedPairSchema),
});

/** POST /api/fair/rotate → data. */
export const rotateSchema = z.object({
  previous: revealedPairSchema,
  current: currentPairSchema.extend({ next_server_seed_hash: z.string() }),
});

export type Seeds = z.infer<typeof seedsSchema>;
export type RevealedPair = z.infer<typeof revealedPairSchema>;
export type RotateResult = z.infer<typeof rotateSchema>;

/** GET /api/fair/seeds and POST /api/fair/client-seed. */
export const seedsResponseSchema = z.object({ data: seedsSchema });
/** POST /api/fair/rotate. */
export const rotateResponseSchema = z.object({ data: rotateSchema });
