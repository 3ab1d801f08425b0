import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@podbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { users } from '../src/db/schema';
import { createUser, nextIp } from './auth-helpers';
import { createTestContext, json, type TestContext } from './helpers';
import {
  goods,
  orderBody,
  paymentMethodId,
  place,
  user,
  visitor,
  type Caller,
  type TestProduct,
} from './shop-helpers';

// Issue #12, item 7 and the API half of item 9: bytes PostgreSQL cannot store and integers beyond its `integer`
// are bad input (400 naming the field, never a 500), the error log carries no personal data, and every answer
// says `nosniff`.

let ctx: TestContext;
let signedIn: Caller;
let anonymous: Caller;
let product: TestProduct;
let order: (extra: Record<string, unknown>) => Record<string, unknown>;

beforeAll(async () => {
  ctx = await createTestContext();
  signedIn = await user(ctx);
  anonymous = await visitor(ctx);
  product = await goods(ctx);
  const where = await place(ctx);
  const cash = await paymentMethodId(ctx, 'cash');
  order = (extra) => orderBody(where.branches[0]!.id, cash, [{ slug: product.slug, quantity: 1 }], extra);
});
afterAll(() => ctx?.close());

interface Case {
  label: string;
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  body?: () => Record<string, unknown>;
  caller?: () => Caller;
  field: string;
}

async function call(c: Omit<Case, 'label' | 'field'>) {
  const res = await ctx.app.inject({
    method: c.method,
    url: c.url,
    ...(c.body ? { payload: c.body() } : {}),
    headers: c.caller ? { authorization: c.caller().authorization } : {},
    remoteAddress: nextIp(),
  });
  return { status: res.statusCode, body: json<{ errors: Record<string, unknown> }>(res) };
}

const feedback = (extra: Record<string, unknown>) => ({
  name: 'Иван',
  phone: '+7 (999) 123-45-67',
  message: 'Перезвоните, пожалуйста',
  ...extra,
});

describe('text PostgreSQL cannot store', () => {
  const cases: Case[] = [
    {
      label: 'NUL in the feedback message',
      method: 'POST',
      url: '/api/v1/feedback/',
      body: () => feedback({ message: 'Перезвоните\u0000 мне' }),
      field: 'message',
    },
    {
      label: 'NUL in the feedback source page',
      method: 'POST',
      url: '/api/v1/feedback/',
      body: () => feedback({ source: 'https://podbor.ru/\u0000' }),
      field: 'source',
    },
    {
      label: 'a lone surrogate in the feedback message',
      method: 'POST',
      url: '/api/v1/feedback/',
      body: () => feedback({ message: 'Половина эмодзи \ud83d' }),
      field: 'message',
    },
    {
      label: 'NUL in a review comment',
      method: 'POST',
      url: '/api/v1/review/',
      body: () => ({ product_slug: product.slug, grade: 5, comment: 'Отличные\u0000 колодки' }),
      caller: () => signedIn,
      field: 'comment',
    },
    {
      label: 'NUL in an order comment',
      method: 'POST',
      url: '/api/v1/payment/orders/',
      body: () => order({ comment: 'Позвоните\u0000' }),
      caller: () => anonymous,
      field: 'comment',
    },
    {
      label: 'NUL in an order e-mail',
      method: 'POST',
      url: '/api/v1/payment/orders/',
      body: () => order({ email: 'ivan\u0000@example.ru' }),
      caller: () => anonymous,
      field: 'email',
    },
    {
      label: 'NUL in the profile e-mail',
      method: 'PATCH',
      url: '/api/v1/user/profile/',
      body: () => ({ email: 'ivan\u0000@example.ru' }),
      caller: () => signedIn,
      field: 'email',
    },
    {
      label: 'NUL in the search query',
      method: 'GET',
      url: '/api/v1/catalog/search/?query=%00%D0%BA%D0%BE%D0%BB%D0%BE%D0%B4',
      field: 'query',
    },
    {
      label: 'NUL in the order-history search',
      method: 'GET',
      url: '/api/v1/user/profile/orders/?search=12%0034',
      caller: () => signedIn,
      field: 'search',
    },
  ];

  it.each(cases)('$label → 400 naming the field', async (c) => {
    const res = await call(c);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { [c.field]: [MESSAGES.textInvalid] } });
  });

  it('names the nested field of a body', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/v1/payment/cart/update-item/',
      body: () => ({
        items: [
          { product: product.slug, quantity: 1 },
          { product: 'a\u0000', quantity: 1 },
        ],
      }),
      caller: () => anonymous,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { 'items.1.product': [MESSAGES.textInvalid] } });
  });
});

