import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  type CartResponse,
  type OrderCreateResponse,
  type PaymentStatusResponse,
} from '@podbor/contract';
import { json, type TestContext } from '../../../test/helpers';
import {
  goods,
  orderShop,
  orderBody,
  reservationInvariants,
  rows,
  setStock,
  stockOf,
  user,
  visitor,
  type Caller,
  type Place,
} from '../../../test/shop-helpers';
import { expireUnpaidOrders, transitionOrder } from './orders.service';

let ctx: TestContext;
let where: Place;
let cash: number;
let card: number;
beforeAll(async () => {
  ({ ctx, where, cash, card } = await orderShop({
    publicUrl: 'https://shop.example',
    apiPublicUrl: 'https://shop.example',
    // Card orders are paid on the sandbox page here; it is off unless enabled.
    paymentSandbox: true,
    // Many orders from one caller and address here; the limits have their own tests below.
    ordersPerCallerPerHour: 0,
    ordersPerIpPerHour: 0,
    openOrdersPerCaller: 0,
    openOrdersPerIp: 0,
  }));
});
afterAll(() => ctx?.close());

let keySeq = 0;
async function order(caller: Caller | null, payload: unknown, idempotencyKey?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/orders/',
    headers: {
      ...(caller ? { authorization: caller.authorization } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    payload: payload as object,
  });
}

async function status(caller: Caller | null, orderId: number | string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1/payment/status/?orderId=${orderId}`,
    headers: caller ? { authorization: caller.authorization } : {},
  });
}

async function payAgain(caller: Caller, orderId: number, methodId: number) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/payment/orders/${orderId}/pay/`,
    headers: { authorization: caller.authorization },
    payload: { payment_method_id: methodId },
  });
}

