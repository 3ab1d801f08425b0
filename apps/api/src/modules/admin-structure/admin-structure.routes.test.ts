import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  MESSAGES,
  STRUCTURE_MESSAGES,
  type AdminCategory,
  type AdminManufacturer,
  type AdminManufacturerListResponse,
  type AdminProduct,
  type CategoryNode,
} from '@podbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { rows, user } from '../../../test/shop-helpers';

// Issue #14: the catalogue's structure in the back office. The category tree is edited with its derived paths kept
// in step, hiding takes a subtree off the storefront (tree, listing, product page, search, sitemap) and showing
// brings it back; manufacturers are listed, edited and deleted only when unused. Managers read, only admins write.

let ctx: TestContext;
let admin: string;
let adminId: number;
let manager: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const a = await user(ctx, 'admin');
  admin = a.authorization;
  adminId = a.userId;
  manager = (await user(ctx, 'manager')).authorization;
});
afterAll(() => ctx?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, authorization = admin) =>
  ctx.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

const tree = async (authorization = admin) => {
  const res = await call('GET', '/api/admin/v1/categories/', undefined, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return json<AdminCategory[]>(res);
};
const category = async (id: number) => (await tree()).find((c) => c.id === id)!;
const create = (body: object, authorization = admin) =>
  call('POST', '/api/admin/v1/categories/', body, authorization);
const patchCategory = (id: number, body: object, authorization = admin) =>
  call('PATCH', `/api/admin/v1/categories/${id}/`, body, authorization);
const move = (id: number, body: object) => call('POST', `/api/admin/v1/categories/${id}/move/`, body);
const dbCategory = async (id: number) =>
  (
    await rows<{ depth: number; path: string[]; parent_id: number | null; sort: number }>(
      ctx,
      sql`select depth, path, parent_id, sort from categories where id = ${id}`,
    )
  )[0]!;
const created = async (body: object) => {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(201);
  return json<AdminCategory>(res);
};

describe('GET /api/admin/v1/categories/', () => {
  it('gives managers the whole tree in display order with subtree counts', async () => {
    const all = await tree(manager);
    expect(all.length).toBeGreaterThan(10);
    const index = new Map(all.map((c, i) => [c.id, i]));
    for (const c of all) {
      if (c.parent_id !== null) expect(index.get(c.parent_id)!).toBeLessThan(index.get(c.id)!);
      const children = all.filter((x) => x.parent_id === c.id);
      expect(c.children_count).toBe(children.length);
      expect(c.products_count).toBe(
        c.own_products_count + children.reduce((s, x) => s + x.products_count, 0),
      );
      expect(c.path.at(-1)).toBe(c.slug);
      expect(c.depth).toBe(c.path.length - 1);
    }
    const [n] = await rows<{ n: number }>(ctx, sql`select count(*)::int as n from products`);
    expect(all.filter((c) => c.parent_id === null).reduce((s, c) => s + c.products_count, 0)).toBe(
      Number(n!.n),
    );
  });
});

describe('POST /api/admin/v1/categories/', () => {
  it('adds a child with a transliterated slug, its path and depth, last among siblings; audited', async () => {
    const parent = (await tree()).find((c) => c.parent_id === null && c.children_count > 0)!;
    const c = await created({ title: 'Щётки стеклоочистителя зимние', parent_id: parent.id });
    expect(c).toMatchObject({
      slug: 'shchetki-stekloochistitelya-zimnie',
      parent_id: parent.id,
      depth: parent.depth + 1,
      path: [...parent.path, 'shchetki-stekloochistitelya-zimnie'],
      sort: parent.children_count,
      is_hidden: false,
      products_count: 0,
    });
    // On the storefront at once, under its parent.
    const res = await call('GET', `/api/v1/catalog/${c.slug}/detail/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ path: string[] }>(res).path).toEqual(c.path);
    const [entry] = await rows<{ user_id: number; action: string }>(
      ctx,
      sql`select user_id, action from audit_log where entity = 'category' and entity_id = ${String(c.id)}`,
    );
    expect(entry).toMatchObject({ user_id: adminId, action: 'category.create' });
  });

  it('refuses a taken slug, an unknown parent, an empty title, a bad slug — in Russian — and a manager', async () => {
    const taken = (await tree())[0]!;
    const dup = await create({ title: 'Что угодно', slug: taken.slug });
    expect(dup.statusCode).toBe(400);
    expect(json(dup)).toEqual({ errors: { slug: [STRUCTURE_MESSAGES.categorySlugTaken] } });

    const unknown = await create({ title: 'Новая', parent_id: 1_999_999 });
    expect(json(unknown)).toEqual({ errors: { parent_id: [STRUCTURE_MESSAGES.unknownParent] } });
    const empty = await create({ title: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toEqual({ errors: { title: [MESSAGES.required] } });
    const badSlug = await create({ title: 'Новая', slug: 'Плохой адрес' });
    expect(json(badSlug)).toEqual({ errors: { slug: [STRUCTURE_MESSAGES.slugInvalid] } });
    const symbols = await create({ title: '!!!' });
    expect(json(symbols)).toEqual({ errors: { slug: [STRUCTURE_MESSAGES.slugFromTitle] } });
    const asManager = await create({ title: 'Новая' }, manager);
    expect(asManager.statusCode).toBe(403);
    expect(json(asManager)).toEqual({ errors: { detail: MESSAGES.forbidden } });
  });
});

describe('PATCH /api/admin/v1/categories/{id}/', () => {
  it('renames (storefront shows it at once) and refuses a stale version with 409', async () => {
    const leaf = (await tree()).find((c) => c.children_count === 0 && c.own_products_count > 0)!;
    // Warm the storefront's cached tree first.
    await call('GET', '/api/v1/catalog/categories/tree/');
    const res = await patchCategory(leaf.id, {
      version: leaf.version,
      title: 'Переименованная категория',
      seo_title: 'SEO заголовок',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = json<AdminCategory>(res);
    expect(after).toMatchObject({
      title: 'Переименованная категория',
      seo_title: 'SEO заголовок',
      slug: leaf.slug,
    });
    const detail = json<{ title: string; seo_title: string }>(
      await call('GET', `/api/v1/catalog/${leaf.slug}/detail/`),
    );
    expect(detail).toMatchObject({ title: 'Переименованная категория', seo_title: 'SEO заголовок' });

    const stale = await patchCategory(leaf.id, { version: leaf.version, title: 'Другое' });
    expect(stale.statusCode).toBe(409);
    expect(json(stale)).toEqual({ errors: { detail: STRUCTURE_MESSAGES.categoryStale } });
    expect((await category(leaf.id)).title).toBe('Переименованная категория');

    const [audit] = await rows<{ data: { changes: Record<string, { before: unknown; after: unknown }> } }>(
      ctx,
      sql`select data from audit_log where entity = 'category' and entity_id = ${String(leaf.id)}
          and action = 'category.update' order by id desc limit 1`,
    );
    expect(audit!.data.changes.title).toEqual({ before: leaf.title, after: 'Переименованная категория' });
  });

  it('a slug change rewrites the paths of the whole subtree and the products’ URLs', async () => {
    const all = await tree();
    const parent = all.find((c) => c.parent_id === null && c.children_count > 0 && c.products_count > 0)!;
    const child = all.find((c) => c.parent_id === parent.id && c.own_products_count > 0)!;
    const res = await patchCategory(parent.id, { version: parent.version, slug: `${parent.slug}-novyy` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await dbCategory(child.id)).toMatchObject({
      path: [`${parent.slug}-novyy`, child.slug],
      depth: 1,
    });
    const [p] = await rows<{ id: number }>(
      ctx,
      sql`select id from products where category_id = ${child.id} limit 1`,
    );
    const product = json<AdminProduct>(await call('GET', `/api/admin/v1/products/${p!.id}/`));
    expect(product.url).toContain(`/${parent.slug}-novyy/${child.slug}/`);
    // The old slug is free again, the new one answers on the storefront.
    expect((await call('GET', `/api/v1/catalog/${parent.slug}-novyy/detail/`)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/catalog/${parent.slug}/detail/`)).statusCode).toBe(404);
    const back = await patchCategory(parent.id, {
      version: json<AdminCategory>(res).version,
      slug: parent.slug,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await dbCategory(child.id)).path).toEqual([parent.slug, child.slug]);
  });

  it('400 in Russian for bad input; 403 for a manager', async () => {
    const c = (await tree())[1]!;
    const noVersion = await patchCategory(c.id, { title: 'x' });
    expect(noVersion.statusCode).toBe(400);
    expect(json(noVersion)).toEqual({ errors: { version: [MESSAGES.required] } });
    const taken = await patchCategory(c.id, { version: c.version, slug: (await tree())[0]!.slug });
    expect(json(taken)).toEqual({ errors: { slug: [STRUCTURE_MESSAGES.categorySlugTaken] } });
    const notBool = await patchCategory(c.id, { version: c.version, is_hidden: 'да' });
    expect(notBool.statusCode).toBe(400);
    expect((await patchCategory(c.id, { version: c.version, title: 'x' }, manager)).statusCode).toBe(403);
    expect((await patchCategory(1_999_999, { version: 'x', title: 'x' })).statusCode).toBe(404);
  });
});

