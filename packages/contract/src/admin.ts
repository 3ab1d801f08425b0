import { z } from 'zod';
import { ORDER_NUMBER_LENGTH, ORDER_STATUSES } from './constants';
import { requiredString } from './rules';

// Back-office calls (`/api/admin/v1/…`, ARCHITECTURE §2), for shop staff (users.role manager or admin).

/** Longest reason staff may give for releasing an order; it goes to the audit log. */
export const RELEASE_REASON_MAX_LENGTH = 500;

export const adminOrderNumberParams = z.object({
  number: z.string().regex(new RegExp(`^[1-9][0-9]{${ORDER_NUMBER_LENGTH - 1}}$`), 'Номер заказа — 9 цифр'),
});
export type AdminOrderNumberParams = z.infer<typeof adminOrderNumberParams>;

export const orderReleaseRequest = z.object({
  /** Why the hold is released (the customer called, a hoarding order, …): kept in the audit log. */
  reason: requiredString(RELEASE_REASON_MAX_LENGTH),
});
export type OrderReleaseRequest = z.infer<typeof orderReleaseRequest>;

export const orderReleaseResponse = z.object({
  id: z.number().int(),
  number: z.string(),
  /** Always `cancelled` after a release. */
  status: z.enum(ORDER_STATUSES),
  /** Units given back to the available stock. */
  released_units: z.number().int(),
});
export type OrderReleaseResponse = z.infer<typeof orderReleaseResponse>;
