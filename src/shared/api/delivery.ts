// The delivery contract: the address form with exactly the messages of spec §5, shipments and statuses.
import { z } from 'zod';
import { COUNTRIES } from '../countries.ts';
import { productSchema } from './boxes.ts';

/** Longest text a field accepts (storage limit; the spec sets no other length rule). */
export const ADDRESS_MAX = 255;

function text(label: string, required: boolean, extra?: { ok: (v: string) => boolean; message: string }) {
  const requiredMsg = `${label} is a required field`;
  return z
    .string({ error: requiredMsg })
    .trim()
    .superRefine((v, ctx) => {
      if (!v) {
        if (required) ctx.addIssue({ code: 'custom', message: requiredMsg });
      } else if (v.length > ADDRESS_MAX)
        ctx.addIssue({ code: 'custom', message: `${label} must be at most ${ADDRESS_MAX} characters` });
      else if (extra && !extra.ok(v)) ctx.addIssue({ code: 'custom', message: extra.message });
    });
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Address form fields (spec §3 "Address form (customer)") with the spec §5 messages. */
export const addressSchema = z.object({
  first_name: text('first name', true),
  last_name: text('last name', true),
  email: text('email', true, { ok: (v) => emailPattern.test(v), message: 'email must be a valid email' }),
  phone: text('phone', true),
  country: text('country', true, {
    ok: (v) => (COUNTRIES as readonly string[]).includes(v),
    message: 'country is not valid.',
  }),
  country_state: text('state', true),
  city: text('city', true),
  postal_code: text('postal code', true),
  street_address: text('street', true),
  street_address_2: text('street address 2', false)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
/** A validated address. */
export type Address = z.infer<typeof addressSchema>;
/** Address form input (what the form holds). */
export type AddressInput = z.input<typeof addressSchema>;

/** The fields of the address form in display order, with labels. */
export const ADDRESS_FIELDS: readonly { name: keyof AddressInput; label: string; optional?: boolean }[] = [
  { name: 'first_name', label: 'First name' },
  { name: 'last_name', label: 'Last name' },
  { name: 'email', label: 'Email' },
  { name: 'phone', label: 'Phone' },
  { name: 'country', label: 'Country' },
  { name: 'country_state', label: 'State' },
  { name: 'city', label: 'City' },
  { name: 'postal_code', label: 'Postal code' },
  { name: 'street_address', label: 'Street' },
  { name: 'street_address_2', label: 'Street address 2', optional: true },
];

const itemId = z
  .number({ error: 'Item ids must be whole numbers.' })
  .int('Item ids must be whole numbers.')
  .positive('Item ids must be whole numbers.')
  .max(Number.MAX_SAFE_INTEGER, 'Item ids must be whole numbers.');

/** POST /api/delivery body: the items (with a size where the product has sizes) and the address. */
export const deliveryBodySchema = addressSchema.extend({
  items: z
    .array(
      z.object({
        id: itemId,
        size: z.string({ error: 'size is not valid.' }).max(8, 'size is not valid.').nullable().optional(),
      }),
      { error: 'Choose the items to ship.' },
    )
    .min(1, 'Choose the items to ship.')
    .max(50, 'Ship at most 50 items at once.')
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'Each item can be shipped once.'),
});
/** Delivery request input. */
export type DeliveryInput = z.input<typeof deliveryBodySchema>;

/** Shipment statuses, in their order. */
export const SHIPMENT_STATUSES = ['new', 'processing', 'shipped', 'delivered', 'canceled'] as const;
/** A shipment status. */
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Title and colour per shipment status. */
export const SHIPMENT_STATUS_STYLE: Record<ShipmentStatus, { title: string; color: string }> = {
  new: { title: 'Requested', color: 'white' },
  processing: { title: 'In processing', color: 'orange' },
  shipped: { title: 'Shipped', color: 'deepskyblue' },
  delivered: { title: 'Delivered', color: 'green' },
  canceled: { title: 'Canceled', color: 'red' },
};

/** A shipment as the API shows it. */
export const shipmentSchema = z.object({
  id: z.number().int(),
  status: z.enum(SHIPMENT_STATUSES),
  tracking_number: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  address: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    country: z.string(),
    country_state: z.string(),
    city: z.string(),
    postal_code: z.string(),
    street_address: z.string(),
    street_address_2: z.string().nullable(),
  }),
  items: z.array(
    z.object({ inventory_item_id: z.number().int(), size: z.string().nullable(), product: productSchema }),
  ),
});
/** A shipment. */
export type Shipment = z.infer<typeof shipmentSchema>;

/** `{msg, data: shipment}`. */
export const shipmentResponseSchema = z.object({ msg: z.string(), data: shipmentSchema });
/** `{data: [shipment]}`. */
export const shipmentListResponseSchema = z.object({ data: z.array(shipmentSchema) });
/** A shipment id in a path. */
export const shipmentParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Unknown shipment.' })
    .int('Unknown shipment.')
    .positive('Unknown shipment.')
    .max(Number.MAX_SAFE_INTEGER, 'Unknown shipment.'),
});
