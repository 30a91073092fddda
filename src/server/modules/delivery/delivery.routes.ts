// HTTP for delivery: request a shipment of owned items, list shipments, cancel a new one.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import {
  deliveryBodySchema,
  shipmentListResponseSchema,
  shipmentParamsSchema,
  shipmentResponseSchema,
} from '../../../shared/api/delivery.ts';
import { cancelShipment, listShipments, requestDelivery } from './delivery.service.ts';
import type { ModuleContext } from '../../module-context.ts';

/** Registers POST /api/delivery, GET /api/shipments and POST /api/shipments/{id}/cancel. */
export function deliveryRoutes(app: FastifyInstance, { database: { db } }: ModuleContext): void {
  const tags = ['delivery'];
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/delivery',
      summary: 'Request delivery of owned items (size where needed) to an address (spec §5 messages)',
      tags,
      auth: true,
      body: deliveryBodySchema,
      response: shipmentResponseSchema,
      bodyLimit: 64 * 1024,
    },
    async ({ user, body }) => {
      const { items, ...address } = body;
      const data = await requestDelivery(db, user.id, items, address, Date.now());
      return { msg: 'Delivery requested.', data };
    },
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/shipments',
      summary: "The player's shipments with status and tracking number",
      tags,
      auth: true,
      response: shipmentListResponseSchema,
    },
    async ({ user }) => ({
      data: await listShipments(db, user.id),
    }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/shipments/:id/cancel',
      summary: 'Cancel a shipment while it is new; its items return to the inventory',
      tags,
      auth: true,
      params: shipmentParamsSchema,
      response: shipmentResponseSchema,
    },
    async ({ user, params }) => ({
      msg: 'Shipment canceled.',
      data: await cancelShipment(db, user.id, params.id, Date.now()),
    }),
  );
}
