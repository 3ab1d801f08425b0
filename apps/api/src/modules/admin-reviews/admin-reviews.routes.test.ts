import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ROUTES,
  buildPath,
  adminReview,
  adminReviewsResponse,
  REVIEWS_MAX_PAGE_SIZE,
  reviewsResponse,
  type AdminReview,
} from '@podbor/contract';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { rows, user } from '../../../test/shop-helpers';

// Issue #14's review moderation: a new review is shown at once and waits as `new`; staff publish it or hide it
// with a reason (it leaves the product page and the product's rating), and reply under it — the reply shows on
// the product page. Every change is audited.

let ctx: TestContext;
let manager: { authorization: string; userId: number };
let slug: string;
beforeAll(async () => {
  ctx = await createTestContext();
  manager = await user(ctx, 'manager');
  const [p] = await rows<{ slug: string }>(
    ctx,
    sql`select slug from products where is_active and rating_count >= 2 order by id limit 1`,
  );
  slug = p!.slug;
});
afterAll(() => ctx?.close());

async function writeReview(grade: number, comment: string) {
  const customer = await user(ctx, 'customer');
  const res = await ctx.app.inject({
    method: 'POST',
    url: API_ROUTES.reviewCreate.path,
    headers: { authorization: customer.authorization },
    payload: { product_slug: slug, grade, comment },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: number }>(res).id;
}

async function rating() {
  const [row] = await rows<{ avg: number; n: number }>(
    ctx,
    sql`select rating_avg::float8 as avg, rating_count as n from products where slug = ${slug}`,
  );
  return { avg: Number(row!.avg), n: Number(row!.n) };
}

async function productPage() {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/review/${slug}/?size=${REVIEWS_MAX_PAGE_SIZE}`,
  });
  expect(res.statusCode).toBe(200);
  return reviewsResponse.parse(json(res));
}

const act = (
  name: 'adminReviewPublish' | 'adminReviewHide' | 'adminReviewReply',
  id: number,
  payload?: Record<string, unknown>,
) =>
  ctx.app.inject({
    method: 'POST',
    url: buildPath(API_ROUTES[name].path, { id: String(id) }),
    headers: { authorization: manager.authorization },
    ...(payload === undefined ? {} : { payload }),
  });

async function queue(query: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${API_ROUTES.adminReviews.path}${query}`,
    headers: { authorization: manager.authorization },
  });
  expect(res.statusCode, res.body).toBe(200);
  return adminReviewsResponse.parse(json(res));
}

describe('review moderation', () => {
  it('a new review is shown at once and waits in the queue as new, with its product', async () => {
    const id = await writeReview(5, 'Отличные колодки');
    expect((await productPage()).results.some((r) => r.id === id)).toBe(true);
    const page = await queue(`?moderation=new&product=${slug}`);
    const item = page.results.find((r) => r.id === id);
    expect(item).toMatchObject({ moderation: 'new', grade: 5, comment: 'Отличные колодки', reply: null });
    expect(item!.product.slug).toBe(slug);
    expect(page.results.every((r) => r.moderation === 'new' && r.product.slug === slug)).toBe(true);
  });

  it('hiding takes the review off the product page and out of the rating, in one go; publishing brings it back', async () => {
    const id = await writeReview(1, 'Спам-ссылка');
    const withIt = await rating();
    const hidden = await act('adminReviewHide', id, { reason: 'Реклама' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(adminReview.parse(json(hidden))).toMatchObject({
      moderation: 'hidden',
      hidden_reason: 'Реклама',
      moderated_by: { id: manager.userId },
    });
    expect((await productPage()).results.some((r) => r.id === id)).toBe(false);
    const without = await rating();
    expect(without.n).toBe(withIt.n - 1);
    const [real] = await rows<{ avg: number; n: number }>(
      ctx,
      sql`select round(avg(grade), 2)::float8 as avg, count(*)::int as n from reviews r
          join products p on p.id = r.product_id where p.slug = ${slug} and r.moderation <> 'hidden'`,
    );
    expect(without).toEqual({ avg: Number(real!.avg), n: Number(real!.n) });
    expect((await productPage()).average_rating).toBe(without.avg);
    expect((await queue('?moderation=hidden')).results.some((r) => r.id === id)).toBe(true);

    const published = await act('adminReviewPublish', id);
    expect(json<AdminReview>(published)).toMatchObject({ moderation: 'published', hidden_reason: '' });
    expect((await productPage()).results.some((r) => r.id === id)).toBe(true);
    expect(await rating()).toEqual(withIt);

    const audit = await rows<{ action: string; data: Record<string, unknown> }>(
      ctx,
      sql`select action, data from audit_log where entity = 'review' and entity_id = ${String(id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['review.hide', 'review.publish']);
    expect(audit[0]!.data).toMatchObject({
      moderation_before: 'new',
      moderation_after: 'hidden',
      reason: 'Реклама',
    });
  });

  it('the reply is plain text, shows under the review on the product page, and empty removes it', async () => {
    const id = await writeReview(4, 'Хорошо, но доставка долгая');
    const replied = await act('adminReviewReply', id, {
      text: '  Спасибо за отзыв! <script>alert(1)</script><b>Ускорим</b>   доставку.\r\n\r\n\r\nМагазин ',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const text = 'Спасибо за отзыв! alert(1)Ускорим доставку.\n\nМагазин';
    expect(json<AdminReview>(replied).reply).toBe(text);
    const shown = (await productPage()).results.find((r) => r.id === id)!;
    expect(shown.reply).toBe(text);
    expect(shown.reply_at).toEqual(expect.any(String));
    await act('adminReviewReply', id, { text: '   ' });
    const removed = (await productPage()).results.find((r) => r.id === id)!;
    expect(removed).toMatchObject({ reply: null, reply_at: null });
  });

  it('bad input gets Russian errors; an unknown review is 404', async () => {
    const id = await writeReview(3, 'Нормально');
    const noReason = await act('adminReviewHide', id, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason)).toEqual({ errors: { reason: ['Обязательное поле'] } });
    const long = await act('adminReviewReply', id, { text: 'а'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(json(long)).toEqual({ errors: { text: [expect.stringMatching(/2000/)] } });
    expect((await act('adminReviewPublish', 999_999)).statusCode).toBe(404);
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: `${API_ROUTES.adminReviews.path}?moderation=deleted`,
      headers: { authorization: manager.authorization },
    });
    expect(wrong.statusCode).toBe(400);
  });
});
