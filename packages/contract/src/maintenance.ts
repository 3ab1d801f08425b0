import { z } from 'zod';
import { optionalQuery, optionalSlug, optionalTransportId, slug } from './common';
import { cartAddQuantity, cartResponse } from './cart';
import { formatNumber } from './format';
import { MESSAGES } from './messages';

// Maintenance kits (каталог ТО, issue #17): for a vehicle and its mileage, the parts of its next scheduled
// service, each line with the best product of the catalogue that fits and its replacements; one call adds the
// whole kit to the cart.

/** Highest mileage the kit accepts, km. */
export const MAINTENANCE_MILEAGE_MAX = 1_000_000;
/** Most lines one kit may add at once. */
export const MAINTENANCE_KIT_MAX_LINES = 20;

export const MAINTENANCE_MESSAGES = {
  transportRequired: 'Выберите автомобиль.',
  mileageInvalid: `Укажите пробег целым числом километров от 0 до ${formatNumber(MAINTENANCE_MILEAGE_MAX)}.`,
  noSchedule: 'Для этого автомобиля регламент ТО пока не заведён.',
  noProduct: 'Подходящего товара сейчас нет в каталоге.',
  kitEmpty: 'Выберите хотя бы одну позицию комплекта.',
  kitTooLong: `В комплекте не больше ${MAINTENANCE_KIT_MAX_LINES} позиций.`,
} as const;

const mileage = z
  .string({ error: MAINTENANCE_MESSAGES.mileageInvalid })
  .trim()
  .transform((v) => v.replace(/[\s\u00a0]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{1,7}$/, MAINTENANCE_MESSAGES.mileageInvalid)
      .transform(Number)
      .pipe(z.number().int().max(MAINTENANCE_MILEAGE_MAX, MAINTENANCE_MESSAGES.mileageInvalid)),
  );

const transportIdQuery = z
  .string({ error: MAINTENANCE_MESSAGES.transportRequired })
  .trim()
  .min(1, MAINTENANCE_MESSAGES.transportRequired)
  .regex(/^\d{1,9}$/, MESSAGES.idInvalid)
  .transform(Number)
  .pipe(z.number().int().positive(MESSAGES.idInvalid));

export const maintenanceQuery = z.object({
  transport_id: transportIdQuery,
  mileage,
  city: optionalQuery(slug),
});
export type MaintenanceQuery = z.infer<typeof maintenanceQuery>;
export type MaintenanceQueryInput = z.input<typeof maintenanceQuery>;

/** A product offered for a kit line, with the units of it the line needs. */
export const maintenanceProduct = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  vendor_code: z.string(),
  manufacturer: z.string().nullable(),
  image: z.string().nullable(),
  price: z.number(),
  old_price: z.number().nullable(),
  /** Units in stock in the city (what one order can take is checked when it is added). */
  stock: z.number().int(),
  /** Units of this product the line needs (oil: cans of this size for the engine's volume). */
  quantity: z.number().int().positive(),
  /** A cross-reference of the chosen product (same part under another number), not just another fitting part. */
  is_analogue: z.boolean(),
});
export type MaintenanceProduct = z.infer<typeof maintenanceProduct>;

export const MAINTENANCE_ITEM_CODES = [
  'oil',
  'oil-filter',
  'air-filter',
  'cabin-filter',
  'fuel-filter',
  'spark-plugs',
  'brake-fluid',
] as const;
export type MaintenanceItemCode = (typeof MAINTENANCE_ITEM_CODES)[number];

export const maintenanceLine = z.object({
  code: z.enum(MAINTENANCE_ITEM_CODES),
  /** «Моторное масло 5W-40, 4,4 л». */
  title: z.string(),
  /** Why the line is in this service: «каждые 15 000 км». */
  reason: z.string(),
  /** The best product that fits (in stock in the city first); null when the catalogue has none. */
  product: maintenanceProduct.nullable(),
  /** Other products that fit, analogues of the chosen one first. */
  replacements: z.array(maintenanceProduct),
  /** Said when there is no product. */
  note: z.string().nullable(),
});
export type MaintenanceLine = z.infer<typeof maintenanceLine>;

export const maintenanceResponse = z.object({
  transport: z.object({ id: z.number().int(), label: z.string() }),
  mileage: z.number().int(),
  /** The next scheduled service at or after the mileage. */
  service: z.object({
    number: z.number().int().positive(),
    /** «ТО-3». */
    title: z.string(),
    km: z.number().int(),
    /** The schedule the kit follows, e.g. «Lada 1.6 (ВАЗ-11186/21127)». */
    schedule: z.string(),
    interval_km: z.number().int(),
  }),
  oil: z.object({ viscosity: z.string(), approval: z.string(), volume_l: z.number() }),
  lines: z.array(maintenanceLine),
  /** Sum of the chosen products' prices × units, in the city. */
  total: z.number(),
  /** Later services of the schedule, for «что дальше». */
  upcoming: z.array(z.object({ title: z.string(), km: z.number().int(), items: z.array(z.string()) })),
});
export type MaintenanceResponse = z.infer<typeof maintenanceResponse>;

export const maintenanceCartRequest = z.object({
  items: z
    .array(z.object({ product: slug, quantity: cartAddQuantity }), { error: MAINTENANCE_MESSAGES.kitEmpty })
    .min(1, MAINTENANCE_MESSAGES.kitEmpty)
    .max(MAINTENANCE_KIT_MAX_LINES, MAINTENANCE_MESSAGES.kitTooLong),
  transport: optionalTransportId,
  city: optionalSlug,
});
export type MaintenanceCartRequest = z.infer<typeof maintenanceCartRequest>;
export type MaintenanceCartRequestInput = z.input<typeof maintenanceCartRequest>;

export const maintenanceCartResponse = z.object({
  cart: cartResponse,
  /** Slugs of the lines added. */
  added: z.array(z.string()),
  /** Lines not added (out of stock in the city, no longer sold), each with the reason. */
  not_added: z.array(z.object({ product: z.string(), title: z.string(), message: z.string() })),
});
export type MaintenanceCartResponse = z.infer<typeof maintenanceCartResponse>;
