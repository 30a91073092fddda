// The player's items and their shipping (spec §7 Inventory, Delivery), typed from
// src/shared/api/{inventory,delivery}.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import { withQuery, type QueryOf } from './query.ts';
import type { inventoryQuerySchema, InventoryResponse, SellResponse } from '../../../shared/api/inventory.ts';
import type {
  DeliveryInput,
  shipmentListResponseSchema,
  shipmentResponseSchema,
} from '../../../shared/api/delivery.ts';

/** GET /api/inventory with the given filters. */
export const getInventory = (query: QueryOf<typeof inventoryQuerySchema> = {}) =>
  api<InventoryResponse>('GET', withQuery('/api/inventory', query));

/** POST /api/inventory/sell. */
export const sellItems = (ids: number[]) => api<SellResponse>('POST', '/api/inventory/sell', { ids });

/** POST /api/delivery: ship these items to the address. */
export const requestDelivery = (body: DeliveryInput) =>
  api<z.infer<typeof shipmentResponseSchema>>('POST', '/api/delivery', body);

/** GET /api/shipments. */
export const listShipments = () => api<z.infer<typeof shipmentListResponseSchema>>('GET', '/api/shipments');

/** POST /api/shipments/{id}/cancel. */
export const cancelShipment = (id: number) =>
  api<z.infer<typeof shipmentResponseSchema>>('POST', `/api/shipments/${id}/cancel`);
