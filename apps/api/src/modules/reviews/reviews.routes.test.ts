import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { reviewCreateResponse, reviewsResponse } from '@podbor/contract';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { startSession } from '../../lib/sessions';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function newUser(phone: string, first = 'Анна', last = 'Смирнова') {
  const [row] = (
    await ctx.handle.db.execute(
      sql`insert into users (phone_number, first_name, last_name, is_active) values (${phone}, ${first}, ${last}, true) returning id`,
    )
  ).rows as { id: number }[];
  const { access } = await startSession(ctx.handle.db, ctx.config.jwtSecret, {
    id: Number(row!.id),
    role: 'customer',
  });
  return { authorization: `Bearer ${access}` };
}

async function productRating(slug: string) {
  const [row] = (
    await ctx.handle.db.execute(
      sql`select rating_avg::float8 as avg, rating_count as n,
            (select count(*)::int from reviews r where r.product_id = p.id and r.is_published) as reviews,
            (select round(avg(grade), 2)::float8 from reviews r where r.product_id = p.id and r.is_published) as real_avg
          from products p where slug = ${slug}`,
    )
  ).rows as { avg: number; n: number; reviews: number; real_avg: number | null }[];
  return {
    avg: Number(row!.avg),
    n: Number(row!.n),
    reviews: Number(row!.reviews),
    realAvg: row!.real_avg === null ? 0 : Number(row!.real_avg),
  };
}

describe('reviews', () => {
  let slug: string;
  beforeAll(async () => {
    const [p] = (
      await ctx.handle.db.execute(
        sql`select slug from products where is_active order by rating_count desc, id limit 1`,
      )
    ).rows as { slug: string }[];
    slug = p!.slug;
  });

  it('lists reviews newest first, 5 per page by default', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/review/${slug}/` });
    expect(res.statusCode).toBe(200);
    const page = reviewsResponse.parse(json(res));
    const { reviews } = await productRating(slug);
    expect(page.total).toBe(reviews);
    expect(page.results.length).toBe(Math.min(5, reviews));
    const dates = page.results.map((r) => r.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const past = reviewsResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: `/api/v1/review/${slug}/?page=999&size=5` })),
    );
    expect(past.results).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/review/no-such-product/' })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/review/${slug}/?size=1000` })).statusCode,
    ).toBe(400);
  });

  it('refuses anonymous callers with 401', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/review/',
      payload: { product_slug: slug, grade: 5, comment: null },
    });
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ errors: { detail: 'Учетные данные не были предоставлены.' } });
  });

  it('creates one review per user and product; the product rating follows', async () => {
    const headers = await newUser('+79990000101');
    const before = await productRating(slug);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/review/',
      headers,
      payload: { product_slug: slug, grade: 1, comment: '  Скрипят с первого дня.  ' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const review = reviewCreateResponse.parse(json(res));
    expect(review).toMatchObject({
      grade: 1,
      comment: 'Скрипят с первого дня.',
      first_name: 'Анна',
      last_name: 'Смирнова',
    });

    const after = await productRating(slug);
    expect(after.n).toBe(before.reviews + 1);
    expect(after.n).toBe(after.reviews);
    expect(after.avg).toBeCloseTo(after.realAvg, 2);
    expect(after.avg).toBeLessThan(before.avg === 0 ? 5 : before.avg + 0.001);

    const listed = reviewsResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: `/api/v1/review/${slug}/` })),
    );
    expect(listed.results[0]).toMatchObject({ grade: 1, first_name: 'Анна' });
    expect(listed.average_rating).toBeCloseTo(after.avg, 2);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/review/',
      headers,
      payload: { product_slug: slug, grade: 5 },
    });
    expect(again.statusCode).toBe(400);
    expect(json(again)).toEqual({ errors: { non_field_errors: ['Вы уже оставили отзыв на этот товар.'] } });
    expect((await productRating(slug)).n).toBe(after.n);
  });

  it('validates grade, comment length and the product', async () => {
    const headers = await newUser('+79990000102');
    for (const payload of [
      { product_slug: slug, grade: 0 },
      { product_slug: slug, grade: 6 },
      { product_slug: slug, grade: 4.5 },
      { product_slug: slug },
      { product_slug: slug, grade: 5, comment: 'я'.repeat(1001) },
      { product_slug: 'no-such-product', grade: 5 },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/review/', headers, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(json(res)).toHaveProperty('errors');
    }
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/review/',
      headers,
      payload: { product_slug: slug, grade: 5, comment: '' },
    });
    expect(ok.statusCode).toBe(201);
    expect(reviewCreateResponse.parse(json(ok)).comment).toBeNull();
  });
});

