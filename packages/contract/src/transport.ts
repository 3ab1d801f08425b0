import { z } from 'zod';
import { positiveIntString, slug, titleSlug } from './common';
import { MESSAGES } from './messages';
import { VEHICLE_CODE_MAX_LENGTH, VEHICLE_CODE_MESSAGES } from './vehicle-code';

// Vehicle selection: year → type+brand → model → engine → transport id (API-SHAPES §9).

export const transportYear = z.string().regex(/^\d{4}$/, MESSAGES.slugInvalid);

export const transportYearParams = z.object({ year: transportYear });
export type TransportYearParams = z.infer<typeof transportYearParams>;
export const transportModelsParams = transportYearParams.extend({ type: slug, brand: slug });
export type TransportModelsParams = z.infer<typeof transportModelsParams>;
export const transportEnginesParams = transportModelsParams.extend({ model: slug });
export type TransportEnginesParams = z.infer<typeof transportEnginesParams>;
export const transportDetailParams = z.object({ transportId: positiveIntString });
export type TransportDetailParams = z.infer<typeof transportDetailParams>;

/** Year strings, newest first. */
export const transportYearsResponse = z.array(z.string());
export type TransportYearsResponse = z.infer<typeof transportYearsResponse>;

/** Vehicle type (car, truck, moto…) with the brands that have models in that year. */
export const transportTypeBrands = z.object({
  title: z.string(),
  slug: z.string(),
  brands: z.array(titleSlug),
});
export type TransportTypeBrands = z.infer<typeof transportTypeBrands>;
export const transportBrandsResponse = z.array(transportTypeBrands);
export type TransportBrandsResponse = z.infer<typeof transportBrandsResponse>;

export const transportModelsResponse = z.array(titleSlug);
export type TransportModelsResponse = z.infer<typeof transportModelsResponse>;

export const transportEngine = z.object({
  title: z.string(),
  slug: z.string(),
  transport_id: z.number().int(),
});
export type TransportEngine = z.infer<typeof transportEngine>;
export const transportEnginesResponse = z.array(transportEngine);
export type TransportEnginesResponse = z.infer<typeof transportEnginesResponse>;

export const transportDetailResponse = z.object({
  type: titleSlug,
  brand: titleSlug,
  model: titleSlug,
  engine: titleSlug,
  years: z.array(z.number().int()),
  /** Podbor adds the SPEC §3 text form, e.g. `Lada Vesta 2015–2020 1.6 (106 л.с.)`. */
  label: z.string(),
  id: z.number().int().optional(),
});
export type TransportDetailResponse = z.infer<typeof transportDetailResponse>;

// ---- VIN and FRAME numbers (issue #17): GET /api/v1/transport/decode/?code=…

export const vehicleCodeQuery = z.object({
  code: z.string().max(VEHICLE_CODE_MAX_LENGTH * 2, VEHICLE_CODE_MESSAGES.tooLong),
});
export type VehicleCodeQuery = z.infer<typeof vehicleCodeQuery>;

/**
 * What the code proves, mapped onto the selector (year → type + brand → model → engine): `step` is the first step
 * the customer still has to choose; everything before it is settled. `notes` say, in Russian, what the code could
 * not tell and why.
 */
export const vehicleCodeResponse = z.object({
  code: z.string(),
  kind: z.enum(['vin', 'frame']),
  /** The maker as the code names it, also when the catalogue has no vehicles of it. */
  maker: z.string().nullable(),
  country: z.string().nullable(),
  type: titleSlug.nullable(),
  brand: titleSlug.nullable(),
  model: titleSlug.nullable(),
  /** Model years the code allows that the catalogue has for that brand (and model); newest first. */
  years: z.array(z.number().int()),
  step: z.enum(['year', 'brand', 'model', 'engine']),
  check_digit: z.enum(['valid', 'not-used']).nullable(),
  notes: z.array(z.string()),
});
export type VehicleCodeResponse = z.infer<typeof vehicleCodeResponse>;
