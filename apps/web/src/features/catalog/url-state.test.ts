import type { CatalogFilter } from '@podbor/contract';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  listingQuery,
  listingRequest,
  pageWindow,
  parseListingState,
  rangeLabel,
  withoutFilters,
  withoutRange,
  withoutValue,
} from './url-state';

const filters: CatalogFilter[] = [
  { title: 'Цена', slug: 'price', type: 'RANGE', min: 100, max: 5000 },
  {
    title: 'Объём',
    slug: 'obem',
    type: 'CHECKBOX',
    values: [
      { title: '1 л', value: 1, count: 3 },
      { title: '4 л', value: 4, count: 5 },
    ],
  },
  {
    title: 'Тип масла',
    slug: 'tip-masla',
    type: 'CHECKBOX',
    values: [
      { title: 'Синтетическое', value: 'Синтетическое', count: 3 },
      { title: 'Минеральное', value: 'Минеральное', count: 1 },
    ],
  },
  {
    title: 'Исполнение',
    slug: 'isp',
    type: 'RADIO',
    values: [
      { title: 'А', value: 'a', count: 1 },
      { title: 'Б', value: 'b', count: 1 },
    ],
  },
];

describe('listing URL state', () => {
  it('defaults to page 1 and byPopularDown', () => {
    const state = parseListingState({}, filters);
    expect(state).toEqual({ page: 1, order: 'byPopularDown', values: {}, ranges: {} });
    expect(listingRequest(state, filters)).toEqual({ page: 1, sort: 'popular', order: 'desc', filter: {} });
    expect(listingQuery(state)).toBe('page=1&order=byPopularDown');
  });

  it('reads filters, sort and page and builds the API-SHAPES §6 body with typed values', () => {
    const state = parseListingState(
      {
        page: '3',
        order: 'byPriceUp',
        obem: ['4', '7'],
        'tip-masla': 'Минеральное',
        isp: ['b', 'a'],
        minprice: '300',
        unknown: 'x',
      },
      filters,
    );
    expect(state.page).toBe(3);
    expect(state.values).toEqual({ obem: ['4'], 'tip-masla': ['Минеральное'], isp: ['b'] });
    expect(state.ranges).toEqual({ price: { min: 300 } });
    expect(activeFilterCount(state)).toBe(4);
    expect(listingRequest(state, filters)).toEqual({
      page: 3,
      sort: 'price',
      order: 'asc',
      filter: { price: [300, 5000], obem: [4], 'tip-masla': ['Минеральное'], isp: ['b'] },
    });
    const again = parseListingState(Object.fromEntries(groupParams(listingQuery(state))), filters);
    expect(again).toEqual(state);
  });

  it('ignores bad page and order values and swaps reversed ranges', () => {
    const state = parseListingState(
      { page: '-2', order: 'byNothing', minprice: '900', maxprice: 'abc' },
      filters,
    );
    expect(state.page).toBe(1);
    expect(state.order).toBe('byPopularDown');
    const swapped = parseListingState({ minprice: '900', maxprice: '200' }, filters);
    expect(listingRequest(swapped, filters).filter).toEqual({ price: [200, 900] });
    // A lower bound above everything stays above everything (nothing matches) instead of being swapped.
    const tooHigh = parseListingState({ minprice: '99999' }, filters);
    expect(listingRequest(tooHigh, filters).filter).toEqual({ price: [99999, 99999] });
    const onlyMax = parseListingState({ maxprice: '50' }, filters);
    expect(listingRequest(onlyMax, filters).filter).toEqual({ price: [50, 50] });
  });

  it('resets filters to page 1', () => {
    const state = parseListingState({ page: '4', order: 'byPriceDown', obem: '1' }, filters);
    expect(listingQuery(withoutFilters(state))).toBe('page=1&order=byPriceDown');
  });

  it('windows the page list with gaps', () => {
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 20)).toEqual([1, null, 5, 6, 7, null, 20]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, null, 20]);
  });
});

function groupParams(query: string): [string, string[]][] {
  const map = new Map<string, string[]>();
  for (const [k, v] of new URLSearchParams(query)) map.set(k, [...(map.get(k) ?? []), v]);
  return [...map];
}

describe('corrections and chips', () => {
  it('swaps a price range typed the wrong way round', () => {
    const state = parseListingState({ minprice: '5000', maxprice: '1000' }, filters);
    expect(state.ranges.price).toEqual({ min: 1000, max: 5000 });
    expect(listingQuery(state)).toContain('minprice=1000&maxprice=5000');
  });

  it('removes one value or one range, back to page 1, keeping the rest', () => {
    const state = parseListingState(
      { page: '3', 'tip-masla': ['Синтетическое', 'Минеральное'], obem: '4', minprice: '200' },
      filters,
    );
    const one = withoutValue(state, 'tip-masla', 'Синтетическое');
    expect(one).toMatchObject({ page: 1, values: { 'tip-masla': ['Минеральное'], obem: ['4'] } });
    expect(withoutValue(state, 'obem', '4').values).not.toHaveProperty('obem');
    expect(withoutRange(state, 'price')).toMatchObject({ page: 1, ranges: {} });
    expect(activeFilterCount(withoutRange(state, 'price'))).toBe(3);
  });

  it('words a range as a customer reads it', () => {
    expect(rangeLabel({ min: 1000, max: 5000 }, '₽')).toBe('1\u00a0000 – 5\u00a0000\u00a0₽');
    expect(rangeLabel({ min: 1000 }, '₽')).toBe('от 1\u00a0000\u00a0₽');
    expect(rangeLabel({ max: 40 }, undefined)).toBe('до 40');
  });
});
