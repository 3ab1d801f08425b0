import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminDashboard,
  AdminOrderDetail,
  AdminOrderListResponse,
  AdminOrderStatusResponse,
  AdminProductListResponse,
  OrderCreateResponse,
} from '@podbor/contract';
import { json, type TestContext } from '../../../test/helpers';
import { readOutbox, waitForOutbox } from '../../../test/auth-helpers';
import {
  goods,
  orderBody,
  orderShop,
  reservationInvariants,
  rows,
  setStock,
  stockOf,
  user,
  visitor,
  type Caller,
  type Place,
} from '../../../test/shop-helpers';

// The back office's order desk (issue #14): list, order page, status changes with optimistic concurrency, the
// product search and the dashboard.

let ctx: TestContext;
let where: Place;
let cash: number;
let card: number;
let manager: Caller & { userId: number };
let admin: Caller & { userId: number };
/** A manager tied to the second branch only. */
let otherManager: Caller & { userId: number };

beforeAll(async () => {
  ({ ctx, where, cash, card } = await orderShop({
    paymentSandbox: true,
    ordersPerCallerPerHour: 0,
    ordersPerIpPerHour: 0,
    openOrdersPerCaller: 0,
    openOrdersPerIp: 0,
  }));
  manager = await user(ctx, 'manager');
  admin = await user(ctx, 'admin');
  otherManager = await user(ctx, 'manager');
  await ctx.handle.db.execute(
    sql`insert into staff_branches (user_id, branch_id) values (${otherManager.userId}, ${where.branches[1]!.id})`,
  );
  await ctx.handle.db.execute(
    sql`update users set first_name = 'Анна', last_name = 'Смирнова' where id = ${manager.userId}`,
  );
});
afterAll(() => ctx?.close());

type Errors = { errors: Record<string, string[] | string | undefined> & { detail?: string } };

const get = (caller: Caller, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: caller.authorization } });