async function cancelOrder(caller: Caller, orderId: number) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/payment/orders/${orderId}/cancel/`,
    headers: { authorization: caller.authorization },
  });
}

/** 'Отменить' on the sandbox payment page. */
async function backOut(paymentUrl: string) {
  return ctx.app.inject({
    method: 'POST',
    url: paymentUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=cancel',
  });
}

/** The order's payments' statuses, oldest first. */
async function payments(orderId: number) {
  return (
    await rows<{ status: string }>(
      ctx,
      sql`select status from payments where order_id = ${orderId} order by created_at, id`,
    )
  ).map((r) => r.status);
}

async function cart(caller: Caller, method: 'POST' | 'PUT', path: string, payload?: unknown) {
  const res = await ctx.app.inject({
    method,
    url: `/api/v1/payment/cart/${path}`,
    headers: { authorization: caller.authorization, 'x-city': where.citySlug },
    payload: payload as object,
  });
  return json<CartResponse>(res);
}

async function orderRow(id: number) {
  const [o] = await rows<{
    status: string;
    number: string;
    consent_at: unknown;
    expires_at: string | null;
    total_price: number;
    is_paid: boolean;
    payment_type: string;
    payment_method_id: number;
  }>(
    ctx,
    sql`select status, number, consent_at, expires_at::text as expires_at, total_price::float8 as total_price, is_paid,
               payment_type, payment_method_id
          from orders where id = ${id}`,
  );
  return o!;
}

describe.each(['user', 'visitor'] as const)('orders of a %s', (kind) => {
  let caller: Caller;
  let other: Caller;
  const offset = kind === 'user' ? 30 : 40;
  // The after-ordering tests (issue #13) need goods of their own beyond the ten of each kind.
  const extra = kind === 'user' ? 90 : 93;
  beforeAll(async () => {
    caller = kind === 'user' ? await user(ctx) : await visitor(ctx);
    other = kind === 'user' ? await visitor(ctx) : await user(ctx);
  });

  it('places a cash order: status new, reservation from the branch own warehouse first, ordered products leave the cart', async () => {
    const p = await goods(ctx, { offset });
    const q = await goods(ctx, { offset: offset + 1 });
    const [a, b] = where.branches;
    await setStock(ctx, p.id, { [a!.warehouseId]: 2, [b!.warehouseId]: 5 });
    await setStock(ctx, q.id, { [a!.warehouseId]: 5 });
    await cart(caller, 'POST', 'add-item/', { product: p.slug, quantity: 3 });
    await cart(caller, 'POST', 'add-item/', { product: q.slug, quantity: 1 });

    const res = await order(
      caller,
      orderBody(b!.id, cash, [{ slug: p.slug, quantity: 3 }], { comment: 'Позвоните заранее' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = json<OrderCreateResponse>(res);
    expect(created).toMatchObject({ payment_type: 'CASH', status: 'new' });
    expect(created.payment_url).toBeUndefined();
    expect(created.number).toMatch(/^[1-9]\d{8}$/);
    const row = await orderRow(created.id);
    expect(row).toMatchObject({
      status: 'new',
      number: created.number,
      total_price: Math.round(p.price * 300) / 100,
    });
    expect(row.consent_at).not.toBeNull();
    // A cash order holds its stock for a limited time too (until staff take it into work).
    expect(row.expires_at).not.toBeNull();
    // Branch b's own warehouse holds 5: all 3 come from there.
    expect(await stockOf(ctx, p.id)).toEqual(
      [
        { warehouseId: a!.warehouseId, quantity: 2, reserved: 0 },
        { warehouseId: b!.warehouseId, quantity: 5, reserved: 3 },
      ].sort((x, y) => x.warehouseId - y.warehouseId),
    );
    const left = await cart(caller, 'POST', '');
    expect(left.results.map((l) => l.product.slug)).toEqual([q.slug]);

    const st = await status(caller, created.id);
    expect(st.statusCode).toBe(200);
    const seen = json<PaymentStatusResponse>(st);
    expect(seen).toMatchObject({
      detail: `Заказ №${created.number} принят. Оплата при получении в выбранном филиале.`,
      status: 'new',
      is_paid: false,
      number: created.number,
    });
    // Issue #13: the success page shows the lines, the total, the branch and when the order will be ready.
    expect(seen.order).toMatchObject({
      number: created.number,
      status: 'new',
      payment_type: 'CASH',
      total_price: Math.round(p.price * 300) / 100,
      branch_office: { id: b!.id },
      products: [{ slug: p.slug, quantity: 3, price: p.price, with_installation: false }],
      payment_status: null,
      can_pay: false,
      can_cancel: true,
    });
    // All 3 units are in the pickup branch's own warehouse: ready within hours, not the next day.
    const readyIn = Date.parse(seen.order!.ready_by!) - Date.parse(seen.order!.created_at);
    expect(readyIn).toBe(2 * 3_600_000);
    expect(seen.order!.ready_message).toMatch(/в течение 2 часов/);
    expect(seen.order!.expires_at).not.toBeNull();
    expect(await reservationInvariants(ctx)).toEqual({
      stockMismatch: 0,
      ordersWithoutReservation: 0,
      orphanReservations: 0,
    });
  });

  it('takes the rest from other warehouses of the city when the branch has too little', async () => {
    const p = await goods(ctx, { offset: offset + 2 });
    const [a, b] = where.branches;
    await setStock(ctx, p.id, { [a!.warehouseId]: 2, [b!.warehouseId]: 5 });
    const res = await order(
      caller,
      orderBody(a!.id, cash, [{ slug: p.slug, quantity: 4 }], { placement_type: 'BUY_NOW' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const byWarehouse = Object.fromEntries(
      (await stockOf(ctx, p.id)).map((s) => [s.warehouseId, s.reserved]),
    );
    expect(byWarehouse).toEqual({ [a!.warehouseId]: 2, [b!.warehouseId]: 2 });
  });

  it('BUY_NOW leaves the cart untouched; missing consent (old clients) is accepted without consent_at', async () => {
    const p = await goods(ctx, { offset: offset + 3 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 5 });
    await cart(caller, 'POST', 'clear/');
    await cart(caller, 'POST', 'add-item/', { product: p.slug, quantity: 1 });
    const body = orderBody(where.branches[0]!.id, cash, [{ slug: p.slug, quantity: 1 }], {
      placement_type: 'BUY_NOW',
    });
    delete (body as { consent?: boolean }).consent;
    const res = await order(caller, body);
    expect(res.statusCode, res.body).toBe(201);
    expect((await orderRow(json<OrderCreateResponse>(res).id)).consent_at).toBeNull();
    expect((await cart(caller, 'POST', '')).results.map((l) => l.product.slug)).toEqual([p.slug]);
  });

  it('refuses more than the stock of the city with 409 and reserves nothing', async () => {
    const p = await goods(ctx, { offset: offset + 4 });
    const q = await goods(ctx, { offset: offset + 5 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 1 });
    await setStock(ctx, q.id, { [where.branches[0]!.warehouseId]: 5 });
    const res = await order(
      caller,
      orderBody(where.branches[0]!.id, cash, [
        { slug: q.slug, quantity: 2 },
        { slug: p.slug, quantity: 2 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    const body = json<{ errors: { detail: string; cart: string[] } }>(res);
    expect(body.errors.detail).toBe(
      `Недостаточно товара «${p.title}» в наличии: можно заказать не больше 1 шт.`,
    );
    expect(body.errors.cart).toEqual([body.errors.detail]);
    expect((await stockOf(ctx, q.id))[0]!.reserved).toBe(0);
  });

  it('replays an order for a repeated Idempotency-Key and refuses the key with another body', async () => {
    const p = await goods(ctx, { offset: offset + 6 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 5 });
    const key = `key-${kind}-${++keySeq}`;
    const body = orderBody(where.branches[0]!.id, cash, [{ slug: p.slug, quantity: 2 }]);
    const first = await order(caller, body, key);
    const second = await order(caller, body, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(json(second)).toEqual(json(first));
    expect((await stockOf(ctx, p.id))[0]!.reserved).toBe(2);
    const changed = await order(caller, { ...body, comment: 'другое' }, key);
    expect(changed.statusCode).toBe(422);
    expect(json<{ errors: { detail: string } }>(changed).errors.detail).toMatch(/Idempotency-Key/);
    // The key is the caller's own: someone else using it places their own order.
    const foreign = await order(other, body, key);
    expect(foreign.statusCode).toBe(201);
    expect(json<OrderCreateResponse>(foreign).id).not.toBe(json<OrderCreateResponse>(first).id);
  });

  it("never shows another caller's order", async () => {
    const p = await goods(ctx, { offset: offset + 7 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 5 });
    const created = json<OrderCreateResponse>(
      await order(caller, orderBody(where.branches[0]!.id, cash, [{ slug: p.slug, quantity: 1 }])),
    );
    const res = await status(other, created.id);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ errors: { detail: 'Не найдено.' } });
    expect((await status(caller, 999_999_999)).statusCode).toBe(404);
    // A number no order can have is bad input, named like any other out-of-range field (hostile-input.test.ts).
    const tooBig = await status(caller, '999999999999999');
    expect(tooBig.statusCode).toBe(400);
    expect(json(tooBig)).toEqual({ errors: { orderId: [MESSAGES.numberTooLarge] } });
  });

  it('pays a card order on the sandbox page and shows it as paid', async () => {
    const p = await goods(ctx, { offset: offset + 8 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 5 });
    const res = await order(
      caller,
      orderBody(where.branches[0]!.id, card, [{ slug: p.slug, quantity: 1 }], { payment_type: 'CARD' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = json<OrderCreateResponse>(res);
    expect(created).toMatchObject({ payment_type: 'CARD', status: 'awaiting_payment' });
    // Served through the storefront's /api proxy: a root-relative link works on whatever address the customer used.
    expect(created.payment_url).toMatch(/^\/api\/v1\/payment\/sandbox\/[0-9a-f-]{36}\/$/);
    expect((await orderRow(created.id)).expires_at).not.toBeNull();
    expect(json<PaymentStatusResponse>(await status(caller, created.id))).toMatchObject({
      status: 'awaiting_payment',
      is_paid: false,
    });

    const pagePath = created.payment_url!;
    const page = await ctx.app.inject({ method: 'GET', url: pagePath });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Оплатить');
    expect(page.body).toContain('Отменить');
    expect(page.body).toContain(created.number!);

    const paid = await ctx.app.inject({
      method: 'POST',
      url: pagePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/payment?orderId=${created.id}`);
    expect(json<PaymentStatusResponse>(await status(caller, created.id))).toMatchObject({
      detail: `Заказ №${created.number} оплачен. Спасибо за покупку!`,
      status: 'paid',
      is_paid: true,
      number: created.number,
      order: { payment_status: 'succeeded', can_pay: false, can_cancel: false },
    });
    // A second press (back button) changes nothing; the reservation stays with the paid order.
    await ctx.app.inject({
      method: 'POST',
      url: pagePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=cancel',
    });
    expect((await orderRow(created.id)).status).toBe('paid');
    expect((await stockOf(ctx, p.id))[0]!.reserved).toBe(1);
    expect((await ctx.app.inject({ method: 'GET', url: pagePath })).body).not.toContain('Оплатить</button>');
  });

  it('cancelling on the sandbox page keeps the order and its stock for another attempt (issue #13)', async () => {
    const p = await goods(ctx, { offset: offset + 9 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 5 });
    const created = json<OrderCreateResponse>(
      await order(
        caller,
        orderBody(where.branches[0]!.id, card, [{ slug: p.slug, quantity: 2 }], { payment_type: 'CARD' }),
      ),
    );
    expect((await stockOf(ctx, p.id))[0]!.reserved).toBe(2);
    const res = await backOut(created.payment_url!);
    expect(res.statusCode).toBe(303);
    expect((await stockOf(ctx, p.id))[0]!.reserved).toBe(2);
    expect(json<PaymentStatusResponse>(await status(caller, created.id))).toMatchObject({
      status: 'awaiting_payment',
      is_paid: false,
      detail: `Заказ №${created.number} ожидает оплаты.`,
      order: { payment_status: 'canceled', can_pay: true, can_pay_at_pickup: true, can_cancel: true },
    });

    // Pays again: a new sandbox page (the cancelled one stays closed), then paid.
    const again = await payAgain(caller, created.id, card);
    expect(again.statusCode, again.body).toBe(200);
    const retried = json<OrderCreateResponse>(again);
    expect(retried).toMatchObject({ id: created.id, number: created.number, status: 'awaiting_payment' });
    expect(retried.payment_url).toMatch(/^\/api\/v1\/payment\/sandbox\/[0-9a-f-]{36}\/$/);
    expect(retried.payment_url).not.toBe(created.payment_url);
    // A second press before paying offers the same open page instead of a third payment.
    expect(json<OrderCreateResponse>(await payAgain(caller, created.id, card)).payment_url).toBe(
      retried.payment_url,
    );
    const paid = await ctx.app.inject({
      method: 'POST',
      url: retried.payment_url!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.statusCode).toBe(303);
    expect(json<PaymentStatusResponse>(await status(caller, created.id))).toMatchObject({
      status: 'paid',
      is_paid: true,
    });
    // Paid: no more attempts, no cancelling by the customer.
    const late = await payAgain(caller, created.id, card);
    expect(late.statusCode).toBe(409);
    expect(json<{ errors: { detail: string } }>(late).errors.detail).toBe(
      `Заказ №${created.number} уже оплачен.`,
    );
    expect((await cancelOrder(caller, created.id)).statusCode).toBe(409);
    expect(await payments(created.id)).toEqual(['canceled', 'succeeded']);
    expect(await reservationInvariants(ctx)).toEqual({
      stockMismatch: 0,
      ordersWithoutReservation: 0,
      orphanReservations: 0,
    });
  });

  it('after backing out of paying, the customer may pay at pickup instead: the order becomes a cash order', async () => {
    const p = await goods(ctx, { offset: extra });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 5 });
    const created = json<OrderCreateResponse>(
      await order(
        caller,
        orderBody(where.branches[0]!.id, card, [{ slug: p.slug, quantity: 1 }], { payment_type: 'CARD' }),
      ),
    );
    await backOut(created.payment_url!);
    // Only the order's owner.
    expect((await payAgain(other, created.id, cash)).statusCode).toBe(404);
    expect((await payAgain(caller, created.id, 999_999)).statusCode).toBe(400);
    const res = await payAgain(caller, created.id, cash);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<OrderCreateResponse>(res)).toEqual({
      id: created.id,
      number: created.number,
      payment_type: 'CASH',
      status: 'new',
    });
    const row = await orderRow(created.id);
    expect(row).toMatchObject({ status: 'new', payment_type: 'CASH', payment_method_id: cash });
    // It now holds its stock for the cash hold time (hours), not the payment time.
    expect(Date.parse(row.expires_at!) - Date.now()).toBeGreaterThan(3_600_000);
    expect((await stockOf(ctx, p.id))[0]!.reserved).toBe(1);
    expect(json<PaymentStatusResponse>(await status(caller, created.id))).toMatchObject({
      status: 'new',
      order: { payment_type: 'CASH', payment_method: expect.any(String), can_pay: false, can_cancel: true },
    });
    // No longer awaiting payment: another switch or card attempt is refused.
    expect((await payAgain(caller, created.id, card)).statusCode).toBe(409);
  });

  it('the customer cancels an unpaid order: its stock goes back; not twice, not someone else', async () => {
    const p = await goods(ctx, { offset: extra + 1 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 5 });
    const created = json<OrderCreateResponse>(
      await order(
        caller,
        orderBody(where.branches[0]!.id, card, [{ slug: p.slug, quantity: 2 }], { payment_type: 'CARD' }),
      ),
    );
    await backOut(created.payment_url!);
    expect((await cancelOrder(other, created.id)).statusCode).toBe(404);
    const res = await cancelOrder(caller, created.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<PaymentStatusResponse>(res)).toMatchObject({
      status: 'cancelled',
      order: { status: 'cancelled', can_pay: false, can_cancel: false },
    });
    expect((await stockOf(ctx, p.id))[0]!.reserved).toBe(0);
    const twice = await cancelOrder(caller, created.id);
    expect(twice.statusCode).toBe(409);
    expect(json<{ errors: { detail: string } }>(twice).errors.detail).toMatch(/отменён/);
    expect((await payAgain(caller, created.id, card)).statusCode).toBe(409);
    expect(await reservationInvariants(ctx)).toEqual({
      stockMismatch: 0,
      ordersWithoutReservation: 0,
      orphanReservations: 0,
    });
  });
});

