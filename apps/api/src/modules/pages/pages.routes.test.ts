import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesMenuResponse } from '@podbor/contract';
import { createTestContext, json, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('info pages', () => {
  it('lists the menu in order with title, slug and sort', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/pages/menu/' });
    expect(res.statusCode).toBe(200);
    const menu = pagesMenuResponse.parse(json(res));
    const titles = menu.map((p) => p.title);
    for (const t of ['Доставка', 'Оплата', 'Гарантия и возврат', 'Контакты']) expect(titles).toContain(t);
    const sorts = menu.map((p) => p.sort);
    expect([...sorts].sort((a, b) => a - b)).toEqual(sorts);
  });

  it('returns a page with its HTML text', async () => {
    const menu = pagesMenuResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: '/api/v1/pages/menu/' })),
    );
    const first = menu[0]!;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/pages/${first.slug}/` });
    expect(res.statusCode).toBe(200);
    const page = json<{ title: string; text: string }>(res);
    expect(page.title).toBe(first.title);
    expect(page.text).toMatch(/<p>|<ul>|<h2>/);
  });

  it('answers 404 with the Russian detail for an unknown or malformed slug', async () => {
    for (const url of [
      '/api/v1/pages/no-such-page/',
      '/api/v1/pages/%3Cscript%3E/',
      `/api/v1/pages/${'a'.repeat(250)}/`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(json(res)).toEqual({ errors: { detail: 'Не найдено.' } });
    }
  });

  it('answers 414 with the envelope for an absurdly long path segment', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/pages/${'a'.repeat(400)}/` });
    expect(res.statusCode).toBe(414);
    expect(json(res)).toEqual({ errors: { detail: 'Слишком длинный адрес запроса.' } });
  });
});
