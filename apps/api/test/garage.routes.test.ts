import { GARAGE_MAX_VEHICLES } from '@podbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transports } from '../src/db/schema';
import { createUser, deactivate, login, nextIp } from './auth-helpers';
import { createTestContext, json, type TestContext } from './helpers';

// The garage (issue #17): a signed-in customer's vehicles — add, list, rename / VIN / mileage, delete; the limits,
// someone else's vehicle and bad input answered in Russian in the contract's error shape.

let ctx: TestContext;
let transportA: number;
let transportB: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.handle.db.select({ id: transports.id }).from(transports).limit(2);
  expect(rows).toHaveLength(2);
  [transportA, transportB] = [rows[0]!.id, rows[1]!.id];
});
afterAll(() => ctx?.close());

const GARAGE = '/api/v1/user/garage/';

async function signedIn() {
  const user = await createUser(ctx);
  const tokens = await login(ctx, user.phone, user.password);
  return { id: user.id, auth: `Bearer ${tokens.access}` };
}

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  authorization: string | undefined,
  payload?: unknown,
) {
  const res = await ctx.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: authorization ? { authorization } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  // The answers are checked field by field below; their exact shape is the contract's (openapi.test.ts).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: json<Record<string, any>>(res) };
}

describe('access', () => {
  it('answers 401 to a visitor and to an account no longer active', async () => {
    const visitor = json<{ token: string }>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/token/unauthorized_user/',
        remoteAddress: nextIp(),
      }),
    ).token;
    for (const auth of [undefined, visitor]) {
      expect((await call('GET', GARAGE, auth)).status).toBe(401);
      expect((await call('POST', GARAGE, auth, { transport: transportA })).status).toBe(401);
      expect((await call('PATCH', `${GARAGE}1/`, auth, { name: 'X' })).status).toBe(401);
      expect((await call('DELETE', `${GARAGE}1/`, auth)).status).toBe(401);
    }
    const gone = await signedIn();
    await deactivate(ctx, gone.id);
    const res = await call('GET', GARAGE, gone.auth);
    expect(res.status).toBe(401);
    expect(res.body.errors.detail).toMatch(/[а-я]/);
  });
});

describe('CRUD', () => {
  it('adds, lists, renames, sets VIN and mileage, forgets them and deletes', async () => {
    const u = await signedIn();
    expect((await call('GET', GARAGE, u.auth)).body).toEqual({ results: [], max: GARAGE_MAX_VEHICLES });

    const work = await call('POST', GARAGE, u.auth, {
      transport: transportA,
      name: '  Рабочая   Granta ',
      vin: 'xta 219170 k0123456',
      mileage: '120 500',
    });
    expect(work.status).toBe(201);
    expect(work.body).toMatchObject({
      transport: transportA,
      name: 'Рабочая Granta',
      vin: 'XTA219170K0123456',
      mileage: 120500,
    });
    expect(work.body.label).toMatch(/\S/);

    // Without a name the garage names the vehicle by its brand and model.
    const home = await call('POST', GARAGE, u.auth, { transport: String(transportB) });
    expect(home.status).toBe(201);
    expect(home.body.name.length).toBeGreaterThan(0);
    expect(home.body.label.startsWith(home.body.name.split(' ')[0])).toBe(true);
    expect(home.body).toMatchObject({ vin: null, mileage: null });

    const list = await call('GET', GARAGE, u.auth);
    expect(list.body.results.map((v: { id: number }) => v.id)).toEqual([work.body.id, home.body.id]);

    const renamed = await call('PATCH', `${GARAGE}${work.body.id}/`, u.auth, {
      name: 'Служебная',
      mileage: 0,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Служебная', mileage: 0, vin: 'XTA219170K0123456' });

    const frame = await call('PATCH', `${GARAGE}${work.body.id}/`, u.auth, { vin: 'nze141 1234567' });
    expect(frame.body).toMatchObject({ vin: 'NZE141-1234567', name: 'Служебная' });

    const cleared = await call('PATCH', `${GARAGE}${work.body.id}/`, u.auth, { vin: '', mileage: null });
    expect(cleared.body).toMatchObject({ vin: null, mileage: null });

    const deleted = await call('DELETE', `${GARAGE}${work.body.id}/`, u.auth);
    expect(deleted).toEqual({ status: 200, body: { id: work.body.id } });
    expect((await call('GET', GARAGE, u.auth)).body.results).toHaveLength(1);
    expect((await call('DELETE', `${GARAGE}${work.body.id}/`, u.auth)).status).toBe(404);
  });

  it('holds at most ten vehicles and says so in Russian', async () => {
    const u = await signedIn();
    const adds = await Promise.all(
      Array.from({ length: GARAGE_MAX_VEHICLES + 2 }, (_, i) =>
        call('POST', GARAGE, u.auth, { transport: transportA, name: `Машина ${i + 1}` }),
      ),
    );
    expect(adds.filter((r) => r.status === 201)).toHaveLength(GARAGE_MAX_VEHICLES);
    const refused = adds.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.errors.detail).toMatch(/не больше 10 автомобилей/);
    }
    expect((await call('GET', GARAGE, u.auth)).body.results).toHaveLength(GARAGE_MAX_VEHICLES);
  });

  it("treats someone else's vehicle as missing", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const car = await call('POST', GARAGE, owner.auth, { transport: transportA, name: 'Моя' });
    const url = `${GARAGE}${car.body.id}/`;
    const patch = await call('PATCH', url, other.auth, { name: 'Чужая' });
    expect(patch.status).toBe(404);
    expect(patch.body.errors.detail).toBe('Автомобиль не найден в вашем гараже');
    expect((await call('DELETE', url, other.auth)).status).toBe(404);
    expect((await call('GET', GARAGE, other.auth)).body.results).toEqual([]);
    expect((await call('GET', GARAGE, owner.auth)).body.results[0]).toMatchObject({ name: 'Моя' });
  });
});