describe('bad input', () => {
  let caller: Caller;
  let slug: string;
  beforeAll(async () => {
    caller = await visitor(ctx);
    const p = await goods(ctx, { offset: 60 });
    slug = p.slug;
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 5 });
  });

  it('answers 401 without a token', async () => {
    expect(
      (await order(null, orderBody(where.branches[0]!.id, cash, [{ slug, quantity: 1 }]))).statusCode,
    ).toBe(401);
    expect((await status(null, 1)).statusCode).toBe(401);
  });

  it('names the fields of invalid bodies', async () => {
    const base = orderBody(where.branches[0]!.id, cash, [{ slug, quantity: 1 }]);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'R2-D2' }, 'name'],
      [{ phone: '12' }, 'phone'],
      [{ email: 'not-an-email' }, 'email'],
      [{ cart: [] }, 'cart'],
      [{ cart: [{ slug, quantity: 0 }] }, 'cart'],
      [{ cart: [{ slug, quantity: 1000 }] }, 'cart'],
      [{ cart: [{ slug: 'no-such-product', quantity: 1 }] }, 'cart'],
      [{ branch_office_id: 987654 }, 'branch_office_id'],
      [{ branch_office_id: 99_999_999_999 }, 'branch_office_id'],
      [{ payment_method_id: 99_999_999_999 }, 'payment_method_id'],
      [{ branch_office_id: 'x' }, 'branch_office_id'],
      [{ payment_method_id: 987654 }, 'payment_method_id'],
      [{ payment_type: 'CARD' }, 'payment_type'],
      [{ payment_type: 'BITCOIN' }, 'payment_type'],
      [{ consent: false }, 'consent'],
    ];
    for (const [change, field] of cases) {
      const res = await order(caller, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      const fields = Object.keys(json<{ errors: object }>(res).errors);
      expect(
        fields.some((f) => f === field || f.startsWith(`${field}.`)),
        `${JSON.stringify(change)} → ${fields.join()}`,
      ).toBe(true);
    }
  });

  it('refuses installation where it is not offered', async () => {
    const p = await goods(ctx, { withInstallation: false, offset: 3 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 5 });
    const res = await order(
      caller,
      orderBody(where.branches[0]!.id, cash, [{ slug: p.slug, quantity: 1, with_installation: true }]),
    );
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: { cart: string[] } }>(res).errors.cart[0]).toMatch(/Установка/);
  });

  it('answers 400 for a malformed orderId and 404 for a missing one', async () => {
    expect((await status(caller, 'abc')).statusCode).toBe(400);
    expect((await status(caller, '')).statusCode).toBe(400);
  });
});

