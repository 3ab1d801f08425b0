import { z } from 'zod';
import { productFit } from './fit';
import { productOffer } from './offers';
import { searchVehicle } from './vehicle-search';
import {
  categoriesPath,
  optionalQuery,
  optionalSlug,
  optionalTransportId,
  pageQuery,
  paginated,
  positiveIntString,
  slug,
  titleSlug,
} from './common';
import {
  CATALOG_MAX_PAGE_SIZE,
  CATALOG_PAGE_SIZE,
  CATALOG_SORTS,
  DEFAULT_CATALOG_SORT,
  DEFAULT_PAGE,
  DEFAULT_SORT_ORDER,
  FILTER_TYPES,
  FILTERS_QUERY_MAX_LENGTH,
  INT4_MAX,
  SEARCH_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  SORT_ORDERS,
} from './constants';
import { MESSAGES } from './messages';

// Category tree, filters, listing, search, banners, manufacturers (API-SHAPES §6).

// ---- path parameters ----

export const categorySlugParams = z.object({ categorySlug: slug });
export type CategorySlugParams = z.infer<typeof categorySlugParams>;

export const transportIdParams = z.object({ transportId: positiveIntString });
export type TransportIdParams = z.infer<typeof transportIdParams>;

export const categoryTransportParams = z.object({ categorySlug: slug, transportId: positiveIntString });
export type CategoryTransportParams = z.infer<typeof categoryTransportParams>;

// ---- category tree ----

export interface CategoryNode {
  title: string;
  slug: string;
  image?: string | null | undefined;
  /** Products in this category and below that fit the chosen vehicle (all when none is chosen). */
  found: number;
  /** All products in this category and below. */
  total: number;
  /** Products directly in this category that fit the chosen vehicle. */
  category_found: number;
  /** Products directly in this category. */
  category_total: number;
  /**
   * Podbor adds, with a vehicle only: products in this category and below fitted to that vehicle itself
   * (`found` without the universal products that fit every vehicle).
   */
  fitted?: number | undefined;
  children?: CategoryNode[] | undefined;
}

export const categoryNode: z.ZodType<CategoryNode> = z.object({
  title: z.string(),
  slug: z.string(),
  image: z.string().nullable().optional(),
  found: z.number().int(),
  total: z.number().int(),
  category_found: z.number().int(),
  category_total: z.number().int(),
  fitted: z.number().int().optional(),
  get children() {
    return z.array(categoryNode).optional();
  },
});

/** Top-level nodes, whole trees and child lists all share the node shape. */
export const categoriesResponse = z.array(categoryNode);
export type CategoriesResponse = z.infer<typeof categoriesResponse>;
export const categoryTreeResponse = categoriesResponse;
export type CategoryTreeResponse = z.infer<typeof categoryTreeResponse>;
export const categoryChildrenResponse = categoriesResponse;
export type CategoryChildrenResponse = z.infer<typeof categoryChildrenResponse>;

export const categoryDetailResponse = z.object({
  title: z.string(),
  slug: z.string(),
  description: z.string().nullable().optional(),
  image: z.string().nullable().optional(),
  seo_title: z.string().nullable().optional(),
  seo_description: z.string().nullable().optional(),
  seo_keywords: z.string().nullable().optional(),
  /** Root → this category, this one included. */
  breadcrumbs: z.array(titleSlug),
  parent: titleSlug.nullable().optional(),
  /** Slug chain root → this category (for building URLs). */
  path: z.array(z.string()).optional(),
  found: z.number().int().optional(),
  total: z.number().int().optional(),
  category_found: z.number().int().optional(),
  category_total: z.number().int().optional(),
});
export type CategoryDetailResponse = z.infer<typeof categoryDetailResponse>;

// ---- filters ----

export const filterValue = z.object({
  title: z.string(),
  value: z.union([z.string(), z.number()]),
  /** Podbor adds: products with this value under the current vehicle. */
  count: z.number().int(),
});
export type FilterValue = z.infer<typeof filterValue>;

export const catalogFilter = z.object({
  title: z.string(),
  slug: z.string(),
  type: z.enum(FILTER_TYPES),
  /** RANGE only. */
  min: z.number().optional(),
  max: z.number().optional(),
  /** CHECKBOX and RADIO only. */
  values: z.array(filterValue).optional(),
  unit: z.string().optional(),
  /**
   * Podbor adds: the counts and bounds were estimated from a sample of the products (a large scope under a
   * selection), as a listing's `total_estimated`; shown as «≈ 120».
   */
  estimated: z.literal(true).optional(),
});
export type CatalogFilter = z.infer<typeof catalogFilter>;

export const filtersResponse = z.array(catalogFilter);

/**
 * Query of GET …/filters/: Podbor adds `filter`, the listing body's selection as JSON
 * (`{"tip-masla":["Синтетическое"],"price":[1000,5000]}`). With it the counts are disjunctive: the values of
 * each filter are counted under every other selected filter (not its own), the ranges are bounded the same
 * way, and selected values stay listed even at zero so they can be cleared.
 */