describe('bad input → 400 in Russian', () => {
  const T = () => ({ transport: transportA, name: 'Granta' });
  const cases: Array<[string, () => Record<string, unknown>, string, RegExp]> = [
    ['no transport', () => ({ name: 'Без машины' }), 'transport', /\S/],
    ['transport not a number', () => ({ transport: 'granta' }), 'transport', /\S/],
    ['unknown transport', () => ({ transport: 2_000_000_000 }), 'transport', /нет в каталоге/],
    ['empty name', () => ({ ...T(), name: '   ' }), 'name', /Обязательное поле|Введите название/],
    ['long name', () => ({ ...T(), name: 'Ж'.repeat(41) }), 'name', /не длиннее 40/],
    ['VIN with O', () => ({ ...T(), vin: 'XTA21917OK0123456' }), 'vin', /I, O и Q/],
    ['short VIN', () => ({ ...T(), vin: 'XTA2191' }), 'vin', /17 знаков/],
    ['US VIN, bad check digit', () => ({ ...T(), vin: '1HGCM82633A004353' }), 'vin', /Контрольный знак/],
    ['negative mileage', () => ({ ...T(), mileage: -5 }), 'mileage', /от 0 до 2/],
    ['huge mileage', () => ({ ...T(), mileage: 2_000_001 }), 'mileage', /от 0 до 2/],
    ['fractional mileage', () => ({ ...T(), mileage: 10.5 }), 'mileage', /от 0 до 2/],
  ];

  it.each(cases)('POST: %s', async (_, body, field, message) => {
    const u = await signedIn();
    const res = await call('POST', GARAGE, u.auth, body());
    expect(res.status).toBe(400);
    expect(res.body.errors[field]?.[0]).toMatch(message);
    expect((await call('GET', GARAGE, u.auth)).body.results).toEqual([]);
  });

  it('PATCH refuses an empty change, a bad id and bad fields without touching the vehicle', async () => {
    const u = await signedIn();
    const car = await call('POST', GARAGE, u.auth, { transport: transportA, name: 'Granta', mileage: 10 });
    const url = `${GARAGE}${car.body.id}/`;
    const empty = await call('PATCH', url, u.auth, {});
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toMatch(/Укажите, что изменить/);
    expect((await call('PATCH', `${GARAGE}abc/`, u.auth, { name: 'X' })).status).toBe(404);
    const bad = await call('PATCH', url, u.auth, { mileage: 'много', name: 'Новая' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.mileage[0]).toMatch(/от 0 до 2/);
    expect((await call('GET', GARAGE, u.auth)).body.results[0]).toMatchObject({
      name: 'Granta',
      mileage: 10,
    });
  });
});