describe('expiry of unpaid online orders', () => {
  it('cancels expired awaiting-payment orders, releases their stock, and leaves the rest alone', async () => {
    const caller = await visitor(ctx);
    const p = await goods(ctx, { offset: 70 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 10 });
    const body = (type: 'CARD' | 'CASH') =>
      orderBody(where.branches[0]!.id, type === 'CARD' ? card : cash, [{ slug: p.slug, quantity: 2 }], {
        payment_type: type,
        placement_type: 'BUY_NOW',
      });
    const expired = json<OrderCreateResponse>(await order(caller, body('CARD')));
    const fresh = json<OrderCreateResponse>(await order(caller, body('CARD')));
    const cashOrder = json<OrderCreateResponse>(await order(caller, body('CASH')));
    expect((await stockOf(ctx, p.id))[0]!.reserved).toBe(6);
    await ctx.handle.db.execute(
      sql`update orders set expires_at = now() - interval '1 minute' where id = ${expired.id}`,
    );

    const n = await expireUnpaidOrders(ctx.handle.db, new Map(), ctx.app.log);
    expect(n).toBeGreaterThanOrEqual(1);
    expect((await orderRow(expired.id)).status).toBe('cancelled');
    expect((await orderRow(fresh.id)).status).toBe('awaiting_payment');
    expect((await orderRow(cashOrder.id)).status).toBe('new');
    expect((await stockOf(ctx, p.id))[0]!.reserved).toBe(4);

    // A cash order nobody took into work within the hold time releases its stock as well.
    await ctx.handle.db.execute(
      sql`update orders set expires_at = now() - interval '1 minute' where id = ${cashOrder.id}`,
    );
    expect(await expireUnpaidOrders(ctx.handle.db, new Map(), ctx.app.log)).toBe(1);
    expect((await orderRow(cashOrder.id)).status).toBe('cancelled');
    expect((await stockOf(ctx, p.id))[0]!.reserved).toBe(2);
    const [payment] = await rows<{ status: string }>(
      ctx,
      sql`select status from payments where order_id = ${expired.id}`,
    );
    expect(payment!.status).toBe('canceled');
    // A second sweep finds nothing more to do.
    expect(await expireUnpaidOrders(ctx.handle.db, new Map(), ctx.app.log)).toBe(0);
    expect((await stockOf(ctx, p.id))[0]!.reserved).toBe(2);
    expect(await reservationInvariants(ctx)).toEqual({
      stockMismatch: 0,
      ordersWithoutReservation: 0,
      orphanReservations: 0,
    });
  });
});

