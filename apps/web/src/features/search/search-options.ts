import {
  categoryUrl,
  formatPrice,
  productUrlFromCategories,
  SEARCH_DEBOUNCE_MS,
  SEARCH_SHORT_DEBOUNCE_MS,
  type ProductFit,
  type SearchResponse,
} from '@podbor/contract';
import { QUERY_PARAMS } from '@podbor/contract/constants';
import { isSearchableQuery } from '@podbor/contract/search';
import { searchPageHref } from './search-href';

// What the header search shows for an API answer (SPEC §2 search dropdown): sections Транспорт, Категории,
// Товары, each result with the address SPEC §2 gives it. Pure, so it is tested without a browser.

export type SearchSectionKind = 'vehicle' | 'transport' | 'categories' | 'products';

export interface SearchOption {
  /** DOM id (aria-activedescendant). */
  id: string;
  kind: SearchSectionKind;
  title: string;
  href: string;
  /** Transport results choose that vehicle. */
  transportId?: number;
  image?: string | null;
  /** 'Цена: 1 140 ₽' for products. */
  price?: string;
  /** Article for products, parent chain hint for categories. */
  note?: string;
  /** Products: fits the chosen vehicle / does not / universal (fit everywhere). */
  fit?: ProductFit;
}

export interface SearchSection {
  kind: SearchSectionKind;
  title: string;
  options: SearchOption[];
}

export const SECTION_TITLES: Record<SearchSectionKind, string> = {
  vehicle: 'Показать для автомобиля?',
  transport: 'Транспорт',
  categories: 'Категории',
  products: 'Товары',
};

/**
 * The trimmed value and whether it is long enough to be sent (SPEC §5: at least 3 characters — or a code such as
 * the lamp base 'H7', which is how lamps are asked for).
 */
export function searchTerm(value: string): { term: string; state: 'empty' | 'short' | 'ready' } {
  const term = value.trim();
  if (term === '') return { term, state: 'empty' };
  return { term, state: isSearchableQuery(term) ? 'ready' : 'short' };
}

/** SPEC §9: 500 ms after typing stops, 1 ms when the value is under the minimum. */
export function searchDelay(value: string): number {
  return searchTerm(value).state === 'ready' ? SEARCH_DEBOUNCE_MS : SEARCH_SHORT_DEBOUNCE_MS;
}

function transportHref(id: number): string {
  return `/?${QUERY_PARAMS.transportId}=${id}`;
}

/**
 * Applying the vehicle read from the text (issue #17): the results page of the other words ('колодки') with that
 * vehicle chosen (proxy.ts stores `transport_id` from any address).
 */
export function vehicleResultsHref(query: string, transportId: number): string {
  return `${searchPageHref(query)}&${QUERY_PARAMS.transportId}=${transportId}`;
}

export function searchSections(data: SearchResponse, idPrefix: string): SearchSection[] {
  // A vehicle named with other words ('колодки камри 2018'): its vehicles are offered in place of the plain
  // list, leading to the results of those words. A query that is only a vehicle ('лада веста') keeps the list.
  const offer =
    data.vehicle && data.vehicle.transports.length > 0 && data.vehicle.query.trim() !== ''
      ? data.vehicle
      : null;
  const sections: SearchSection[] = [
    {
      kind: 'vehicle',
      title: offer ? `Показать для ${offer.label}?` : SECTION_TITLES.vehicle,
      options: (offer?.transports ?? []).map((t, i) => ({
        id: `${idPrefix}-v${i}`,
        kind: 'vehicle',
        title: t.label,
        href: vehicleResultsHref(offer!.query, t.id),
        transportId: t.id,
      })),
    },
    {
      kind: 'transport',
      title: SECTION_TITLES.transport,
      options: (offer ? [] : data.transport).map((t, i) => ({
        id: `${idPrefix}-t${i}`,
        kind: 'transport',
        title: t.label,
        href: transportHref(t.id),
        transportId: t.id,
      })),
    },
    {
      kind: 'categories',
      title: SECTION_TITLES.categories,
      options: data.categories.map((c, i) => ({
        id: `${idPrefix}-c${i}`,
        kind: 'categories',
        title: c.title,
        href: categoryUrl(c.categories.length > 0 ? c.categories : [c.slug]),
        image: c.image,
      })),
    },
    {
      kind: 'products',
      title: SECTION_TITLES.products,
      options: data.products.map((p, i) => ({
        id: `${idPrefix}-p${i}`,
        kind: 'products',
        title: p.title,
        href: productUrlFromCategories(p.categories, p.slug),
        image: p.image,
        price: `Цена: ${formatPrice(p.price)}`,
        note: p.vendor_code,
        ...(p.fit ? { fit: p.fit } : {}),
      })),
    },
  ];
  return sections.filter((s) => s.options.length > 0);
}
