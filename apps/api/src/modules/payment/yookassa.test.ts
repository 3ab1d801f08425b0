import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderCreateResponse, PaymentMethodsResponse, PaymentStatusResponse } from '@podbor/contract';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { createYooKassaProvider } from '../../lib/payments/yookassa';
import {
  goods,
  orderBody,
  place,
  reservationInvariants,
  rows,
  setStock,
  stockOf,
  user,
  visitor,
  type Caller,
  type Place,
} from '../../../test/shop-helpers';

// The YooKassa adapter against a local server that behaves as YooKassa's API v3 documents it: HTTP Basic auth
// (shop id : secret key), a mandatory Idempotence-Key on POST (the same key and body return the first result,
// the same key with another body is an error), the payment object {id, status, paid, amount {value, currency},
// confirmation {type: redirect, confirmation_url}, created_at, metadata, test}, statuses pending →
// waiting_for_capture → succeeded | canceled, the /capture call, and POST /refunds (the refund object {id,
// payment_id, status, amount, created_at}; only a succeeded payment, at most its amount, with a receipt whose lines
// add up to the refund).

const SHOP_ID = '123456';
const SECRET = 'test_secret_key_abc';

interface FakePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  created_at: string;
  description: string;
  metadata: Record<string, string>;
  recipient: { account_id: string; gateway_id: string };
  refundable: boolean;
  test: boolean;
}

interface FakeRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  created_at: string;
  description: string;
}

