import { z } from 'zod';
import {
  categoriesPath,
  optionalSlug,
  optionalTransportId,
  pageQuery,
  paginated,
  slug,
  titleSlug,
} from './common';
import { productListItem } from './catalog';
import { productFit } from './fit';
import { productOffer } from './offers';
import { pickupBranch } from './pickup';
import { CATALOG_MAX_PAGE_SIZE, CATALOG_PAGE_SIZE, SLUG_MAX_LENGTH } from './constants';

// Product page data: detail, analogues, recommendations, fitment, installation price (API-SHAPES §7).

export const productSlugParams = z.object({ productSlug: slug });
export type ProductSlugParams = z.infer<typeof productSlugParams>;

export const warehouse = z.object({
  title: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  city: z.string(),
  /** Units in stock as a numeric string (API-SHAPES); Podbor may also send a number. */
  quantity: z.union([z.string(), z.number()]),
  branch_id: z.number().int().optional(),
});
export type Warehouse = z.infer<typeof warehouse>;

export const faqItem = z.object({ question: z.string(), answer: z.string() });
export type FaqItem = z.infer<typeof faqItem>;

export const productProperty = z.object({
  title: z.string(),
  value: z.union([z.string(), z.number()]),
  /** Podbor adds the filter slug the property belongs to. */
  slug: z.string().optional(),
});
export type ProductProperty = z.infer<typeof productProperty>;