describe('order limits', () => {
  it('taking a cash order into work clears its hold deadline', async () => {
    const caller = await visitor(ctx);
    const p = await goods(ctx, { offset: 75 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 5 });
    const created = json<OrderCreateResponse>(
      await order(
        caller,
        orderBody(where.branches[0]!.id, cash, [{ slug: p.slug, quantity: 1 }], {
          placement_type: 'BUY_NOW',
        }),
      ),
    );
    expect((await orderRow(created.id)).expires_at).not.toBeNull();
    await ctx.handle.db.transaction((tx) => transitionOrder(tx, created.id, 'assembling'));
    expect((await orderRow(created.id)).expires_at).toBeNull();
  });

  it('refuses more orders per hour than allowed per caller and per address with 429, Retry-After and a Russian message', async () => {
    const p = await goods(ctx, { offset: 76 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 100 });
    const body = orderBody(where.branches[0]!.id, cash, [{ slug: p.slug, quantity: 1 }], {
      placement_type: 'BUY_NOW',
    });
    const saved = { caller: ctx.config.ordersPerCallerPerHour, ip: ctx.config.ordersPerIpPerHour };
    try {
      ctx.config.ordersPerCallerPerHour = 2;
      ctx.config.ordersPerIpPerHour = 0;
      const a = await visitor(ctx);
      expect((await order(a, body)).statusCode).toBe(201);
      expect((await order(a, body)).statusCode).toBe(201);
      const refused = await order(a, body);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(json<{ errors: { detail: string } }>(refused).errors.detail).toMatch(/^Слишком много заказов/);
      // Another customer is not affected by the first one's limit.
      const b = await user(ctx);
      expect((await order(b, body)).statusCode).toBe(201);

      // Fresh visitor tokens are free, so the address has its own limit (inject calls come from 127.0.0.1).
      ctx.config.ordersPerCallerPerHour = 0;
      ctx.config.ordersPerIpPerHour = 1;
      const fromIp = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payment/orders/',
        remoteAddress: '10.9.8.7',
        headers: { authorization: (await visitor(ctx)).authorization },
        payload: body,
      });
      expect(fromIp.statusCode).toBe(201);
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payment/orders/',
        remoteAddress: '10.9.8.7',
        headers: { authorization: (await visitor(ctx)).authorization },
        payload: body,
      });
      expect(again.statusCode).toBe(429);
    } finally {
      ctx.config.ordersPerCallerPerHour = saved.caller;
      ctx.config.ordersPerIpPerHour = saved.ip;
    }
  });
  it('a repeated Idempotency-Key replays without spending the hourly allowance', async () => {
    const p = await goods(ctx, { offset: 77 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 100 });
    const body = orderBody(where.branches[0]!.id, cash, [{ slug: p.slug, quantity: 1 }], {
      placement_type: 'BUY_NOW',
    });
    const saved = { caller: ctx.config.ordersPerCallerPerHour, ip: ctx.config.ordersPerIpPerHour };
    try {
      ctx.config.ordersPerCallerPerHour = 2;
      ctx.config.ordersPerIpPerHour = 0;
      const a = await visitor(ctx);
      const first = await order(a, body, 'double-click-1');
      expect(first.statusCode).toBe(201);
      for (let i = 0; i < 3; i++) {
        const again = await order(a, body, 'double-click-1');
        expect(again.statusCode).toBe(200);
        expect(json<OrderCreateResponse>(again).id).toBe(json<OrderCreateResponse>(first).id);
      }
      // The replays above were free: one more new order fits, the one after it does not.
      expect((await order(a, body, 'second-order')).statusCode).toBe(201);
      expect((await order(a, body, 'third-order')).statusCode).toBe(429);
    } finally {
      ctx.config.ordersPerCallerPerHour = saved.caller;
      ctx.config.ordersPerIpPerHour = saved.ip;
    }
  });
});