describe('hiding a category', () => {
  it('takes its whole subtree off the storefront and brings it back when shown; products keep their data', async () => {
    const all = await tree();
    const parent = all.find(
      (c) =>
        c.parent_id === null &&
        c.children_count > 0 &&
        all.some((x) => x.parent_id === c.id && x.own_products_count > 0),
    )!;
    const child = all.find((c) => c.parent_id === parent.id && c.own_products_count > 0)!;
    const [p] = await rows<{ id: number; slug: string; article: string }>(
      ctx,
      sql`select id, slug, article from products where category_id = ${child.id} and is_active
          order by popularity desc limit 1`,
    );
    const publicTree = async () =>
      json<CategoryNode[]>(await call('GET', '/api/v1/catalog/categories/tree/')).map((n) => n.slug);
    const sitemapTotal = async () =>
      json<{ total: number }>(await call('GET', '/api/v1/catalog/sitemap/products/')).total;
    const searchFinds = async () =>
      json<{ products: { slug: string }[] }>(
        await call('GET', `/api/v1/catalog/search/?query=${encodeURIComponent(p!.article)}`),
      ).products.some((x) => x.slug === p!.slug);
    const listing = () =>
      call('POST', `/api/v1/catalog/${child.slug}/products/`, { page: 1, sort: 'popular', order: 'desc' });

    // Warm every cache first: without invalidation they would keep answering for a minute.
    expect(await publicTree()).toContain(parent.slug);
    const totalBefore = await sitemapTotal();
    expect(await searchFinds()).toBe(true);
    expect((await listing()).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/catalog/products/${p!.slug}/`)).statusCode).toBe(200);

    const hide = await patchCategory(parent.id, { version: parent.version, is_hidden: true });
    expect(hide.statusCode, hide.body).toBe(200);
    const hidden = json<AdminCategory>(hide);
    expect(hidden).toMatchObject({ is_hidden: true, hidden_on_site: true });
    expect((await category(child.id)).hidden_on_site).toBe(true);

    expect(await publicTree()).not.toContain(parent.slug);
    expect((await call('GET', `/api/v1/catalog/${parent.slug}/detail/`)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/catalog/${child.slug}/detail/`)).statusCode).toBe(404);
    expect((await listing()).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/catalog/products/${p!.slug}/`)).statusCode).toBe(404);
    expect(await searchFinds()).toBe(false);
    expect(await sitemapTotal()).toBe(totalBefore - parent.products_count + (await inactiveIn(parent.id)));
    const [kept] = await rows<{ is_active: boolean }>(
      ctx,
      sql`select is_active from products where id = ${p!.id}`,
    );
    expect(kept!.is_active).toBe(true);

    const show = await patchCategory(parent.id, { version: hidden.version, is_hidden: false });
    expect(show.statusCode, show.body).toBe(200);
    expect(await publicTree()).toContain(parent.slug);
    expect((await listing()).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/catalog/products/${p!.slug}/`)).statusCode).toBe(200);
    expect(await searchFinds()).toBe(true);
    expect(await sitemapTotal()).toBe(totalBefore);
    const actions = await rows<{ action: string }>(
      ctx,
      sql`select action from audit_log where entity = 'category' and entity_id = ${String(parent.id)} order by id`,
    );
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['category.hide', 'category.show']));
  });
});