export const productDetail = z.object({
  title: z.string(),
  slug: z.string(),
  /** Manufacturer title. */
  manufacturer: z.string().nullable(),
  /** Article (manufacturer part number). */
  vendor_code: z.string(),
  popular: z.boolean(),
  /** HTML. */
  description: z.string(),
  /** HTML of the installation tab. */
  installation: z.string(),
  faq: z.array(faqItem),
  price: z.number(),
  old_price: z.number().nullable().optional(),
  images: z.array(z.string()),
  is_service: z.boolean(),
  warehouses: z.array(warehouse),
  properties: z.array(productProperty),
  categories: categoriesPath,
  /** Installation is offered for this product. */
  with_installation: z.boolean(),
  installation_price: z.number(),
  average_rating: z.number(),
  is_linked_transport: z.boolean(),
  // Podbor adds:
  /** Fits every vehicle: «Универсальный», not «Подходит» (`is_linked_transport` is true for it too). */
  is_universal: z.boolean().optional(),
  id: z.number().int().optional(),
  manufacturer_slug: z.string().nullable().optional(),
  reviews_count: z.number().int().optional(),
  in_stock: z.boolean().optional(),
  seo_title: z.string().nullable().optional(),
  seo_description: z.string().nullable().optional(),
  /** The best supplier offer «под заказ», given when the city has no own stock of it; null: none. */
  offer: productOffer.nullable().optional(),
  /**
   * The active branches of the customer's city: units now, or when a transfer from a branch that has it makes it
   * ready there. Empty when no branch of the city has it (then `offer`, if any).
   */
  pickup: z.array(pickupBranch).optional(),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const productDetailResponse = productDetail;
export type ProductDetailResponse = z.infer<typeof productDetailResponse>;

/** POST /catalog/products/ body: a JSON array of slugs. */
export const productsBySlugsRequest = z
  .array(z.string().min(1).max(SLUG_MAX_LENGTH))
  .max(CATALOG_MAX_PAGE_SIZE);
export type ProductsBySlugsRequest = z.infer<typeof productsBySlugsRequest>;
/** Details in request order; unknown slugs are skipped. */
export const productsBySlugsResponse = z.array(productDetail);
export type ProductsBySlugsResponse = z.infer<typeof productsBySlugsResponse>;

/** Podbor adds the optional chosen vehicle (`transport`): each analogue then says whether it fits it. */
export const analoguesQuery = pageQuery(CATALOG_PAGE_SIZE, CATALOG_MAX_PAGE_SIZE).extend({
  transport: optionalTransportId,
});
export type AnaloguesQuery = z.infer<typeof analoguesQuery>;

export const analogueItem = z.object({
  title: z.string(),
  slug: z.string(),
  /** One slug path root → leaf. */
  categories: z.array(z.string()),
  manufacturer: z.string().nullable(),
  price: z.number(),
  is_original: z.boolean(),
  image: z.string().nullable().optional(),
  vendor_code: z.string().optional(),
  in_stock: z.boolean().optional(),
  /** The best supplier offer when no own stock is left: «под заказ, N дней». */
  offer: productOffer.nullable().optional(),
  /** Podbor adds (fit everywhere), when the request names a vehicle: fits it / does not / universal. */
  fit: productFit.optional(),
});
export type AnalogueItem = z.infer<typeof analogueItem>;

export const analoguesResponse = paginated(analogueItem);
export type AnaloguesResponse = z.infer<typeof analoguesResponse>;

export const recommendationsRequest = z.object({
  product: slug,
  /** Category slug the product is viewed in; empty when unknown. */
  category: optionalSlug,
  transport: optionalTransportId,
});
export type RecommendationsRequest = z.infer<typeof recommendationsRequest>;
export type RecommendationsRequestInput = z.input<typeof recommendationsRequest>;
export const recommendationsResponse = z.array(productListItem);
export type RecommendationsResponse = z.infer<typeof recommendationsResponse>;

// ---- fitment drill-down: brands → models → years → transport ----

export const fitmentBrandParams = productSlugParams.extend({ brandSlug: slug });
export type FitmentBrandParams = z.infer<typeof fitmentBrandParams>;
export const fitmentModelParams = fitmentBrandParams.extend({ modelSlug: slug });
export type FitmentModelParams = z.infer<typeof fitmentModelParams>;
export const fitmentYearParams = fitmentModelParams.extend({ yearSlug: slug });
export type FitmentYearParams = z.infer<typeof fitmentYearParams>;

/**
 * One step of the drill-down. All keys are present at every level; on the brand, model and year
 * levels `brand`/`model`/`engine` not yet determined are `{title: '', slug: ''}` and `id` is absent.
 * On the transport level `id` is the transport id.
 */
export const fitmentItem = z.object({
  id: z.number().int().optional(),
  title: z.string(),
  slug: z.string(),
  /** Transports (or products, per level) behind this item. */
  count: z.number().int(),
  years_string: z.string().optional(),
  brand: titleSlug,
  model: titleSlug,
  engine: titleSlug,
  years: z.array(z.number().int()),
  /** Podbor adds, on the transport level: the SPEC §3 text form of the vehicle. */
  label: z.string().optional(),
});
export type FitmentItem = z.infer<typeof fitmentItem>;

export const fitmentResponse = z.array(fitmentItem);
export type FitmentResponse = z.infer<typeof fitmentResponse>;
export const fitmentBrandsResponse = fitmentResponse;
export const fitmentModelsResponse = fitmentResponse;
export const fitmentYearsResponse = fitmentResponse;
export const fitmentTransportResponse = fitmentResponse;

// ---- installation price ----

export const installationPriceRequest = z.object({
  /** Category slug; `""` when unknown. */
  category: optionalSlug,
  /** City slug; `""` when unknown (then X-City or the default city applies). */
  city: optionalSlug,
  transport: optionalTransportId,
});
export type InstallationPriceRequest = z.infer<typeof installationPriceRequest>;
export type InstallationPriceRequestInput = z.input<typeof installationPriceRequest>;

/** Price as a decimal string in roubles, null where installation is not offered. */
export const installationPriceResponse = z.object({
  price: z.string().nullable(),
});
export type InstallationPriceResponse = z.infer<typeof installationPriceResponse>;

/**
 * Query of GET …/products/{slug}/: the chosen vehicle, so `is_linked_transport` can be answered without a
 * cookie (`transport` or the storefront's `transport_id`; empty = none).
 */
export const productDetailQuery = z.object({
  transport: optionalTransportId,
  transport_id: optionalTransportId,
});
export type ProductDetailQuery = z.infer<typeof productDetailQuery>;