describe('status machine', () => {
  it('walks a cash order to completion, consuming its reservation; finished orders do not move again', async () => {
    const caller = await visitor(ctx);
    const p = await goods(ctx, { offset: 80 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 10 });
    const created = json<OrderCreateResponse>(
      await order(
        caller,
        orderBody(where.branches[0]!.id, cash, [{ slug: p.slug, quantity: 3 }], {
          placement_type: 'BUY_NOW',
        }),
      ),
    );
    const db = ctx.handle.db;
    expect(await transitionOrder(db, created.id, 'paid')).toBe(false); // a cash order is paid at the branch, on completion
    expect(await transitionOrder(db, created.id, 'ready')).toBe(false); // must be assembled first
    expect(await transitionOrder(db, created.id, 'assembling')).toBe(true);
    expect(await transitionOrder(db, created.id, 'ready')).toBe(true);
    expect(json<PaymentStatusResponse>(await status(caller, created.id)).detail).toBe(
      `Заказ №${created.number} готов к выдаче в филиале.`,
    );
    expect(await transitionOrder(db, created.id, 'completed')).toBe(true);
    expect((await stockOf(ctx, p.id))[0]).toMatchObject({ quantity: 7, reserved: 0 });
    expect(await transitionOrder(db, created.id, 'cancelled')).toBe(false);
    expect((await stockOf(ctx, p.id))[0]).toMatchObject({ quantity: 7, reserved: 0 });
  });

  it('cancelling releases the reservation exactly once', async () => {
    const caller = await visitor(ctx);
    const p = await goods(ctx, { offset: 81 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 10 });
    const created = json<OrderCreateResponse>(
      await order(
        caller,
        orderBody(where.branches[0]!.id, cash, [{ slug: p.slug, quantity: 4 }], {
          placement_type: 'BUY_NOW',
        }),
      ),
    );
    expect((await stockOf(ctx, p.id))[0]).toMatchObject({ quantity: 10, reserved: 4 });
    expect(await transitionOrder(ctx.handle.db, created.id, 'cancelled')).toBe(true);
    expect(await transitionOrder(ctx.handle.db, created.id, 'cancelled')).toBe(false);
    expect((await stockOf(ctx, p.id))[0]).toMatchObject({ quantity: 10, reserved: 0 });
    expect(json<PaymentStatusResponse>(await status(caller, created.id))).toMatchObject({
      status: 'cancelled',
      detail: `Заказ №${created.number} отменён.`,
    });
  });
});