class FakeYooKassa {
  server: Server;
  payments = new Map<string, FakePayment>();
  refunds = new Map<string, FakeRefund>();
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: unknown }[] = [];
  private keys = new Map<string, { body: string; response: string }>();
  failing = false;

  constructor() {
    this.server = createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        const send = (code: number, body: unknown) => {
          res.writeHead(code, { 'content-type': 'application/json' });
          res.end(typeof body === 'string' ? body : JSON.stringify(body));
        };
        const path = (req.url ?? '').replace(/^\/v3/, '');
        this.requests.push({
          method: req.method ?? '',
          path,
          headers: req.headers,
          body: data ? JSON.parse(data) : undefined,
        });
        if (this.failing) return send(500, { type: 'error', code: 'internal_server_error' });
        const expected = `Basic ${Buffer.from(`${SHOP_ID}:${SECRET}`).toString('base64')}`;
        if (req.headers.authorization !== expected) {
          return send(401, {
            type: 'error',
            code: 'invalid_credentials',
            description: 'Basic authentication failed',
          });
        }
        if (req.method === 'POST') {
          const key = req.headers['idempotence-key'];
          if (typeof key !== 'string' || !key) {
            return send(400, { type: 'error', code: 'invalid_request', parameter: 'Idempotence-Key' });
          }
          const seen = this.keys.get(`${path}|${key}`);
          if (seen) {
            if (seen.body !== data)
              return send(400, {
                type: 'error',
                code: 'invalid_request',
                description: 'Idempotence key duplicated',
              });
            return send(200, seen.response);
          }
          const [code, body] = this.handlePost(path, data);
          const text = JSON.stringify(body);
          if (code === 200) this.keys.set(`${path}|${key}`, { body: data, response: text });
          return send(code, text);
        }
        const m = /^\/payments\/([^/]+)$/.exec(path);
        const payment = m ? this.payments.get(decodeURIComponent(m[1]!)) : undefined;
        if (req.method === 'GET' && payment) return send(200, payment);
        return send(404, { type: 'error', code: 'not_found' });
      });
    });
  }

  private handlePost(path: string, data: string): [number, unknown] {
    const body = JSON.parse(data) as {
      payment_id?: string;
      amount: { value: string; currency: string };
      confirmation: { type: string; return_url: string };
      description: string;
      metadata: Record<string, string>;
      receipt: {
        customer: { phone?: string; email?: string };
        items: { quantity: string; amount: { value: string }; vat_code: number }[];
      };
    };
    if (path === '/payments') {
      const sum = body.receipt.items.reduce((s, i) => s + Number(i.quantity) * Number(i.amount.value), 0);
      if (Math.abs(sum - Number(body.amount.value)) > 0.001 || body.receipt.items.some((i) => !i.vat_code)) {
        return [400, { type: 'error', code: 'invalid_request', parameter: 'receipt' }];
      }
      const id = `2d${randomUUID().slice(2)}`;
      const payment: FakePayment = {
        id,
        status: 'pending',
        paid: false,
        amount: body.amount,
        confirmation: {
          type: 'redirect',
          confirmation_url: `https://yoomoney.example/checkout/${id}`,
          return_url: body.confirmation.return_url,
        },
        created_at: new Date().toISOString(),
        description: body.description,
        metadata: body.metadata,
        recipient: { account_id: SHOP_ID, gateway_id: '1' },
        refundable: false,
        test: true,
      };
      this.payments.set(id, payment);
      return [200, payment];
    }
    if (path === '/refunds') {
      const paid = body.payment_id ? this.payments.get(body.payment_id) : undefined;
      if (!paid) return [404, { type: 'error', code: 'not_found', parameter: 'payment_id' }];
      const refunded = [...this.refunds.values()]
        .filter((r) => r.payment_id === paid.id && r.status !== 'canceled')
        .reduce((s, r) => s + Number(r.amount.value), 0);
      const sum = body.receipt.items.reduce((s, i) => s + Number(i.quantity) * Number(i.amount.value), 0);
      if (
        paid.status !== 'succeeded' ||
        Number(body.amount.value) + refunded > Number(paid.amount.value) + 0.001 ||
        Math.abs(sum - Number(body.amount.value)) > 0.001
      ) {
        return [400, { type: 'error', code: 'invalid_request', parameter: 'amount' }];
      }
      const refund: FakeRefund = {
        id: `2e${randomUUID().slice(2)}`,
        payment_id: paid.id,
        status: 'succeeded',
        amount: body.amount,
        created_at: new Date().toISOString(),
        description: body.description,
      };
      this.refunds.set(refund.id, refund);
      return [200, refund];
    }
    const capture = /^\/payments\/([^/]+)\/capture$/.exec(path);
    const p = capture ? this.payments.get(capture[1]!) : undefined;
    if (p && p.status === 'waiting_for_capture') {
      p.status = 'succeeded';
      return [200, p];
    }
    return [404, { type: 'error', code: 'not_found' }];
  }

  set(id: string, status: FakePayment['status']) {
    const p = this.payments.get(id)!;
    p.status = status;
    p.paid = status === 'succeeded' || status === 'waiting_for_capture';
  }

  async listen(): Promise<string> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v3`;
  }
}

const fake = new FakeYooKassa();
const apiUrlOf = () => Promise.resolve(`http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v3`);
let ctx: TestContext;
let where: Place;
let caller: Caller;
const METHOD_ID = 100;

beforeAll(async () => {
  const apiUrl = await fake.listen();
  ctx = await createTestContext({
    config: {
      publicUrl: 'https://shop.example',
      yookassa: { shopId: SHOP_ID, secretKey: SECRET, apiUrl, vatCode: 4 },
      // One caller's card orders stay open here; the open-order limits have their own tests (orders module).
      openOrdersPerCaller: 0,
      openOrdersPerIp: 0,
    },
  });
  await ctx.handle.db.execute(
    sql`insert into payment_methods (id, title, type, gateway, description, sort) values (${METHOD_ID}, 'ЮKassa', 'CARD', 'yookassa', 'Карта, СБП', 5)`,
  );
  where = await place(ctx);
  caller = await visitor(ctx);
});
afterAll(async () => {
  await ctx?.close();
  fake.server.close();
});

let offset = 200;
async function cardOrder(key?: string, quantity = 2, extra: Record<string, unknown> = {}) {
  const p = await goods(ctx, { offset: offset++ });
  await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 10 });
  const body = orderBody(where.branches[0]!.id, METHOD_ID, [{ slug: p.slug, quantity }], {
    payment_type: 'CARD',
    placement_type: 'BUY_NOW',
    ...extra,
  });
  const send = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/orders/',
      headers: { authorization: caller.authorization, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });
  const res = await send();
  return { res, product: p, send };
}

const externalIdOf = async (orderId: number) =>
  (
    await rows<{ external_id: string }>(
      ctx,
      sql`select external_id from payments where order_id = ${orderId} order by created_at desc limit 1`,
    )
  )[0]!.external_id;

const notify = (event: string, id: string, extra: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/webhooks/yookassa/',
    payload: {
      type: 'notification',
      event,
      object: { id, status: event.replace('payment.', ''), paid: true, ...extra },
    },
  });

const statusOf = async (orderId: number) =>
  json<PaymentStatusResponse>(
    await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/payment/status/?orderId=${orderId}`,
      headers: { authorization: caller.authorization },
    }),
  );

