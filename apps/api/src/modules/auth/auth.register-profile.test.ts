import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';

// Registration brings the header's choices and the consent into the new account (issue #13 items 11, 12).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function pendingUser(phone: string) {
  const { rows } = await ctx.handle.db.execute(
    sql`select u.city_id, c.slug as city, u.transport_id, u.personal_data_consent_at from users u
        left join cities c on c.id = u.city_id where u.phone_number = ${phone}`,
  );
  return rows[0] as
    | {
        city_id: number | null;
        city: string | null;
        transport_id: number | null;
        personal_data_consent_at: unknown;
      }
    | undefined;
}

const register = (phone: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/register/',
    headers: { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250) + 1}`, ...headers },
    payload: {
      phone_number: phone,
      password: 'Krasnaya-Mashina-42',
      password2: 'Krasnaya-Mashina-42',
      ...body,
    },
  });

describe('registration', () => {
  it('stores the consent time, the X-City city and the chosen vehicle for the new profile', async () => {
    const { rows } = await ctx.handle.db.execute(
      sql`select (select slug from cities order by id desc limit 1) as city, (select min(id) from transports)::int as transport`,
    );
    const { city, transport } = rows[0] as { city: string; transport: number };
    const res = await register('+79031112233', { consent: true, transport }, { 'x-city': city });
    expect(res.statusCode).toBe(200);
    const user = await pendingUser('+79031112233');
    expect(user?.city).toBe(city);
    expect(Number(user?.transport_id)).toBe(transport);
    expect(user?.personal_data_consent_at).toBeTruthy();
  });

  it('takes an older client’s body as before, and ignores an unknown city or vehicle instead of failing', async () => {
    expect((await register('+79031112244', {})).statusCode).toBe(200);
    expect(await pendingUser('+79031112244')).toMatchObject({
      city_id: null,
      transport_id: null,
      personal_data_consent_at: null,
    });
    const res = await register('+79031112255', { transport: 2_000_000_000 }, { 'x-city': 'atlantida' });
    expect(res.statusCode).toBe(200);
    expect(await pendingUser('+79031112255')).toMatchObject({ city_id: null, transport_id: null });
    expect((await register('+79031112266', { transport: 'abc', consent: 'yes' })).statusCode).toBe(400);
  });
});
