import { describe, expect, it } from 'vitest';
import { ordersHref, pageWindow, readOrdersFilter } from './orders-query';

describe('order history filters', () => {
  it('keeps valid values and drops malformed ones', () => {
    expect(
      readOrdersFilter({
        search: ' 12-34 ',
        created_after: '2026-01-05',
        created_before: '05.01.2026',
        ordering: 'created_at',
        page: '3',
      }),
    ).toEqual({
      search: '1234',
      created_after: '2026-01-05',
      created_before: '',
      ordering: 'created_at',
      page: 3,
    });
    expect(readOrdersFilter({ ordering: 'price', page: '-1' })).toMatchObject({
      ordering: '-created_at',
      page: 1,
    });
    expect(readOrdersFilter({ search: ['1', '2'], page: 'x' })).toMatchObject({ search: '1', page: 1 });
  });

  it('builds page links that keep the filters and leave defaults out', () => {
    const f = readOrdersFilter({ search: '123', created_after: '2026-01-01' });
    expect(ordersHref(f, 2)).toBe('/profile/orders?search=123&created_after=2026-01-01&page=2');
    expect(ordersHref(readOrdersFilter({}), 1)).toBe('/profile/orders');
  });

  it('shows a window of pages with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
});