export const filtersQuery = z.object({ filter: optionalQuery(z.string().max(FILTERS_QUERY_MAX_LENGTH)) });
export type FiltersQuery = z.infer<typeof filtersQuery>;
export type FiltersResponse = z.infer<typeof filtersResponse>;

// ---- product listing ----

/**
 * Selected filter values keyed by filter slug: CHECKBOX → selected values, RADIO → one value,
 * RANGE → `[min, max]`; an empty array means no selection.
 */
export const catalogFilterSelection = z
  .record(
    z.string().min(1).max(SLUG_MAX_LENGTH),
    z.array(z.union([z.string().max(SLUG_MAX_LENGTH), z.number()])).max(CATALOG_MAX_PAGE_SIZE),
  )
  .refine((record) => Object.keys(record).length <= CATALOG_MAX_PAGE_SIZE, 'Слишком много фильтров');
export type CatalogFilterSelection = z.infer<typeof catalogFilterSelection>;

/** Query of POST …/products/: `size` comes from here; page/sort/order duplicate the body. */
export const catalogProductsQuery = pageQuery(CATALOG_PAGE_SIZE, CATALOG_MAX_PAGE_SIZE).extend({
  sort: optionalQuery(z.enum(CATALOG_SORTS)),
  order: optionalQuery(z.enum(SORT_ORDERS)),
});
export type CatalogProductsQuery = z.infer<typeof catalogProductsQuery>;
export type CatalogProductsQueryInput = z.input<typeof catalogProductsQuery>;

export const catalogProductsRequest = z.object({
  page: z.number().int().positive().max(INT4_MAX, MESSAGES.numberTooLarge).default(DEFAULT_PAGE),
  sort: z.enum(CATALOG_SORTS).default(DEFAULT_CATALOG_SORT),
  order: z.enum(SORT_ORDERS).default(DEFAULT_SORT_ORDER),
  filter: catalogFilterSelection.default({}),
});
export type CatalogProductsRequest = z.infer<typeof catalogProductsRequest>;
export type CatalogProductsRequestInput = z.input<typeof catalogProductsRequest>;

export const productListItem = z.object({
  title: z.string(),
  slug: z.string(),
  image: z.string().nullable().optional(),
  price: z.number(),
  categories: categoriesPath,
  /** Manufacturer title. */
  manufacturer: z.string().nullable().optional(),
  is_linked_transport: z.boolean().optional(),
  average_rating: z.number().optional(),
  // Podbor adds:
  /** Fits every vehicle (oils, fluids, accessories): «Универсальный», not «Подходит». */
  is_universal: z.boolean().optional(),
  manufacturer_slug: z.string().nullable().optional(),
  old_price: z.number().nullable().optional(),
  vendor_code: z.string().optional(),
  is_service: z.boolean().optional(),
  in_stock: z.boolean().optional(),
  reviews_count: z.number().int().optional(),
  with_installation: z.boolean().optional(),
  /** The best supplier offer when no own stock is left: the card says «под заказ, N дней» and its price. */
  offer: productOffer.nullable().optional(),
  /** Podbor adds (fit everywhere), when the request names a vehicle: fits it / does not / universal. */
  fit: productFit.optional(),
});
export type ProductListItem = z.infer<typeof productListItem>;

export const catalogProductsResponse = paginated(productListItem).extend({
  /**
   * Podbor adds (issue #18): true when `total` and `pages` are estimated from a uniform sample of the category's
   * products instead of counted one by one — a large category without a vehicle, where counting every match
   * would cost as much as the catalogue is big. The estimate is rounded (to two significant digits); the
   * storefront shows it as «≈ N». Absent when the total is exact.
   */
  total_estimated: z.literal(true).optional(),
});
export type CatalogProductsResponse = z.infer<typeof catalogProductsResponse>;

// ---- search ----

/**
 * Queries shorter than SEARCH_MIN_LENGTH get empty lists, not an error. Podbor adds the optional chosen vehicle
 * (`transport`, or the storefront's `transport_id`): products that fit it, or fit every vehicle, come first.
 */