const move = (caller: Caller, number: string, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/v1/orders/${number}/status/`,
    headers: { authorization: caller.authorization },
    payload: body,
  });

let offset = 40;
let phoneSeq = 1000;
async function placed(type: 'CASH' | 'CARD', opts: { quantity?: number; phone?: string } = {}) {
  const p = await goods(ctx, { offset: offset++ });
  await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 10 });
  const phone = opts.phone ?? `+7 (916) 555-${String(phoneSeq++).padStart(4, '0')}`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/orders/',
    headers: { authorization: (await visitor(ctx)).authorization },
    payload: orderBody(
      where.branches[0]!.id,
      type === 'CARD' ? card : cash,
      [{ slug: p.slug, quantity: opts.quantity ?? 2 }],
      { payment_type: type, placement_type: 'BUY_NOW', phone },
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = json<OrderCreateResponse>(res);
  return { order, number: order.number!, product: p };
}

async function pay(order: OrderCreateResponse) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: order.payment_url!,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=pay',
  });
  expect(res.statusCode).toBeLessThan(400);
}

const detail = async (caller: Caller, number: string) => {
  const res = await get(caller, `/api/admin/v1/orders/${number}/`);
  expect(res.statusCode, res.body).toBe(200);
  return json<AdminOrderDetail>(res);
};

describe('order list', () => {
  it('shows a new order first, with its row fields and live counts per status', async () => {
    const { order, number } = await placed('CASH', { quantity: 3 });
    const res = await get(manager, '/api/admin/v1/orders/?size=5');
    expect(res.statusCode, res.body).toBe(200);
    const list = json<AdminOrderListResponse>(res);
    expect(list.results[0]).toMatchObject({
      id: order.id,
      number,
      status: 'new',
      branch: { id: where.branches[0]!.id },
      payment_type: 'CASH',
      paid: false,
      customer_name: 'Иван Петров',
      lines: 1,
      version: 1,
    });
    expect(list.results.length).toBeLessThanOrEqual(5);
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from orders where status = 'new'`,
    );
    expect(list.counts.new).toEqual({ count: Number(n!.n), exact: true });
    expect(Object.keys(list.counts).sort()).toEqual(
      ['assembling', 'awaiting_payment', 'cancelled', 'completed', 'new', 'paid', 'ready'].sort(),
    );
    // Counts ignore the status filter (they are the tabs), the list does not.
    const ready = json<AdminOrderListResponse>(await get(manager, '/api/admin/v1/orders/?status=ready'));
    expect(ready.results.every((r) => r.status === 'ready')).toBe(true);
    expect(ready.counts.new.count).toBe(list.counts.new.count);
    expect(ready.total).toBe(ready.counts.ready.count);
  });

  it('finds an order by its number and by the phone in any spelling', async () => {
    const { number } = await placed('CASH', { phone: '+7 (916) 123-98-76' });
    for (const q of [
      number,
      `№ ${number}`,
      '89161239876',
      '+7 (916) 123-98-76',
      '7 916 123 98 76',
      '9161239876',
    ]) {
      const res = await get(manager, `/api/admin/v1/orders/?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      const list = json<AdminOrderListResponse>(res);
      expect(
        list.results.map((r) => r.number),
        q,
      ).toContain(number);
      expect(list.results.every((r) => r.customer_phone === '+79161239876' || r.number === number)).toBe(
        true,
      );
    }
    const bad = await get(manager, '/api/admin/v1/orders/?q=колодки');
    expect(bad.statusCode).toBe(400);
    expect(json<Errors>(bad).errors.q).toEqual(['Введите номер заказа (9 цифр) или телефон покупателя']);
  });

  it('filters by payment type, paid state and Moscow dates; refuses a bad date with a Russian message', async () => {
    const { order, number } = await placed('CASH');
    // 23:30 Moscow on 1 March is 20:30 UTC: it belongs to 1 March, not 2 March.
    await ctx.handle.db.execute(
      sql`update orders set created_at = '2026-03-01T20:30:00Z' where id = ${order.id}`,
    );
    const on = (q: string) =>
      get(manager, `/api/admin/v1/orders/?${q}`).then((r) => json<AdminOrderListResponse>(r));
    expect((await on('date_from=2026-03-01&date_to=2026-03-01')).results.map((r) => r.number)).toEqual([
      number,
    ]);
    expect((await on('date_from=2026-03-02&date_to=2026-03-02')).results.map((r) => r.number)).not.toContain(
      number,
    );
    expect((await on('date_from=2026-03-01&date_to=2026-03-01&payment_type=CARD')).results).toEqual([]);
    expect((await on('date_from=2026-03-01&date_to=2026-03-01&paid=true')).results).toEqual([]);
    expect((await on('date_from=2026-03-01&date_to=2026-03-01&paid=false')).results).toHaveLength(1);
    const bad = await get(manager, '/api/admin/v1/orders/?date_from=01.03.2026');
    expect(bad.statusCode).toBe(400);
    expect(json<Errors>(bad).errors.date_from).toEqual(['Дата — в формате ГГГГ-ММ-ДД']);
    const reversed = await get(manager, '/api/admin/v1/orders/?date_from=2026-03-02&date_to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
  });

  it("a manager tied to a branch sees only that branch's orders; another branch's filter or order is refused", async () => {
    const { number } = await placed('CASH');
    const list = json<AdminOrderListResponse>(await get(otherManager, '/api/admin/v1/orders/?size=200'));
    expect(list.results.every((r) => r.branch.id === where.branches[1]!.id)).toBe(true);
    expect(list.results.map((r) => r.number)).not.toContain(number);
    const filter = await get(otherManager, `/api/admin/v1/orders/?branch=${where.branches[0]!.id}`);
    expect(filter.statusCode).toBe(403);
    expect(json<Errors>(filter).errors.detail).toBe('Заказы этого филиала вам недоступны.');
    expect((await get(otherManager, `/api/admin/v1/orders/${number}/`)).statusCode).toBe(404);
    const moved = await move(otherManager, number, { status: 'assembling', version: 1 });
    expect(moved.statusCode).toBe(404);
    // The admin sees it.
    expect((await get(admin, `/api/admin/v1/orders/${number}/`)).statusCode).toBe(200);
  });
});

describe('order page and status changes', () => {
  it('walks a cash order new → assembling → ready (SMS) → completed: paid at the counter, stock consumed, history', async () => {
    const { number, product } = await placed('CASH', { quantity: 3, phone: '+7 (916) 700-00-01' });
    let page = await detail(manager, number);
    expect(page).toMatchObject({
      status: 'new',
      version: 1,
      next_statuses: ['assembling', 'cancelled'],
      paid: false,
      customer: { name: 'Иван Петров', phone: '+79167000001', email: 'ivan@example.ru', account: null },
      lines: [{ product_id: product.id, quantity: 3 }],
      reservations: [{ product_id: product.id, quantity: 3, released_at: null }],
    });
    expect(page.reservations[0]!.warehouse.id).toBe(where.branches[0]!.warehouseId);
    expect(page.history[0]).toMatchObject({ action: 'created', title: 'Заказ оформлен' });

    let res = await move(manager, number, { status: 'assembling', version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<AdminOrderStatusResponse>(res)).toEqual({
      number,
      status: 'assembling',
      version: 2,
      paid: false,
      next_statuses: ['ready', 'cancelled'],
      refunded: false,
    });
    const before = readOutbox(ctx).length;
    res = await move(manager, number, { status: 'ready', version: 2 });
    expect(res.statusCode, res.body).toBe(200);
    // The SMS is a background send (a job where the engine runs): it lands a moment after the answer.
    const sms = await waitForOutbox(ctx, (e) => e.to === '+79167000001', before);
    expect(sms.purpose).toBe('order_ready');
    expect(sms.text).toMatch(new RegExp(`^Заказ №${number} готов к выдаче: .+`));
    expect(sms.text).toContain(page.branch.address);

    res = await move(manager, number, { status: 'completed', version: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<AdminOrderStatusResponse>(res)).toMatchObject({
      status: 'completed',
      paid: true,
      version: 4,
    });
    expect((await stockOf(ctx, product.id))[0]).toMatchObject({ quantity: 7, reserved: 0 });

    page = await detail(manager, number);
    expect(page.next_statuses).toEqual([]);
    expect(page.paid_at).not.toBeNull();
    const moves = page.history.filter((h) => h.action === 'order.status');
    expect(moves.map((h) => [h.data.from, h.data.to])).toEqual([
      ['new', 'assembling'],
      ['assembling', 'ready'],
      ['ready', 'completed'],
    ]);
    expect(moves[0]!.user).toEqual({ id: manager.userId, name: 'Смирнова Анна' });
    expect(moves[0]!.title).toBe('Статус: «Новый» → «Собирается»');
    expect(page.history.some((h) => h.action === 'paid')).toBe(true);
    expect(await reservationInvariants(ctx)).toEqual({
      stockMismatch: 0,
      ordersWithoutReservation: 0,
      orphanReservations: 0,
    });
  });

  it('refuses a stale version with 409 and the current status and version, and a move the machine forbids', async () => {
    const { number } = await placed('CASH');
    expect((await move(manager, number, { status: 'assembling', version: 1 })).statusCode).toBe(200);
    const stale = await move(admin, number, { status: 'cancelled', version: 1, reason: 'Клиент передумал' });
    expect(stale.statusCode).toBe(409);
    expect(json(stale)).toEqual({
      errors: {
        detail: `Заказ №${number} уже изменил другой сотрудник. Обновите страницу и проверьте его текущий статус.`,
        status: ['assembling'],
        version: ['2'],
      },
    });
    const skip = await move(manager, number, { status: 'completed', version: 2 });
    expect(skip.statusCode).toBe(409);
    expect(json<Errors>(skip).errors.detail).toBe(
      `Заказ №${number} в статусе «Собирается» нельзя перевести в «Выдан».`,
    );
    expect((await detail(manager, number)).status).toBe('assembling');
  });

  it('two managers changing one order at once: one wins, the other gets a conflict, nothing is lost', async () => {
    const { order, number } = await placed('CASH');
    const [a, b] = await Promise.all([
      move(manager, number, { status: 'assembling', version: 1 }),
      move(admin, number, { status: 'cancelled', version: 1, reason: 'Дубль заказа' }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'assembling' : 'cancelled';
    const [row] = await rows<{ status: string; version: number }>(
      ctx,
      sql`select status, version from orders where id = ${order.id}`,
    );
    expect(row).toEqual({ status: winner, version: 2 });
    const [audit] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from audit_log where action = 'order.status' and entity_id = ${String(order.id)}`,
    );
    expect(Number(audit!.n)).toBe(1);
  });

  it('cancelling needs a reason, releases the stock and is audited with the reason', async () => {
    const { order, number, product } = await placed('CASH', { quantity: 4 });
    const noReason = await move(manager, number, { status: 'cancelled', version: 1 });
    expect(noReason.statusCode).toBe(400);
    expect(json<Errors>(noReason).errors.reason).toEqual(['Укажите причину отмены']);
    expect((await stockOf(ctx, product.id))[0]!.reserved).toBe(4);
    const res = await move(manager, number, { status: 'cancelled', version: 1, reason: 'Клиент не придёт' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stockOf(ctx, product.id))[0]).toMatchObject({ quantity: 10, reserved: 0 });
    const [audit] = await rows<{ data: Record<string, unknown>; user_id: number }>(
      ctx,
      sql`select data, user_id from audit_log where action = 'order.status' and entity_id = ${String(order.id)}`,
    );
    expect(audit!.user_id).toBe(manager.userId);
    expect(audit!.data).toMatchObject({
      from: 'new',
      to: 'cancelled',
      reason: 'Клиент не придёт',
      version_before: 1,
    });
  });

  it('a paid online order moves from paid to assembling, and its cancellation refunds through the provider', async () => {
    const { order, number, product } = await placed('CARD');
    await pay(order);
    let page = await detail(manager, number);
    expect(page).toMatchObject({ status: 'paid', paid: true, next_statuses: ['assembling', 'cancelled'] });
    expect(page.payments[0]).toMatchObject({ provider: 'sandbox', status: 'succeeded' });
    const res = await move(manager, number, {
      status: 'cancelled',
      version: page.version,
      reason: 'Нет в наличии',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<AdminOrderStatusResponse>(res)).toMatchObject({ status: 'cancelled', refunded: true });
    expect((await stockOf(ctx, product.id))[0]).toMatchObject({ reserved: 0 });
    page = await detail(manager, number);
    const events = page.payments[0]!.events.map((e) => e.key);
    expect(events.some((k) => k.includes(':refund:'))).toBe(true);
    expect(page.history.at(-1)?.data.refund).toMatchObject({ status: 'succeeded', amount: page.total });
  });

  it('answers 404 for an unknown or malformed order number and 400 for a malformed body', async () => {
    expect((await get(manager, '/api/admin/v1/orders/999999999/')).statusCode).toBe(404);
    // A path that cannot name an order is «not found» like any unknown address.
    expect((await get(manager, '/api/admin/v1/orders/12/')).statusCode).toBe(404);
    const { number } = await placed('CASH');
    const bad = await move(manager, number, { status: 'paid', version: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json<Errors>(bad).errors).sort()).toEqual(['status', 'version']);
  });
});

