import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstallmentResponse, PaymentMethodsResponse } from '@podbor/contract';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { paymentMethodId, rows } from '../../../test/shop-helpers';
import { installmentOffer } from './installment';

// Payment methods and the instalment offer. Orders, the payment status and the sandbox page are tested with order
// placement (orders/orders.routes.test.ts), YooKassa in yookassa.test.ts.

let ctx: TestContext;
let cash: number;
let card: number;
beforeAll(async () => {
  ctx = await createTestContext();
  cash = await paymentMethodId(ctx, 'cash');
  card = await paymentMethodId(ctx, 'sandbox');
});
afterAll(() => ctx?.close());

describe('GET /payment/methods/', () => {
  it('lists the CARD and CASH groups with the configured providers only', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/methods/' });
    expect(res.statusCode).toBe(200);
    const groups = json<PaymentMethodsResponse>(res);
    expect(groups.map((g) => g.type)).toEqual(['CARD', 'CASH']);
    expect(groups[0]!.values).toEqual([
      expect.objectContaining({ id: card, gateway: 'sandbox', icons: expect.stringContaining('<svg') }),
    ]);
    expect(groups[1]!.values).toEqual([
      expect.objectContaining({ id: cash, gateway: 'cash', title: 'Оплата при получении' }),
    ]);
  });
});

describe('GET /payment/installment/{slug}/', () => {
  it('offers 4 parts within 3 000–150 000 ₽ and nothing outside', async () => {
    const [p] = await rows<{ slug: string; price: number }>(
      ctx,
      sql`select slug, price::float8 as price from products where price between 3000 and 150000 limit 1`,
    );
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/installment/${p!.slug}/` });
    expect(res.statusCode).toBe(200);
    const offer = json<InstallmentResponse>(res);
    expect(offer).toMatchObject({ available: true, parts: 4, total: p!.price });
    expect(offer.part_price * 4).toBeLessThanOrEqual(p!.price + 1e-9);
    expect(offer.part_price * 4).toBeGreaterThan(p!.price - 0.04);
    expect(offer.description).toMatch(/4 платежа по/);
    expect(installmentOffer(2999.99)).toMatchObject({ available: false, parts: 0, part_price: 0, total: 0 });
    expect(installmentOffer(150_000.01).available).toBe(false);
    expect(installmentOffer(10_001)).toMatchObject({ available: true, part_price: 2500.25 });
  });

  it('answers 404 for an unknown product', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/installment/no-such-product/' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ errors: { detail: 'Не найдено.' } });
  });
});