describe('integers beyond PostgreSQL integer', () => {
  const TOO_BIG = 2_147_483_648;
  const cases: Case[] = [
    {
      label: 'feedback transport',
      method: 'POST',
      url: '/api/v1/feedback/',
      body: () => feedback({ transport: TOO_BIG }),
      field: 'transport',
    },
    {
      label: 'profile transport',
      method: 'PATCH',
      url: '/api/v1/user/profile/',
      body: () => ({ transport: TOO_BIG }),
      caller: () => signedIn,
      field: 'transport',
    },
    {
      label: 'cart transport',
      method: 'POST',
      url: '/api/v1/payment/cart/add-item/',
      body: () => ({ product: product.slug, quantity: 1, transport: String(TOO_BIG) }),
      caller: () => anonymous,
      field: 'transport',
    },
    {
      label: 'order transport',
      method: 'POST',
      url: '/api/v1/payment/orders/',
      body: () => order({ transport_id: TOO_BIG }),
      caller: () => anonymous,
      field: 'transport_id',
    },
    {
      label: 'sitemap page in the query',
      method: 'GET',
      url: '/api/v1/catalog/sitemap/products/?page=999999999999999',
      field: 'page',
    },
  ];

  it.each(cases)('$label → 400 with a Russian message', async (c) => {
    const res = await call(c);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { [c.field]: [MESSAGES.numberTooLarge] } });
  });

  it('an order id beyond the range in the path names nothing: 404', async () => {
    const res = await call({
      method: 'GET',
      url: `/api/v1/user/profile/orders/${TOO_BIG}/`,
      caller: () => signedIn,
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: { detail: MESSAGES.notFound } });
  });
});

describe('the error log', () => {
  let app: FastifyInstance;
  let phone: string;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({ config: ctx.config, handle: ctx.handle, logger: { level: 'info', stream } });
    // Two genuine faults of ours whose PostgreSQL errors quote the row: a unique violation (the driver's
    // message lists the values, PostgreSQL's detail repeats the phone) and a failed cast of a value.
    phone = (await createUser(ctx)).phone;
    app.post('/test/duplicate-user', async () => {
      await ctx.handle.db
        .insert(users)
        .values({ phoneNumber: phone, passwordHash: 'x', firstName: 'Зинаида', email: 'zinaida@example.ru' });
      return {};
    });
    app.post('/test/bad-cast', async () => {
      await ctx.handle.db.execute(sql`select ${'Зинаида zinaida@example.ru +7 (999) 765-43-21'}::int`);
      return {};
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('says what failed and carries no phone, name or e-mail', async () => {
    for (const url of ['/test/duplicate-user', '/test/bad-cast']) {
      const res = await app.inject({ method: 'POST', url, remoteAddress: nextIp() });
      expect(res.statusCode, url).toBe(500);
      expect(json(res)).toEqual({ errors: { detail: MESSAGES.serverError } });
    }
    const log = lines.join('');
    const errors = lines
      .map((l) => JSON.parse(l) as { msg: string; err: { message: string; cause?: { constraint?: string } } })
      .filter((l) => l.msg === 'unhandled error');
    expect(errors).toHaveLength(2);
    expect(errors[0]!.err.message).toContain('insert into "users"');
    expect(errors[0]!.err.cause?.constraint).toBe('users_phone_uq');
    for (const personal of [phone.slice(2), '765-43-21', 'Зинаида', 'zinaida@example.ru']) {
      expect(log).not.toContain(personal);
    }
  });
});

describe('X-Content-Type-Options', () => {
  it.each([
    ['GET', '/api/v1/showcase/', 200],
    ['GET', '/api/v1/no-such-call/', 404],
    ['GET', '/api/v1/catalog/sitemap/products/?page=abc', 400],
    ['GET', '/api/v1/user/profile/', 401],
    ['GET', '/api/v1/pages/%E0%A4%A/', 400],
    ['POST', '/api/v1/feedback/', 400],
    ['GET', '/api/docs/json', 200],
    ['GET', '/media/nothing.webp', 404],
  ] as const)('%s %s (%i) says nosniff', async (method, url, status) => {
    const res = await ctx.app.inject({ method, url, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('a bare OPTIONS request', () => {
  it('gets an empty answer, not a text/plain error', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/showcase/',
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('requests the HTTP parser refuses', () => {
  /** Sends raw bytes to the app listening on a loopback port; resolves with everything it answers. */
  async function raw(request: string): Promise<string> {
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
  }

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it.each([
    [
      'headers over 16 KiB',
      `GET /api/v1/showcase/ HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
    ['a garbled request line', 'GARBAGE\r\n\r\n', 400],
  ])('%s get the JSON envelope in Russian', async (_label, request, status) => {
    const answer = await raw(request);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head).toMatch(/content-type: application\/json/i);
    expect(head).toMatch(/x-content-type-options: nosniff/i);
    const parsed = JSON.parse(body!) as { errors: { detail: string } };
    expect(parsed.errors.detail).toMatch(/[А-Яа-я]/);
  });
});
