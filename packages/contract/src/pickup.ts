import { z } from 'zod';
export * from './pickup-text';

// Pickup where the stock is (issue #17): which branches of the customer's city have a product now and, for the
// others, when a transfer from a branch that has it makes it ready there.

/** A transfer from another branch of the city. */
export const pickupTransfer = z.object({
  from_branch_id: z.number().int(),
  from_branch_title: z.string(),
  /** When it is ready at this branch: an ISO instant. */
  ready_at: z.string(),
  /** «перемещение из филиала на Варшавском, завтра после 14:00». */
  label: z.string(),
});
export type PickupTransfer = z.infer<typeof pickupTransfer>;

/** One branch of the customer's city for a product: units there now, or the transfer that brings them. */
export const pickupBranch = z.object({
  branch_id: z.number().int(),
  title: z.string(),
  street: z.string(),
  work_hours: z.string(),
  /** Free units at the branch's warehouses now. */
  quantity: z.number().int(),
  /** Null when the branch has it now. */
  transfer: pickupTransfer.nullable(),
});
export type PickupBranch = z.infer<typeof pickupBranch>;

/** A cart line for the cart's chosen branch. */
export const cartLinePickup = z.object({
  branch_id: z.number().int(),
  /** The branch has the line's quantity now. */
  in_branch: z.boolean(),
  transfer: pickupTransfer.nullable(),
  /** «в наличии в филиале» or the transfer label. */
  label: z.string(),
});
export type CartLinePickup = z.infer<typeof cartLinePickup>;

export const PICKUP_TEXT = {
  inBranch: 'в наличии в филиале',
} as const;

/** Order fields Podbor adds: when an order that takes units from another branch is ready for pickup. */
export const orderPickupFields = {
  /** ISO instant; null or absent: ready as soon as the order is assembled (all units at its branch). */
  pickup_ready_at: z.string().nullable().optional(),
};
