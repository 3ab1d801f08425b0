import type {
  CatalogFilter,
  CatalogFilterSelection,
  CatalogOrderKey,
  CatalogProductsRequest,
} from '@podbor/contract';
// Constants by deep import: this module runs in the filter island, which must not pull in zod and the schemas.
import {
  CATALOG_ORDER_KEYS,
  CATALOG_ORDERS,
  DEFAULT_CATALOG_ORDER,
  QUERY_PARAMS,
  RANGE_FILTER_MAX_PREFIX,
  RANGE_FILTER_MIN_PREFIX,
} from '@podbor/contract/constants';
import { formatNumber } from '@podbor/contract/format';

// The listing's whole state lives in the page URL (SPEC §2): `page`, `order` (byPopularDown …), one repeated
// key per CHECKBOX/RADIO filter slug (`?tip-masla=Синтетическое&tip-masla=Минеральное`) and `min<slug>` /
// `max<slug>` for RANGE filters. Pure functions, shared by the server page and the filter island.

export type SearchParamsRecord = Record<string, string | string[] | undefined>;

export interface ListingState {
  page: number;
  order: CatalogOrderKey;
  /** CHECKBOX/RADIO: selected values as they appear in the URL. */
  values: Record<string, string[]>;
  /** RANGE: bounds given in the URL (either may be absent). */
  ranges: Record<string, { min?: number; max?: number }>;
}

const MAX_PAGE = 100_000;

function all(params: SearchParamsRecord, key: string): string[] {
  const v = params[key];
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).filter((s) => s !== '');
}

function first(params: SearchParamsRecord, key: string): string | undefined {
  return all(params, key)[0];
}

function numberOrUndefined(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

export function isOrderKey(value: string | undefined): value is CatalogOrderKey {
  return value !== undefined && (CATALOG_ORDER_KEYS as readonly string[]).includes(value);
}

/** Reads the page URL against the category's filters; unknown keys and values are ignored. */
export function parseListingState(
  params: SearchParamsRecord,
  filters: readonly CatalogFilter[],
): ListingState {
  const pageText = first(params, QUERY_PARAMS.page);
  const pageNumber = pageText && /^\d{1,6}$/.test(pageText) ? Number(pageText) : 1;
  const order = first(params, QUERY_PARAMS.order);
  const state: ListingState = {
    page: Math.min(MAX_PAGE, Math.max(1, pageNumber)),
    order: isOrderKey(order) ? order : DEFAULT_CATALOG_ORDER,
    values: {},
    ranges: {},
  };
  for (const filter of filters) {
    if (filter.type === 'RANGE') {
      let min = numberOrUndefined(first(params, `${RANGE_FILTER_MIN_PREFIX}${filter.slug}`));
      let max = numberOrUndefined(first(params, `${RANGE_FILTER_MAX_PREFIX}${filter.slug}`));
      // Bounds typed the wrong way round are corrected, not refused: «от 5 000 до 1 000» means 1 000–5 000.
      if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
      if (min !== undefined || max !== undefined) {
        state.ranges[filter.slug] = {
          ...(min !== undefined ? { min } : {}),
          ...(max !== undefined ? { max } : {}),
        };
      }
    } else {
      const known = new Set((filter.values ?? []).map((v) => String(v.value)));
      const picked = [...new Set(all(params, filter.slug))].filter((v) => known.has(v));
      const chosen = filter.type === 'RADIO' ? picked.slice(0, 1) : picked;
      if (chosen.length > 0) state.values[filter.slug] = chosen;
    }
  }
  return state;
}

/** The listing body of API-SHAPES §6 for this state: values in the filter's own type, ranges as `[min, max]`. */
export function listingRequest(
  state: ListingState,
  filters: readonly CatalogFilter[],
): CatalogProductsRequest {
  const filter: CatalogFilterSelection = {};
  for (const f of filters) {
    if (f.type === 'RANGE') {
      const range = state.ranges[f.slug];
      if (!range) continue;
      // A missing bound is the filter's own; bounds typed the wrong way round are swapped.
      if (range.min !== undefined && range.max !== undefined) {
        filter[f.slug] = [Math.min(range.min, range.max), Math.max(range.min, range.max)];
      } else if (range.min !== undefined) {
        filter[f.slug] = [range.min, Math.max(range.min, f.max ?? range.min)];
      } else if (range.max !== undefined) {
        filter[f.slug] = [Math.min(range.max, f.min ?? 0), range.max];
      }
    } else {
      const picked = state.values[f.slug];
      if (!picked?.length) continue;
      filter[f.slug] = (f.values ?? []).filter((v) => picked.includes(String(v.value))).map((v) => v.value);
    }
  }
  const { sort, order } = CATALOG_ORDERS[state.order];
  return { page: state.page, sort, order, filter };
}

/** Filters in effect (for "reset" links and the empty state). */
export function activeFilterCount(state: ListingState): number {
  return Object.values(state.values).reduce((n, v) => n + v.length, 0) + Object.keys(state.ranges).length;
}

/**
 * Query string of a state. Page and order are always written (SPEC §2 default query `page=1&order=byPopularDown`),
 * filters after them in the order given.
 */
export function listingQuery(state: ListingState, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams();
  search.set(QUERY_PARAMS.page, String(state.page));
  search.set(QUERY_PARAMS.order, state.order);
  for (const [slug, values] of Object.entries(state.values)) for (const v of values) search.append(slug, v);
  for (const [slug, range] of Object.entries(state.ranges)) {
    if (range.min !== undefined) search.set(`${RANGE_FILTER_MIN_PREFIX}${slug}`, String(range.min));
    if (range.max !== undefined) search.set(`${RANGE_FILTER_MAX_PREFIX}${slug}`, String(range.max));
  }
  for (const [k, v] of Object.entries(extra)) search.set(k, v);
  return search.toString();
}

export function withPage(state: ListingState, page: number): ListingState {
  return { ...state, page };
}

/** A state without one selected value of a CHECKBOX/RADIO filter (page 1). */
export function withoutValue(state: ListingState, slug: string, value: string): ListingState {
  const values = { ...state.values };
  const rest = (values[slug] ?? []).filter((v) => v !== value);
  if (rest.length > 0) values[slug] = rest;
  else delete values[slug];
  return { ...state, page: 1, values };
}

/** A state without a RANGE filter's bounds (page 1). */
export function withoutRange(state: ListingState, slug: string): ListingState {
  const ranges = { ...state.ranges };
  delete ranges[slug];
  return { ...state, page: 1, ranges };
}

/** A range the way a customer reads it: «1 000 – 5 000 ₽», «от 1 000 ₽», «до 5 000 ₽». */
export function rangeLabel(range: { min?: number; max?: number }, unit: string | undefined): string {
  const u = unit ? `\u00a0${unit}` : '';
  if (range.min !== undefined && range.max !== undefined)
    return `${formatNumber(range.min)} – ${formatNumber(range.max)}${u}`;
  if (range.min !== undefined) return `от ${formatNumber(range.min)}${u}`;
  return `до ${formatNumber(range.max ?? 0)}${u}`;
}

/** A state without any filter (page 1, same order). */
export function withoutFilters(state: ListingState): ListingState {
  return { ...state, page: 1, values: {}, ranges: {} };
}

/** Page numbers to show: first, last, the current one with its neighbours; null stands for a gap. */
export function pageWindow(current: number, pages: number): (number | null)[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const set = new Set([1, pages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...set].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && p - prev > 1) out.push(p - prev === 2 ? prev + 1 : null);
    out.push(p);
  }
  return out;
}
