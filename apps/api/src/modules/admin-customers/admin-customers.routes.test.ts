import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ROUTES,
  buildPath,
  CUSTOMER_MESSAGES,
  adminCustomerDetail,
  adminCustomersResponse,
  type AdminCustomerDetail,
} from '@podbor/contract';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { createUser, login, nextIp, post } from '../../../test/auth-helpers';
import { place, rows, user } from '../../../test/shop-helpers';

// Issue #14's customers: staff find a customer by phone in any spelling or by name, see their orders (a manager
// tied to branches only their branches' ones), and block or unblock them — a block ends the customer's sessions
// at once and sign-in tells them they are blocked; both are audited.

let ctx: TestContext;
let admin: { authorization: string; userId: number };
let branchIds: number[];
let seq = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await user(ctx, 'admin');
  branchIds = (await place(ctx)).branches.map((b) => b.id);
});
afterAll(() => ctx?.close());

async function customerWithOrders(lastName: string) {
  const u = await createUser(ctx);
  await ctx.handle.db.execute(
    sql`update users set last_name = ${lastName}, first_name = 'Игорь', patronymic = 'Петрович' where id = ${u.id}`,
  );
  const [method] = await rows<{ id: number }>(ctx, sql`select id from payment_methods order by id limit 1`);
  for (const [i, branchId] of branchIds.slice(0, 2).entries()) {
    seq += 1;
    const number = String(800_000_000 + (process.pid % 1000) * 1000 + seq);
    await ctx.handle.db.execute(
      sql`insert into orders (number, user_id, payment_type, payment_method_id, branch_id, name, phone, items_price, total_price, status, created_at)
          values (${number}, ${u.id}, 'CASH', ${method!.id}, ${branchId}, 'Игорь', ${u.phone}, ${1000 + i}, ${1000 + i}, 'new',
                  now() - ${`${i} hours`}::interval)`,
    );
  }
  return u;
}

const get = (url: string, authorization = admin.authorization) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization } });
const search = async (q: string, authorization = admin.authorization) => {
  const res = await get(`${API_ROUTES.adminCustomers.path}?q=${encodeURIComponent(q)}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return adminCustomersResponse.parse(json(res));
};
const detailUrl = (id: number) => buildPath(API_ROUTES.adminCustomer.path, { id: String(id) });

describe('customers', () => {
  it('finds a customer by phone in any spelling and by name; staff are not customers', async () => {
    const c = await customerWithOrders('Зайцев');
    const d = c.phone.slice(2); // 10 digits after +7
    const spellings = [
      c.phone,
      `8${d}`,
      `8 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`,
      `+7 ${d.slice(0, 3)} ${d.slice(3)}`,
      d.slice(3, 10),
    ];
    for (const q of spellings)
      expect(
        (await search(q)).results.map((r) => r.id),
        q,
      ).toContain(c.id);
    const byName = await search('игорь зайцев');
    expect(byName.results.find((r) => r.id === c.id)).toMatchObject({
      name: 'Зайцев Игорь Петрович',
      phone_number: c.phone,
      blocked: false,
      orders_count: 2,
    });
    expect((await search('зайцев несуществующий')).results.some((r) => r.id === c.id)).toBe(false);
    expect((await search(`${admin.userId}`)).results.some((r) => r.id === admin.userId)).toBe(false);
    expect((await get(detailUrl(admin.userId))).statusCode).toBe(404);
  });

  it("the customer's page lists their orders; a manager tied to a branch sees only that branch's", async () => {
    const c = await customerWithOrders('Ёлкин');
    const res = await get(detailUrl(c.id));
    expect(res.statusCode, res.body).toBe(200);
    const detail = adminCustomerDetail.parse(json(res));
    expect(detail).toMatchObject({ id: c.id, last_name: 'Ёлкин', is_active: true, blocked: false });
    expect(detail.orders.map((o) => o.branch.id).sort()).toEqual(branchIds.slice(0, 2).sort());
    expect(detail.orders[0]!.total_price).toBe(1000);

    const manager = await user(ctx, 'manager');
    await ctx.handle.db.execute(
      sql`insert into staff_branches (user_id, branch_id) values (${manager.userId}, ${branchIds[1]!})`,
    );
    const scoped = adminCustomerDetail.parse(json(await get(detailUrl(c.id), manager.authorization)));
    expect(scoped.orders.map((o) => o.branch.id)).toEqual([branchIds[1]]);
    expect(scoped.orders_count).toBe(1);
  });

  it('block ends the sessions and refuses sign-in with a clear message; unblock lets them in again; audited', async () => {
    const c = await customerWithOrders('Блохин');
    const tokens = await login(ctx, c.phone, c.password, nextIp());
    const profile = () =>
      ctx.app.inject({
        method: 'GET',
        url: API_ROUTES.profile.path,
        headers: { authorization: `Bearer ${tokens.access}` },
      });
    expect((await profile()).statusCode).toBe(200);

    const manager = await user(ctx, 'manager');
    const blockUrl = buildPath(API_ROUTES.adminCustomerBlock.path, { id: String(c.id) });
    const noReason = await ctx.app.inject({
      method: 'POST',
      url: blockUrl,
      headers: { authorization: manager.authorization },
      payload: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason)).toEqual({ errors: { reason: ['Обязательное поле'] } });

    const blocked = await ctx.app.inject({
      method: 'POST',
      url: blockUrl,
      headers: { authorization: manager.authorization },
      payload: { reason: 'Заказы без выкупа' },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(json<AdminCustomerDetail>(blocked)).toMatchObject({
      blocked: true,
      blocked_reason: 'Заказы без выкупа',
      blocked_by: { id: manager.userId },
    });
    expect((await profile()).statusCode).toBe(401);
    const refresh = await post(ctx, API_ROUTES.tokenRefresh.path, { refresh: tokens.refresh });
    expect(refresh.status).toBe(401);
    const signIn = await post(
      ctx,
      API_ROUTES.login.path,
      { phone_number: c.phone, password: c.password },
      { ip: nextIp() },
    );
    expect(signIn.status).toBe(400);
    expect(signIn.body).toEqual({ errors: { detail: CUSTOMER_MESSAGES.blocked } });
    const twice = await ctx.app.inject({
      method: 'POST',
      url: blockUrl,
      headers: { authorization: manager.authorization },
      payload: { reason: 'ещё раз' },
    });
    expect(twice.statusCode).toBe(409);
    expect((await search(c.phone)).results[0]).toMatchObject({ id: c.id, blocked: true });

    const unblocked = await ctx.app.inject({
      method: 'POST',
      url: buildPath(API_ROUTES.adminCustomerUnblock.path, { id: String(c.id) }),
      headers: { authorization: admin.authorization },
    });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect(json<AdminCustomerDetail>(unblocked)).toMatchObject({
      blocked: false,
      blocked_reason: '',
      blocked_by: null,
    });
    await login(ctx, c.phone, c.password, nextIp());

    const audit = await rows<{ action: string; user_id: number; data: Record<string, unknown> }>(
      ctx,
      sql`select action, user_id, data from audit_log where entity = 'user' and entity_id = ${String(c.id)} order by id`,
    );
    expect(audit).toEqual([
      {
        action: 'user.block',
        user_id: manager.userId,
        data: { blocked_before: false, blocked_after: true, reason: 'Заказы без выкупа' },
      },
      {
        action: 'user.unblock',
        user_id: admin.userId,
        data: { blocked_before: true, blocked_after: false, reason_before: 'Заказы без выкупа' },
      },
    ]);
  });
});