describe('reviews by buyers and the caller’s own review', () => {
  let product: { id: number; slug: string };
  beforeAll(async () => {
    const [p] = (
      await ctx.handle.db.execute(
        sql`select id, slug from products where is_active and rating_count = 0 and not is_service order by id limit 1`,
      )
    ).rows as { id: number; slug: string }[];
    product = { id: Number(p!.id), slug: p!.slug };
  });

  async function order(userId: number, status: string, isPaid: boolean) {
    const number = String(100_000_000 + Math.floor(Math.random() * 899_999_999));
    const [o] = (
      await ctx.handle.db.execute(
        sql`insert into orders (number, user_id, status, payment_type, payment_method_id, branch_id, name, phone, is_paid, items_price, total_price)
            values (${number}, ${userId}, ${status}, 'CASH', (select min(id) from payment_methods),
                    (select min(id) from branches), 'Покупатель', '+79990000000', ${isPaid}, 100, 100) returning id`,
      )
    ).rows as { id: number }[];
    await ctx.handle.db.execute(
      sql`insert into order_items (order_id, product_id, title, price, quantity)
          values (${o!.id}, ${product.id}, 'товар', 100, 1)`,
    );
  }

  async function userIdOf(headers: { authorization: string }) {
    const [row] = (await ctx.handle.db.execute(sql`select max(id)::int as id from users`)).rows as {
      id: number;
    }[];
    void headers;
    return Number(row!.id);
  }

  it('marks a review as a buyer’s once its author has collected or paid for the product, not for a cancelled order', async () => {
    const buyer = await newUser('+79161110001', 'Олег', 'Покупатель');
    const buyerId = await userIdOf(buyer);
    const cancelled = await newUser('+79161110002', 'Инна', 'Отменила');
    const cancelledId = await userIdOf(cancelled);
    await order(cancelledId, 'cancelled', false);

    const url = `/api/v1/review/${product.slug}/`;
    let res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/review/',
      headers: buyer,
      payload: { product_slug: product.slug, grade: 5, comment: 'Отлично' },
    });
    expect(res.statusCode).toBe(201);
    // Written before the order was collected: not a buyer's yet.
    expect(reviewCreateResponse.parse(json(res)).is_buyer).toBe(false);
    res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/review/',
      headers: cancelled,
      payload: { product_slug: product.slug, grade: 2, comment: null },
    });
    expect(res.statusCode).toBe(201);

    await order(buyerId, 'completed', false);
    const page = reviewsResponse.parse(json(await ctx.app.inject({ method: 'GET', url })));
    const byName = Object.fromEntries(page.results.map((r) => [r.last_name, r.is_buyer]));
    expect(byName).toEqual({ Покупатель: true, Отменила: false });
  });

  it('tells a signed-in caller whether they have reviewed the product; anonymous callers get false', async () => {
    const url = `/api/v1/review/${product.slug}/`;
    const author = await newUser('+79161110003', 'Пётр', 'Автор');
    const other = await newUser('+79161110004', 'Ольга', 'Читатель');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/review/',
      headers: author,
      payload: { product_slug: product.slug, grade: 4, comment: null },
    });
    const as = async (headers: Record<string, string>) =>
      reviewsResponse.parse(json(await ctx.app.inject({ method: 'GET', url, headers }))).reviewed;
    expect(await as(author)).toBe(true);
    expect(await as(other)).toBe(false);
    expect(await as({})).toBe(false);
  });
});
