// GET /api/tl/{utm_source}: records a visit from a marketing source and returns the opaque link
// the client keeps in the trackingLink cookie and sends back as X-TLink (attributed at registration).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/database.ts';
import { defineRoute } from '../../http/route.ts';
import { trackingLinkSchema } from '../../../shared/api/auth.ts';
import type { ModuleContext } from '../../module-context.ts';

const sourceParams = z.object({
  utm_source: z
    .string()
    .trim()
    .min(1, 'The source is required.')
    .max(100, 'The source may not be longer than 100 characters.')
    .regex(/^[\p{L}\p{N} ._~+-]+$/u, 'The source is not valid.'),
});

/** Returns the link of `source`, creating it on first sight, and counts the visit. */
export async function trackVisit(db: DB, source: string, now: number): Promise<string> {
  const key = source.toLowerCase();
  await db
    .insertInto('tracking_links')
    .values({ source: key, link: randomBytes(12).toString('base64url'), visits: 0, created_at: now })
    .onConflict((oc) => oc.column('source').doNothing())
    .execute();
  const row = await db
    .updateTable('tracking_links')
    .set({ visits: sql`visits + 1` })
    .where('source', '=', key)
    .returning('link')
    .executeTakeFirstOrThrow();
  return row.link;
}

/** Registers the tracking route. */
export function trackingRoutes(app: FastifyInstance, { database: { db } }: ModuleContext): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/tl/:utm_source',
      summary: 'Record a visit from a marketing source',
      tags: ['tracking'],
      params: sourceParams,
      response: trackingLinkSchema,
    },
    async ({ params }) => ({
      link: await trackVisit(db, params.utm_source, Date.now()),
    }),
  );
}