describe('product search', () => {
  it('finds a product by id, by its article in another spelling and by a title word', async () => {
    const [p] = await rows<{ id: number; article: string; title: string }>(
      ctx,
      sql`select id, article, title from products where length(article_normalized) >= 6 order by id limit 1`,
    );
    const search = async (q: string) => {
      const res = await get(manager, `/api/admin/v1/products/?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return json<AdminProductListResponse>(res);
    };
    expect((await search(String(p!.id))).results[0]!.id).toBe(Number(p!.id));
    const spelled = p!.article.toLowerCase().split('').join(' ');
    expect((await search(spelled)).results[0]!.id).toBe(Number(p!.id));
    const word = p!.title.split(/\s+/)[0]!;
    const byWord = await search(word);
    expect(byWord.total).toBeGreaterThan(0);
    expect(byWord.results[0]).toMatchObject({
      category: { id: expect.any(Number), title: expect.any(String) },
      stock: expect.any(Number),
      active: expect.any(Boolean),
    });
  });

  it('puts the exact hit first and pages the other matches newest first, never repeating a product', async () => {
    const [p] = await rows<{ id: number }>(
      ctx,
      sql`select id from products order by id desc limit 1 offset 50`,
    );
    const page = async (q: string, n: number) =>
      json<AdminProductListResponse>(
        await get(manager, `/api/admin/v1/products/?q=${encodeURIComponent(q)}&size=5&page=${n}`),
      );
    // A number is an id and the beginning of articles at once: the product with that id comes first.
    const id = String(p!.id);
    const first = await page(id, 1);
    expect(first.results[0]!.id).toBe(Number(p!.id));
    const word =
      // The commonest first word of a title (a bare `limit 1` follows the table's physical order, which the seed's
      // loading path decides): many matches, so there are pages to walk.
      (
        await rows<{ w: string }>(
          ctx,
          sql`select split_part(title, ' ', 1) as w from products group by 1 order by count(*) desc, 1 limit 1`,
        )
      )[0]!.w;
    const pages = [await page(word, 1), await page(word, 2), await page(word, 3)];
    const ids = pages.flatMap((x) => x.results.map((r) => r.id));
    expect(pages[0]!.total).toBeGreaterThan(10);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('lists a category with its subcategories', async () => {
    const [c] = await rows<{ parent_id: number }>(
      ctx,
      sql`select c.parent_id from categories c join products p on p.category_id = c.id
          where c.parent_id is not null limit 1`,
    );
    const res = await get(manager, `/api/admin/v1/products/?category=${c!.parent_id}&size=10`);
    const list = json<AdminProductListResponse>(res);
    expect(list.total).toBeGreaterThan(0);
  });
});

describe('dashboard', () => {
  it("counts today's orders and revenue, open and overdue callbacks, and out-of-stock goods per branch", async () => {
    const first = json<AdminDashboard>(await get(admin, '/api/admin/v1/dashboard/'));
    await placed('CASH');
    await ctx.handle.db.execute(
      sql`insert into feedback (type, name, phone, message, created_at) values
          ('CONSULTATION', 'Олег', '+79160000001', 'Перезвоните', now() - interval '30 minutes'),
          ('HELP', 'Олег', '+79160000002', 'Подбор', now())`,
    );
    const res = await get(admin, '/api/admin/v1/dashboard/');
    expect(res.statusCode, res.body).toBe(200);
    const now = json<AdminDashboard>(res);
    expect(now.orders_today).toBe(first.orders_today + 1);
    expect(now.revenue_today).toBeGreaterThan(first.revenue_today);
    expect(now.callbacks.open).toBe(first.callbacks.open + 2);
    expect(now.callbacks.overdue).toBe(first.callbacks.overdue + 1);
    const branch = now.branches.find((b) => b.id === where.branches[0]!.id);
    expect(branch?.out_of_stock).toBeGreaterThanOrEqual(0);
    // A manager tied to a branch sees that branch's figures only.
    const mine = json<AdminDashboard>(await get(otherManager, '/api/admin/v1/dashboard/'));
    expect(mine.branches.map((b) => b.id)).toEqual([where.branches[1]!.id]);
  });
});
