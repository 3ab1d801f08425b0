import { z } from 'zod';
import { maxLengthMessage } from './messages';
import { requiredString } from './rules';

// Back office (issue #14): branches (pickup points) — their address, hours, contacts and where they are on the map.

export const BRANCH_TEXT_MAX_LENGTH = 200;
export const BRANCH_DESCRIPTION_MAX_LENGTH = 2000;

export const BRANCH_MESSAGES = {
  latitude: 'Широта — число от −90 до 90',
  longitude: 'Долгота — число от −180 до 180',
} as const;

export const adminBranch = z.object({
  id: z.number().int(),
  city: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
  title: z.string(),
  street: z.string(),
  phone_number: z.string(),
  email: z.string(),
  work_time: z.string(),
  description: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** An inactive branch is not offered for pickup and not shown on the map. */
  is_active: z.boolean(),
  warehouses: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type AdminBranch = z.infer<typeof adminBranch>;

export const adminBranchesResponse = z.array(adminBranch);
export type AdminBranchesResponse = z.infer<typeof adminBranchesResponse>;

const optionalText = (max: number) => z.string().trim().max(max, maxLengthMessage(max)).optional();

const coordinate = (limit: number, message: string) =>
  z.coerce
    .number({ error: message })
    .refine((v) => Number.isFinite(v) && Math.abs(v) <= limit, message)
    // numeric(9, 6) in the database: a micro-degree is about 10 cm.
    .transform((v) => Math.round(v * 1e6) / 1e6)
    .optional();

/** A branch change: only the fields sent change. */
export const adminBranchPatch = z.object({
  title: requiredString(BRANCH_TEXT_MAX_LENGTH).optional(),
  street: requiredString(BRANCH_TEXT_MAX_LENGTH).optional(),
  phone_number: optionalText(BRANCH_TEXT_MAX_LENGTH),
  email: optionalText(BRANCH_TEXT_MAX_LENGTH),
  work_time: optionalText(BRANCH_TEXT_MAX_LENGTH),
  description: optionalText(BRANCH_DESCRIPTION_MAX_LENGTH),
  latitude: coordinate(90, BRANCH_MESSAGES.latitude),
  longitude: coordinate(180, BRANCH_MESSAGES.longitude),
  is_active: z.boolean().optional(),
});
export type AdminBranchPatch = z.input<typeof adminBranchPatch>;
