import { productUrlFromCategories, type OrderProductLine, type OrdersResponse } from '@podbor/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The order history page makes one API call: the list carries each order's lines, so no order's detail is
// fetched (it used to be one detail call per listed order, up to 12 a page).

const api = vi.hoisted(() => ({
  calls: [] as { name: string; options: unknown }[],
  answers: new Map<string, unknown>(),
}));

vi.mock('@/lib/api/server', () => {
  class ApiError extends Error {
    constructor(readonly status: number) {
      super(`HTTP ${status}`);
    }
  }
  const call = async (name: string, options: unknown) => {
    api.calls.push({ name, options });
    if (!api.answers.has(name)) throw new ApiError(404);
    return api.answers.get(name);
  };
  return {
    ApiError,
    apiCall: call,
    apiTry: (name: string, options: unknown) => call(name, options).catch(() => null),
  };
});
vi.mock('@/lib/start-data', () => ({ getStartData: async () => ({ isAuthorized: true }) }));

const { default: OrdersPage } = await import('./page');

const line = (id: number, title: string, quantity: number): OrderProductLine => ({
  id,
  title,
  vendor_code: `VC-${id}`,
  price: 500,
  quantity,
  is_service: false,
  product: { slug: `item-${id}`, categories: [['filtry', 'maslyanye-filtry']] },
});

const order = (id: number, number: string, products: OrderProductLine[]) => ({
  id,
  number,
  created_at: '2024-03-01T09:00:00.000Z',
  total_price: 1000,
  status: 'new' as const,
  is_paid: false,
  products_count: products.length,
  products,
});

async function render(params: Record<string, string> = {}) {
  return renderToStaticMarkup(await OrdersPage({ searchParams: Promise.resolve(params) }));
}

beforeEach(() => {
  api.calls.length = 0;
  api.answers.clear();
});

describe('order history page', () => {
  it("shows every order's lines from the list call alone", async () => {
    const list: OrdersResponse = {
      current: 1,
      pages: 1,
      total: 2,
      results: [
        order(2, '100000002', [line(21, 'Фильтр масляный MANN W 712/95', 2)]),
        order(1, '100000001', [
          line(11, 'Масло моторное 5W-30, 4 л', 1),
          line(12, 'Фильтр воздушный', 1),
          line(13, 'Фильтр салонный', 1),
          line(14, 'Свеча зажигания', 4),
        ]),
      ],
    };
    api.answers.set('orders', list);
    const html = await render({ page: '1' });

    expect(api.calls.map((c) => c.name)).toEqual(['orders']);
    expect(html).toContain('Заказ № 100000002');
    expect(html).toContain('Фильтр масляный MANN W 712/95');
    expect(html).toContain(`href="${productUrlFromCategories([['filtry', 'maslyanye-filtry']], 'item-21')}"`);
    // Three lines per order, the rest counted.
    expect(html).toContain('Фильтр салонный');
    expect(html).not.toContain('Свеча зажигания');
    expect(html).toContain('и ещё 1');
  });
});