describe('YooKassa', () => {
  it('is offered among card methods when configured', async () => {
    const groups = json<PaymentMethodsResponse>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/methods/' }),
    );
    expect(groups.find((g) => g.type === 'CARD')?.values.map((v) => v.gateway)).toContain('yookassa');
  });

  it('creates the payment with Basic auth, an Idempotence-Key and a 54-FZ receipt, and returns its confirmation URL', async () => {
    const before = fake.requests.length;
    const { res, product } = await cardOrder();
    expect(res.statusCode, res.body).toBe(201);
    const created = json<OrderCreateResponse>(res);
    expect(created.payment_url).toMatch(/^https:\/\/yoomoney\.example\/checkout\//);
    const call = fake.requests.slice(before).find((r) => r.method === 'POST' && r.path === '/payments')!;
    expect(call.headers['idempotence-key']).toMatch(/^[0-9a-f-]{36}$/);
    const amount = (Math.round(product.price * 2 * 100) / 100).toFixed(2);
    expect(call.body).toMatchObject({
      amount: { value: amount, currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: `https://shop.example/payment?orderId=${created.id}` },
      description: `Заказ №${created.number}`,
      metadata: { order_id: String(created.id) },
      receipt: {
        items: [
          {
            description: product.title.slice(0, 128),
            quantity: '2.00',
            amount: { value: product.price.toFixed(2), currency: 'RUB' },
            vat_code: 4,
            payment_mode: 'full_payment',
            payment_subject: 'commodity',
          },
        ],
      },
    });
    // The customer gave an e-mail for the receipt: it goes there, not (also) by SMS.
    expect((call.body as { receipt: { customer: unknown } }).receipt.customer).toEqual({
      email: 'ivan@example.ru',
    });
  });

  it("sends the 54-FZ receipt by SMS to the order's phone when no e-mail was given", async () => {
    const before = fake.requests.length;
    const { res } = await cardOrder(undefined, 1, { email: '' });
    expect(res.statusCode, res.body).toBe(201);
    const call = fake.requests.slice(before).find((r) => r.method === 'POST' && r.path === '/payments')!;
    expect((call.body as { receipt: { customer: unknown } }).receipt.customer).toEqual({
      phone: '79991234567',
    });
  });

  it('applies a notification only after re-reading the payment, and only once', async () => {
    const { res } = await cardOrder();
    const created = json<OrderCreateResponse>(res);
    const id = await externalIdOf(created.id);

    // A forged "succeeded" while YooKassa still says pending changes nothing.
    expect((await notify('payment.succeeded', id)).statusCode).toBe(200);
    expect((await statusOf(created.id)).status).toBe('awaiting_payment');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/payments/${id}` });

    fake.set(id, 'succeeded');
    expect((await notify('payment.succeeded', id)).statusCode).toBe(200);
    expect(await statusOf(created.id)).toMatchObject({ status: 'paid', is_paid: true });
    const [first] = await rows<{ updated_at: unknown; n: number }>(
      ctx,
      sql`select o.updated_at, (select count(*)::int from payment_events) as n from orders o where o.id = ${created.id}`,
    );
    const gets = fake.requests.filter((r) => r.method === 'GET').length;
    expect((await notify('payment.succeeded', id)).statusCode).toBe(200);
    const [second] = await rows<{ updated_at: unknown; n: number }>(
      ctx,
      sql`select o.updated_at, (select count(*)::int from payment_events) as n from orders o where o.id = ${created.id}`,
    );
    expect(second).toEqual(first);
    // Recorded: the verified "pending" of the forged call and the "succeeded" of the genuine one.
    expect(Number(second!.n)).toBe(2);
    // The duplicate was recognised after re-reading, and did not touch the order.
    expect(fake.requests.filter((r) => r.method === 'GET').length).toBe(gets + 1);
  });

  it('a canceled payment keeps the order and its stock; a new attempt gets a new YooKassa payment', async () => {
    const { res, product } = await cardOrder();
    const created = json<OrderCreateResponse>(res);
    expect((await stockOf(ctx, product.id))[0]!.reserved).toBe(2);
    const id = await externalIdOf(created.id);
    fake.set(id, 'canceled');
    expect((await notify('payment.canceled', id)).statusCode).toBe(200);
    // Issue #13: backing out of paying is not cancelling the order.
    const seen = await statusOf(created.id);
    expect(seen).toMatchObject({ status: 'awaiting_payment', is_paid: false });
    expect((seen as { order?: { payment_status: string; can_pay: boolean } }).order).toMatchObject({
      payment_status: 'canceled',
      can_pay: true,
    });
    expect((await stockOf(ctx, product.id))[0]!.reserved).toBe(2);

    const before = fake.requests.length;
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payment/orders/${created.id}/pay/`,
      headers: { authorization: caller.authorization },
      payload: { payment_method_id: METHOD_ID },
    });
    expect(again.statusCode, again.body).toBe(200);
    const retried = json<OrderCreateResponse>(again);
    expect(retried.payment_url).toMatch(/^https:\/\/yoomoney\.example\/checkout\//);
    expect(retried.payment_url).not.toBe(created.payment_url);
    const call = fake.requests.slice(before).find((r) => r.method === 'POST' && r.path === '/payments')!;
    // A new payment needs a new Idempotence-Key, else YooKassa would answer with the cancelled one.
    expect(call.headers['idempotence-key']).not.toBe(
      fake.requests.find((r) => r.method === 'POST' && r.path === '/payments' && r !== call)?.headers[
        'idempotence-key'
      ],
    );
    fake.set(await externalIdOf(created.id), 'succeeded');
    expect(await statusOf(created.id)).toMatchObject({ status: 'paid', is_paid: true });
    expect(await reservationInvariants(ctx)).toEqual({
      stockMismatch: 0,
      ordersWithoutReservation: 0,
      orphanReservations: 0,
    });
  });

  it('captures a payment waiting for capture', async () => {
    const { res } = await cardOrder();
    const created = json<OrderCreateResponse>(res);
    const id = await externalIdOf(created.id);
    fake.set(id, 'waiting_for_capture');
    expect((await notify('payment.waiting_for_capture', id)).statusCode).toBe(200);
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === `/payments/${id}/capture`)).toBe(true);
    expect((await statusOf(created.id)).status).toBe('paid');
  });

  it('the status page re-reads a pending payment (a lost notification does not strand the order)', async () => {
    const { res } = await cardOrder();
    const created = json<OrderCreateResponse>(res);
    fake.set(await externalIdOf(created.id), 'succeeded');
    expect(await statusOf(created.id)).toMatchObject({ status: 'paid', is_paid: true });
  });

  it('acknowledges notifications about unknown payments and refuses malformed ones', async () => {
    expect((await notify('payment.succeeded', 'unknown-payment-id')).statusCode).toBe(200);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/webhooks/yookassa/',
      payload: { event: 'payment.succeeded' },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toHaveProperty('errors');
  });

  it('answers 502 while YooKassa is down; the same Idempotency-Key later gets the payment without a second order', async () => {
    fake.failing = true;
    const { res, product, send } = await cardOrder('yk-retry-1');
    fake.failing = false;
    expect(res.statusCode).toBe(502);
    expect(json<{ errors: { detail: string } }>(res).errors.detail).toMatch(
      /Платёжный сервис временно недоступен. Заказ №\d{9} сохранён/,
    );
    const retry = await send();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(json<OrderCreateResponse>(retry).payment_url).toMatch(/^https:\/\/yoomoney\.example\/checkout\//);
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from order_items where product_id = ${product.id}`,
    );
    expect(Number(n!.n)).toBe(1);
    expect((await stockOf(ctx, product.id))[0]!.reserved).toBe(2);
  });

  it('a paid order cancelled in the back office is refunded with POST /refunds (Idempotence-Key, receipt)', async () => {
    const manager = await user(ctx, 'manager');
    const { res, product } = await cardOrder(undefined, 3);
    const created = json<OrderCreateResponse>(res);
    const id = await externalIdOf(created.id);
    fake.set(id, 'succeeded');
    expect((await notify('payment.succeeded', id)).statusCode).toBe(200);
    const cancel = (version: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/v1/orders/${created.number}/status/`,
        headers: { authorization: manager.authorization },
        payload: { status: 'cancelled', version, reason: 'Покупатель отказался' },
      });
    const [order] = await rows<{ version: number; total_price: string }>(
      ctx,
      sql`select version, total_price::text from orders where id = ${created.id}`,
    );

    // YooKassa down: nothing changes, the manager is told to retry.
    fake.failing = true;
    const down = await cancel(order!.version);
    fake.failing = false;
    expect(down.statusCode).toBe(502);
    expect(json<{ errors: { detail: string } }>(down).errors.detail).toBe(
      `Платёжная система не приняла возврат денег по заказу №${created.number}. Заказ не отменён, повторите попытку позже.`,
    );
    expect((await stockOf(ctx, product.id))[0]!.reserved).toBe(3);

    const done = await cancel(order!.version);
    expect(done.statusCode, done.body).toBe(200);
    expect(json(done)).toMatchObject({ status: 'cancelled', refunded: true });
    const refunds = fake.requests.filter((r) => r.method === 'POST' && r.path === '/refunds');
    // The failed attempt and the good one carried the same key: YooKassa would never refund twice.
    expect(new Set(refunds.map((r) => r.headers['idempotence-key'])).size).toBe(1);
    expect(refunds.at(-1)!.body).toMatchObject({
      payment_id: id,
      amount: { value: Number(order!.total_price).toFixed(2), currency: 'RUB' },
      receipt: { customer: { email: 'ivan@example.ru' } },
    });
    expect([...fake.refunds.values()].filter((r) => r.payment_id === id)).toHaveLength(1);
    expect((await stockOf(ctx, product.id))[0]!.reserved).toBe(0);
    expect(await reservationInvariants(ctx)).toMatchObject({ stockMismatch: 0 });
  });

  it('turns YooKassa refusals (wrong credentials) into a provider error, not a crash', async () => {
    const provider = createYooKassaProvider({
      shopId: SHOP_ID,
      secretKey: 'wrong',
      apiUrl: await apiUrlOf(),
      vatCode: 1,
    });
    await expect(provider.fetch!('anything')).rejects.toMatchObject({
      name: 'PaymentProviderError',
      status: 401,
    });
  });
});