describe('guest order lookup (issue #13)', () => {
  const lookup = (payload: unknown, remoteAddress = '198.51.100.7') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/orders/lookup/',
      payload: payload as object,
      remoteAddress,
    });

  it('finds an order by its number and phone in any spelling, with nothing the guest could change', async () => {
    const guest = await visitor(ctx);
    const p = await goods(ctx, { offset: 96 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 5 });
    const created = json<OrderCreateResponse>(
      await order(
        guest,
        orderBody(where.branches[0]!.id, cash, [{ slug: p.slug, quantity: 2 }], {
          phone: '+7 (916) 555-12-34',
        }),
      ),
    );
    // No token: a guest who lost the page (or opened it on another device).
    const res = await lookup({ number: created.number, phone: '89165551234' });
    expect(res.statusCode, res.body).toBe(200);
    const found = json<PaymentStatusResponse>(res);
    expect(found).toMatchObject({
      status: 'new',
      number: created.number,
      detail: `Заказ №${created.number} принят. Оплата при получении в выбранном филиале.`,
      order: {
        number: created.number,
        total_price: Math.round(p.price * 200) / 100,
        branch_office: { id: where.branches[0]!.id },
        products: [{ slug: p.slug, quantity: 2 }],
        can_pay: false,
        can_pay_at_pickup: false,
        can_cancel: false,
      },
    });
    expect(found.order!.ready_by).not.toBeNull();

    // A wrong phone and an unknown number get the very same answer: the call does not tell which numbers exist.
    const wrongPhone = await lookup({ number: created.number, phone: '+7 (916) 555-12-35' });
    const unknown = await lookup({
      number: created.number === '123456789' ? '987654321' : '123456789',
      phone: '+79165551234',
    });
    expect(wrongPhone.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrongPhone.body).toBe(unknown.body);
    expect(json<{ errors: { detail: string } }>(wrongPhone).errors.detail).toMatch(
      /^Заказ с таким номером и телефоном не найден/,
    );
  });

  it('refuses malformed input with the fields named in Russian', async () => {
    const res = await lookup({ number: '12345', phone: '12' });
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(res).errors).toMatchObject({
      number: ['Номер заказа состоит из 9 цифр'],
      phone: ['Номер введен неверно'],
    });
    const empty = await lookup({});
    expect(json<{ errors: Record<string, string[]> }>(empty).errors).toMatchObject({
      number: ['Обязательное поле'],
      phone: ['Обязательное поле'],
    });
  });

  it('limits lookups per address (429 with Retry-After) and per order number', async () => {
    const saved = ctx.config.orderLookupsPerIpPerHour;
    ctx.config.orderLookupsPerIpPerHour = 3;
    try {
      const address = '203.0.113.77';
      for (let i = 0; i < 3; i++) {
        const res = await lookup({ number: `55500000${i}`, phone: '+79160000000' }, address);
        expect(res.statusCode).toBe(404);
      }
      const refused = await lookup({ number: '555000009', phone: '+79160000000' }, address);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(json<{ errors: { detail: string } }>(refused).errors.detail).toMatch(
        /^Слишком много попыток найти заказ/,
      );
      // Another address is not held back by this one.
      expect((await lookup({ number: '555000009', phone: '+79160000000' }, '203.0.113.78')).statusCode).toBe(
        404,
      );
    } finally {
      ctx.config.orderLookupsPerIpPerHour = saved;
    }
    // One number from many addresses: guessing the phone of a known number is cut off too.
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push(
        (await lookup({ number: '444000111', phone: `+7916000000${i % 10}` }, `192.0.2.${i + 1}`)).statusCode,
      );
    }
    expect(codes.slice(0, 10).every((c) => c === 404)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
  });
});
