import { z } from 'zod';
import { numberOrNumericString, titleSlug } from './common';

// Cities, regions and branch offices (API-SHAPES §3).

export const branchOffice = z.object({
  id: z.number().int(),
  terminal_code: z.string(),
  /** Number or numeric string: older data sends strings. */
  latitude: numberOrNumericString,
  longitude: numberOrNumericString,
  street: z.string(),
  phone_number: z.string(),
  description: z.string(),
  email: z.string(),
  title: z.string(),
  /** Podbor adds the branch's city so a region list can print "city, street". */
  city: titleSlug.optional(),
  /** Podbor adds opening hours text. */
  work_time: z.string().optional(),
});
export type BranchOffice = z.infer<typeof branchOffice>;

export const branchCity = z.object({
  title: z.string(),
  slug: z.string(),
  branches: z.array(branchOffice),
});
export type BranchCity = z.infer<typeof branchCity>;

export const branchesResponse = z.array(branchCity);
export type BranchesResponse = z.infer<typeof branchesResponse>;

export const branchRegion = z.object({
  title: z.string(),
  slug: z.string(),
  cities: z.array(titleSlug),
  branches: z.array(branchOffice),
});
export type BranchRegion = z.infer<typeof branchRegion>;

export const regionsResponse = z.array(branchRegion);
export type RegionsResponse = z.infer<typeof regionsResponse>;