async function inactiveIn(rootId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ctx,
    sql`with recursive t(id) as (select ${rootId}::int union all select c.id from categories c join t on c.parent_id = t.id)
        select count(*)::int as n from products where not is_active and category_id in (select id from t)`,
  );
  return Number(r!.n);
}

describe('POST /api/admin/v1/categories/{id}/move/', () => {
  it('refuses a move under itself or its own descendant, in Russian', async () => {
    const all = await tree();
    const parent = all.find((c) => c.children_count > 0)!;
    const child = all.find((c) => c.parent_id === parent.id)!;
    for (const target of [parent.id, child.id]) {
      const res = await move(parent.id, { version: parent.version, parent_id: target, position: 0 });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ errors: { parent_id: [STRUCTURE_MESSAGES.moveIntoItself] } });
    }
    const bad = await move(parent.id, { version: parent.version, parent_id: null, position: -1 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(json(bad))).toMatch(/Позиция/);
  });

  it('moves a subtree under another parent, rewriting depth and path of every descendant', async () => {
    const a = await created({ title: 'Перенос верх' });
    const b = await created({ title: 'Перенос середина', parent_id: a.id });
    const c = await created({ title: 'Перенос низ', parent_id: b.id });
    const target = (await tree()).find((x) => x.parent_id === null && x.id !== a.id && x.children_count > 0)!;
    const res = await move(a.id, { version: a.version, parent_id: target.id, position: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await dbCategory(a.id)).toMatchObject({ parent_id: target.id, depth: target.depth + 1, sort: 0 });
    expect(await dbCategory(c.id)).toMatchObject({
      depth: target.depth + 3,
      path: [...target.path, a.slug, b.slug, c.slug],
    });
    const detail = json<{ path: string[]; breadcrumbs: { slug: string }[] }>(
      await call('GET', `/api/v1/catalog/${c.slug}/detail/`),
    );
    expect(detail.path).toEqual([...target.path, a.slug, b.slug, c.slug]);
    // First among the target's children in the admin tree and on the storefront.
    const kids = json<AdminCategory[]>(res).filter((x) => x.parent_id === target.id);
    expect(kids[0]!.id).toBe(a.id);
    expect(kids.map((k) => k.sort)).toEqual(kids.map((_, i) => i));
  });

  it('reorders siblings: down one place and back', async () => {
    const all = await tree();
    const parent = all.find((c) => c.children_count >= 3)!;
    const kids = () => tree().then((t) => t.filter((c) => c.parent_id === parent.id).map((c) => c.id));
    const before = await kids();
    const first = all.find((c) => c.id === before[0])!;
    const res = await move(first.id, { version: first.version, parent_id: parent.id, position: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await kids()).toEqual([before[1], before[0], ...before.slice(2)]);
    const publicKids = json<CategoryNode[]>(
      await call('GET', `/api/v1/catalog/${parent.slug}/categories/`),
    ).map((n) => n.slug);
    expect(publicKids[1]).toBe(first.slug);
    await move(first.id, { version: first.version, parent_id: parent.id, position: 0 });
    expect(await kids()).toEqual(before);
  });
});

describe('DELETE /api/admin/v1/categories/{id}/', () => {
  it('refuses a category with products or with subcategories (409, in Russian); deletes an empty one', async () => {
    const all = await tree();
    const withProducts = all.find((c) => c.children_count === 0 && c.own_products_count > 0)!;
    const res = await call('DELETE', `/api/admin/v1/categories/${withProducts.id}/`);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({
      errors: { detail: STRUCTURE_MESSAGES.categoryHasProducts(withProducts.own_products_count) },
    });
    expect(json<{ errors: { detail: string } }>(res).errors.detail).toMatch(
      /^Нельзя удалить категорию: в ней \d/,
    );
    const withChildren = all.find((c) => c.children_count > 0)!;
    const res2 = await call('DELETE', `/api/admin/v1/categories/${withChildren.id}/`);
    expect(res2.statusCode).toBe(409);
    expect(json(res2)).toEqual({
      errors: { detail: STRUCTURE_MESSAGES.categoryHasChildren(withChildren.children_count) },
    });

    const empty = await created({ title: 'Пустая на удаление' });
    expect(
      (await call('DELETE', `/api/admin/v1/categories/${empty.id}/`, undefined, manager)).statusCode,
    ).toBe(403);
    const del = await call('DELETE', `/api/admin/v1/categories/${empty.id}/`);
    expect(del.statusCode, del.body).toBe(200);
    expect(json(del)).toEqual({ id: empty.id });
    expect((await tree()).some((c) => c.id === empty.id)).toBe(false);
    expect((await call('GET', `/api/v1/catalog/${empty.slug}/detail/`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/v1/categories/${empty.id}/`)).statusCode).toBe(404);
  });
});

describe('manufacturers', () => {
  const list = async (q = '', authorization = admin) => {
    const res = await call(
      'GET',
      `/api/admin/v1/manufacturers/?q=${encodeURIComponent(q)}&size=200`,
      undefined,
      authorization,
    );
    expect(res.statusCode, res.body).toBe(200);
    return json<AdminManufacturerListResponse>(res);
  };

  it('lists with search and product counts (managers too)', async () => {
    const all = await list('', manager);
    expect(all.total).toBeGreaterThan(3);
    const used = all.results.find((m) => m.products_count > 0)!;
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from products where manufacturer_id = ${used.id}`,
    );
    expect(used.products_count).toBe(Number(n!.n));
    const found = await list(used.title.slice(1, 4).toUpperCase());
    expect(found.results.map((m) => m.id)).toContain(used.id);
    expect((await list('ничего-такого-нет-zzz')).total).toBe(0);
  });

  it('adds, edits with version protection, uploads a logo and deletes only an unused one', async () => {
    const res = await call('POST', '/api/admin/v1/manufacturers/', {
      title: 'Фёдор Моторс',
      country: 'Россия',
    });
    expect(res.statusCode, res.body).toBe(201);
    const m = json<AdminManufacturer>(res);
    expect(m).toMatchObject({ slug: 'fedor-motors', country: 'Россия', products_count: 0, logo: null });
    const dup = await call('POST', '/api/admin/v1/manufacturers/', { title: 'Другой', slug: 'fedor-motors' });
    expect(json(dup)).toEqual({ errors: { slug: [STRUCTURE_MESSAGES.manufacturerSlugTaken] } });
    const empty = await call('POST', '/api/admin/v1/manufacturers/', { title: '' });
    expect(json(empty)).toEqual({ errors: { title: [MESSAGES.required] } });
    expect(
      (await call('POST', '/api/admin/v1/manufacturers/', { title: 'Менеджер' }, manager)).statusCode,
    ).toBe(403);

    const edit = await call('PATCH', `/api/admin/v1/manufacturers/${m.id}/`, {
      version: m.version,
      description: 'Запчасти для отечественных автомобилей',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const stale = await call('PATCH', `/api/admin/v1/manufacturers/${m.id}/`, {
      version: m.version,
      title: 'X',
    });
    expect(stale.statusCode).toBe(409);
    expect(json(stale)).toEqual({ errors: { detail: STRUCTURE_MESSAGES.manufacturerStale } });

    const boundary = '----podbor-test-boundary';
    const png = await sharp({ create: { width: 1600, height: 400, channels: 3, background: '#204080' } })
      .png()
      .toBuffer();
    const logo = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/v1/manufacturers/${m.id}/logo/`,
      headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(logo.statusCode, logo.body).toBe(201);
    const withLogo = json<AdminManufacturer>(logo);
    expect(withLogo.logo).toMatch(new RegExp(`/media/manufacturers/u/${m.id}-[0-9a-f]{16}\\.webp$`));
    const file = path.join(ctx.config.dataDir, new URL(withLogo.logo!, 'http://x').pathname);
    expect(existsSync(file)).toBe(true);
    expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: 600, height: 150 });
    const publicPage = json<{ logo: string | null; description: string }>(
      await call('GET', `/api/v1/catalog/manufacturers/${m.slug}/`),
    );
    expect(publicPage.description).toBe('Запчасти для отечественных автомобилей');
    expect(publicPage.logo).toMatch(/\/media\/manufacturers\/u\//);

    const used = (await list()).results.find((x) => x.products_count > 0)!;
    const refused = await call('DELETE', `/api/admin/v1/manufacturers/${used.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual({
      errors: { detail: STRUCTURE_MESSAGES.manufacturerHasProducts(used.products_count) },
    });
    const del = await call('DELETE', `/api/admin/v1/manufacturers/${m.id}/`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await call('GET', `/api/v1/catalog/manufacturers/${m.slug}/`)).statusCode).toBe(404);
    const actions = await rows<{ action: string }>(
      ctx,
      sql`select action from audit_log where entity = 'manufacturer' and entity_id = ${String(m.id)} order by id`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      'manufacturer.create',
      'manufacturer.update',
      'manufacturer.logo',
      'manufacturer.delete',
    ]);
  });
});
