import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, transports } from '../../db/schema';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { FEEDBACK_PER_IP, FEEDBACK_PER_PHONE } from './feedback.routes';
import { expectToldWhen } from '../../../test/throttle-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

let ip = 0;
const nextIp = () => `198.51.100.${(ip++ % 250) + 1}`;

const valid = {
  name: 'Иван Petrov',
  phone: '8 (912) 345-67-89',
  message: 'Подберите, пожалуйста, колодки на Весту',
  source: 'http://shop.test/pages/dostavka',
  type: 'HELP',
};

async function post(payload: unknown, extra: { remoteAddress?: string; authorization?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/feedback/',
    headers: {
      'content-type': 'application/json',
      ...(extra.authorization ? { authorization: extra.authorization } : {}),
    },
    payload: JSON.stringify(payload),
    remoteAddress: extra.remoteAddress ?? nextIp(),
  });
}

async function latest() {
  const [row] = await ctx.handle.db.select().from(feedback).orderBy(desc(feedback.id)).limit(1);
  return row!;
}

describe('POST /api/v1/feedback/', () => {
  it('stores the request with the normalised phone, source page, type and showcase', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const body = json<{ status: string; id: number }>(res);
    expect(body.status).toBe('ok');
    const row = await latest();
    expect(row.id).toBe(body.id);
    expect(row).toMatchObject({
      name: 'Иван Petrov',
      phone: '+79123456789',
      message: valid.message,
      source: valid.source,
      type: 'HELP',
      status: 'new',
      userId: null,
      visitorId: null,
      transportId: null,
    });
    expect(row.showcaseId).toEqual(expect.any(Number));
  });

  it('defaults the type to CONSULTATION and links the anonymous visitor and an existing transport', async () => {
    const { token } = json<{ token: string }>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/token/unauthorized_user/',
        remoteAddress: nextIp(),
      }),
    );
    const [transport] = await ctx.handle.db.select({ id: transports.id }).from(transports).limit(1);
    const { type: _type, ...withoutType } = valid;
    const res = await post({ ...withoutType, transport: String(transport!.id) }, { authorization: token });
    expect(res.statusCode).toBe(201);
    const row = await latest();
    expect(row.type).toBe('CONSULTATION');
    expect(row.visitorId).toEqual(expect.any(Number));
    expect(row.transportId).toBe(transport!.id);
  });

  it('keeps the callback but drops a transport id that does not exist', async () => {
    const res = await post({ ...valid, transport: 987654321 });
    expect(res.statusCode).toBe(201);
    expect((await latest()).transportId).toBeNull();
  });

  it('refuses missing and malformed fields with Russian messages per field', async () => {
    const res = await post({ name: '', phone: '12', message: 'x'.repeat(1001), type: 'SPAM' });
    expect(res.statusCode).toBe(400);
    const { errors } = json<{ errors: Record<string, string[]> }>(res);
    expect(errors.name).toEqual(['Обязательное поле']);
    expect(errors.phone).toEqual(['Номер введен неверно']);
    expect(errors.message).toEqual(['максимальное количество символов 1000']);
    expect(errors.type).toBeDefined();

    const empty = await post({});
    expect(empty.statusCode).toBe(400);
    const missing = json<{ errors: Record<string, string[]> }>(empty).errors;
    for (const field of ['name', 'phone', 'message']) expect(missing[field]).toEqual(['Обязательное поле']);
  });

  it('refuses names with digits or symbols', async () => {
    const res = await post({ ...valid, name: 'Robot 3000 <script>' });
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(res).errors.name).toBeDefined();
  });

  it('throttles one phone number across addresses', async () => {
    const phone = '+7 (900) 111-22-33';
    for (let i = 0; i < FEEDBACK_PER_PHONE.limit; i++)
      expect((await post({ ...valid, phone })).statusCode).toBe(201);
    const res = await post({ ...valid, phone: '89001112233' });
    expectToldWhen(
      { status: res.statusCode, headers: res.headers, body: json(res) },
      'Слишком много запросов. Повторите попытку через ',
    );
  });

  it('throttles one address across phone numbers', async () => {
    const remoteAddress = '203.0.113.50';
    let last;
    for (let i = 0; i <= FEEDBACK_PER_IP.limit; i++) {
      last = await post(
        { ...valid, phone: `+7 (901) 000-00-${String(i).padStart(2, '0')}` },
        { remoteAddress },
      );
    }
    expect(last!.statusCode).toBe(429);
    const other = await post({ ...valid, phone: '+7 (902) 000-00-01' }, { remoteAddress: '203.0.113.51' });
    expect(other.statusCode).toBe(201);
    const stored = await ctx.handle.db.select().from(feedback).where(eq(feedback.phone, '+79010000000'));
    expect(stored).toHaveLength(1);
  });
});
