import { describe, expect, it } from 'vitest';
import { withAbsoluteMedia } from './media-urls.js';

const BASE = 'https://media.example';

describe('withAbsoluteMedia', () => {
  it('makes every media field absolute without touching the body it was given, sharing what did not change', () => {
    const card = { id: 1, name: 'Диск', image: '/media/products/1.webp', price: { value: 1000 } };
    const plain = { id: 2, name: 'Колодки', image: 'https://cdn.example/2.webp', price: { value: 500 } };
    const body = {
      total: 2,
      products: [card, plain],
      product: { images: ['/media/products/3.webp', 'https://cdn.example/3.webp'], tags: ['x'] },
      showcase: { logo: '/media/logo.svg', favicon: null },
    };
    const before = structuredClone(body);

    const out = withAbsoluteMedia(body, BASE) as typeof body;

    expect(body).toEqual(before);
    expect(out).toEqual({
      total: 2,
      products: [{ ...card, image: `${BASE}/media/products/1.webp` }, plain],
      product: { images: [`${BASE}/media/products/3.webp`, 'https://cdn.example/3.webp'], tags: ['x'] },
      showcase: { logo: `${BASE}/media/logo.svg`, favicon: null },
    });
    // Copied only along the paths to a changed field.
    expect(out).not.toBe(body);
    expect(out.products).not.toBe(body.products);
    expect(out.products[0]).not.toBe(card);
    expect(out.products[0]!.price).toBe(card.price);
    expect(out.products[1]).toBe(plain);
    expect(out.product.tags).toBe(body.product.tags);
  });

  it('answers a body without relative media paths as it is', () => {
    const body = {
      items: [{ image: 'https://cdn.example/a.webp', text: '/media/ is only a field name here' }],
    };
    expect(withAbsoluteMedia(body, BASE)).toBe(body);
    expect(withAbsoluteMedia('/media/x.webp', BASE)).toBe('/media/x.webp');
  });
});