export const searchQuery = z.object({
  query: z.string().trim().max(SEARCH_MAX_LENGTH).default(''),
  transport: optionalTransportId,
  transport_id: optionalTransportId,
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchTransport = z.object({ id: z.number().int(), label: z.string() });
export type SearchTransport = z.infer<typeof searchTransport>;

export const searchCategory = z.object({
  title: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  /** Slug chain root → this category. */
  categories: z.array(z.string()),
});
export type SearchCategory = z.infer<typeof searchCategory>;

export const searchProduct = z.object({
  title: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  price: z.number(),
  is_service: z.boolean(),
  categories: categoriesPath,
  vendor_code: z.string().optional(),
  /** Podbor adds, when the request names a vehicle: the product fits it (or fits every vehicle). */
  is_linked_transport: z.boolean().optional(),
  /** Podbor adds (fit everywhere): fits the vehicle / does not / universal; `unknown` without a vehicle. */
  fit: productFit.optional(),
});
export type SearchProduct = z.infer<typeof searchProduct>;

export const searchResponse = z.object({
  transport: z.array(searchTransport),
  categories: z.array(searchCategory),
  products: z.array(searchProduct),
  /** Podbor adds, when the query as typed found nothing: the query answered instead (keyboard layout switched). */
  corrected_query: z.string().optional(),
  /** Podbor adds (issue #17): the vehicle named in the query, its words left out of the product search. */
  vehicle: searchVehicle.optional(),
});
export type SearchResponse = z.infer<typeof searchResponse>;

// ---- search results page (Podbor addition) ----

/** Filter slugs of the search results page, next to `price`: the matches' categories and manufacturers. */
export const SEARCH_CATEGORY_FILTER_SLUG = 'category';
export const SEARCH_MANUFACTURER_FILTER_SLUG = 'manufacturer';

/** The query of the results page's listing: the search text plus the listing's `page, size, sort, order`. */
export const searchProductsQuery = catalogProductsQuery.extend({
  query: z.string().trim().max(SEARCH_MAX_LENGTH).default(''),
});
export type SearchProductsQuery = z.infer<typeof searchProductsQuery>;
export type SearchProductsQueryInput = z.input<typeof searchProductsQuery>;

export const searchFiltersQuery = z.object({ query: z.string().trim().max(SEARCH_MAX_LENGTH).default('') });
export type SearchFiltersQuery = z.infer<typeof searchFiltersQuery>;

/** A listing page of every product matching the query; `corrected_query` as in the search answer. */
export const searchProductsResponse = catalogProductsResponse.extend({
  corrected_query: z.string().optional(),
  /** As in the search answer: without a vehicle in the path, the products are those fitting this one. */
  vehicle: searchVehicle.optional(),
});
export type SearchProductsResponse = z.infer<typeof searchProductsResponse>;

// ---- banners and manufacturers ----

export const bannersQuery = z.object({ category: optionalSlug });
export type BannersQuery = z.infer<typeof bannersQuery>;

export const banner = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable().optional(),
  image: z.string(),
  /** Link target, site-relative or absolute. */
  url: z.string(),
  /** Category slug the banner is shown on; absent or null on the home page. */
  category: z.string().nullable().optional(),
});
export type Banner = z.infer<typeof banner>;

export const bannersResponse = z.array(banner);
export type BannersResponse = z.infer<typeof bannersResponse>;

export const manufacturerParams = z.object({ slug });
export type ManufacturerParams = z.infer<typeof manufacturerParams>;

export const manufacturerResponse = z.object({
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  logo: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  products_count: z.number().int(),
});
export type ManufacturerResponse = z.infer<typeof manufacturerResponse>;

// ---- Podbor additions used by the API (additive) ----

/** Slug of the price RANGE filter that every category offers next to its property filters. */
export const PRICE_FILTER_SLUG = 'price';

/**
 * What article search compares: the part number without case, spaces, dashes, dots and slashes
 * (`0 986-494.524` → `0986494524`). Same rule as the stored `article_normalized`.
 */
export function normalizeArticle(article: string): string {
  return article.toUpperCase().replace(/[\s\-./\\]+/g, '');
}

/**
 * The listing body as the API reads it: a missing body is `{}`, and keys the body leaves out fall back to
 * the query string (`?page&sort&order`), then to the defaults of `catalogProductsRequest`.
 */
export const catalogProductsBody = z.preprocess(
  (value) => value ?? {},
  z.object({
    page: z.number().int().positive().optional(),
    sort: z.enum(CATALOG_SORTS).optional(),
    order: z.enum(SORT_ORDERS).optional(),
    filter: catalogFilterSelection.optional(),
  }),
);
export type CatalogProductsBody = z.infer<typeof catalogProductsBody>;

// ---- sitemap listings (Podbor addition for the storefront's sitemap.xml) ----

/** Products per sitemap page: well under the 50,000 URLs one sitemap file may hold. */
export const SITEMAP_PAGE_SIZE = 10_000;
export const SITEMAP_MAX_PAGE_SIZE = 50_000;

export const sitemapProductsQuery = pageQuery(SITEMAP_PAGE_SIZE, SITEMAP_MAX_PAGE_SIZE);
export type SitemapProductsQuery = z.infer<typeof sitemapProductsQuery>;

/** An active product's slug with its canonical category chain (product URL = /catalog/<chain>/product_<slug>). */
export const sitemapProduct = z.object({
  slug: z.string(),
  categories: z.array(z.string()),
});
export type SitemapProduct = z.infer<typeof sitemapProduct>;
export const sitemapProductsResponse = paginated(sitemapProduct);
export type SitemapProductsResponse = z.infer<typeof sitemapProductsResponse>;

/** Manufacturers that have active products. */
export const sitemapManufacturersResponse = z.array(titleSlug);
export type SitemapManufacturersResponse = z.infer<typeof sitemapManufacturersResponse>;
