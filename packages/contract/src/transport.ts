import { z } from 'zod';
import { positiveIntString, slug, titleSlug } from './common';
import { MESSAGES } from './messages';

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
