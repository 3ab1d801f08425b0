import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { CATALOG_MESSAGES, type AdminProduct } from '@podbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { rows, user } from '../../../test/shop-helpers';

// Issue #14: product editing in the back office. An edit is refused on a stale version, sanitised, audited, and
// shows at once on the storefront's cached answers (listing, product page, search, filters) of this process.

let ctx: TestContext;
let admin: string;
let adminId: number;
let manager: string;
let product: { id: number; slug: string; title: string; category: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const a = await user(ctx, 'admin');
  admin = a.authorization;
  adminId = a.userId;
  manager = (await user(ctx, 'manager')).authorization;
  // The most popular active product of a category listing (first on its page 1), not a service.
  const [p] = await rows<{ id: number; slug: string; title: string; category: string }>(
    ctx,
    sql`select p.id, p.slug, p.title, c.slug as category from products p join categories c on c.id = p.category_id
        where p.is_active and not p.is_service order by p.popularity desc, p.id limit 1`,
  );
  product = { ...p!, id: Number(p!.id) };
});
afterAll(() => ctx?.close());

const get = (authorization = admin) =>
  ctx.app.inject({ method: 'GET', url: `/api/admin/v1/products/${product.id}/`, headers: { authorization } });
const patch = (payload: object, authorization = admin) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/v1/products/${product.id}/`,
    headers: { authorization },
    payload,
  });
const current = async () => json<AdminProduct>(await get());

const listingPrice = async () => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/catalog/${product.category}/products/?size=100`,
    payload: { page: 1, sort: 'popular', order: 'desc' },
  });
  expect(res.statusCode).toBe(200);
  const hit = json<{ results: { slug: string; price: number }[] }>(res).results.find(
    (r) => r.slug === product.slug,
  );
  return hit?.price;
};
const pagePrice = async () =>
  json<{ price: number }>(
    await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${product.slug}/` }),
  ).price;
const priceRange = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/${product.category}/filters/` });
  const price = json<{ slug: string; min?: number; max?: number }[]>(res).find((f) => f.slug === 'price');
  return price;
};

describe('GET /api/admin/v1/products/{id}/', () => {
  it('gives every editable field, the stock of every warehouse and a version, to a manager too', async () => {
    const res = await get(manager);
    expect(res.statusCode, res.body).toBe(200);
    const p = json<AdminProduct>(res);
    expect(p).toMatchObject({ id: product.id, slug: product.slug, title: product.title });
    expect(p.url).toMatch(new RegExp(`/product_${product.slug}$`));
    expect(p.version).toMatch(/^[\w-]{10,}$/);
    const [w] = await rows<{ n: number }>(ctx, sql`select count(*)::int as n from warehouses`);
    expect(p.stock).toHaveLength(Number(w!.n));
  });

  it('404 for an unknown product', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/v1/products/2000000000/',
      headers: { authorization: admin },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('PATCH /api/admin/v1/products/{id}/', () => {
  it('a new price shows at once in the cached listing, product page, filters and search', async () => {
    const before = await current();
    // Warm every cache first: without invalidation they would answer the old price for 30–60 s.
    expect(await listingPrice()).toBe(before.price);
    expect(await pagePrice()).toBe(before.price);
    await priceRange();
    const search = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/v1/catalog/search/?query=${encodeURIComponent(before.article)}`,
      });
    await search();

    const newPrice = 987_654.32; // above every seeded price: it becomes the category's price maximum
    const res = await patch({ version: before.version, price: newPrice, old_price: null });
    expect(res.statusCode, res.body).toBe(200);
    const after = json<AdminProduct>(res);
    expect(after.price).toBe(newPrice);
    expect(after.version).not.toBe(before.version);

    expect(await listingPrice()).toBe(newPrice);
    expect(await pagePrice()).toBe(newPrice);
    expect((await priceRange())?.max).toBeGreaterThanOrEqual(newPrice);
    const found = json<{ products: { slug: string; price: number }[] }>(await search()).products;
    expect(found.find((p) => p.slug === product.slug)?.price).toBe(newPrice);
  });

  it('refuses an edit made on an older version with 409 and changes nothing', async () => {
    const before = await current();
    const first = await patch({ version: before.version, title: `${product.title} (новинка)` });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await patch({ version: before.version, price: 1 });
    expect(stale.statusCode).toBe(409);
    expect(json(stale)).toEqual({ errors: { detail: CATALOG_MESSAGES.stale } });
    expect((await current()).price).toBe(before.price);
  });

  it('sanitises description and installation HTML on the server', async () => {
    const { version } = await current();
    const res = await patch({
      version,
      description:
        '<h1>Заголовок</h1><p onclick="alert(1)">Текст <b>жирный</b></p><script>alert(1)</script>' +
        '<img src="https://evil.example/x.png"><img src="/media/products/oil-1.webp" alt="Масло"><iframe src="/"></iframe>',
      installation: '<a href="javascript:alert(1)">ссылка</a><style>p{}</style>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = json<AdminProduct>(res);
    expect(p.description).toBe(
      '<h2>Заголовок</h2><p>Текст <b>жирный</b></p><img src="/media/products/oil-1.webp" alt="Масло" />',
    );
    expect(p.installation).toBe('<a>ссылка</a>');
  });

  it('a new article is found by search in any spelling, and its stored normalised form follows', async () => {
    const { version } = await current();
    const res = await patch({ version, article: 'ZX-9817.44/B' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rows<{ article_normalized: string }>(
      ctx,
      sql`select article_normalized from products where id = ${product.id}`,
    );
    expect(row!.article_normalized).toBe('ZX981744B');
    const found = await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/search/?query=zx 9817 44b' });
    expect(json<{ products: { slug: string }[] }>(found).products[0]?.slug).toBe(product.slug);
  });

  it('writes the audit log with each changed field before → after', async () => {
    const before = await current();
    const res = await patch({ version: before.version, with_installation: !before.with_installation });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await rows<{ user_id: number; action: string; data: { changes: object } }>(
      ctx,
      sql`select user_id, action, data from audit_log where entity = 'product' and entity_id = ${String(product.id)}
          order by id desc limit 1`,
    );
    expect(entry).toMatchObject({
      user_id: adminId,
      action: 'product.update',
      data: {
        changes: {
          with_installation: { before: before.with_installation, after: !before.with_installation },
        },
      },
    });
  });

  it('hiding a product takes it out of the listing at once', async () => {
    const { version } = await current();
    await listingPrice();
    expect((await patch({ version, is_active: false })).statusCode).toBe(200);
    expect(await listingPrice()).toBeUndefined();
    const again = await current();
    expect((await patch({ version: again.version, is_active: true })).statusCode).toBe(200);
    expect(await listingPrice()).toBeDefined();
  });

  it('clear Russian errors for bad input, never a 500', async () => {
    const { version } = await current();
    const cases: [object, string][] = [
      [{ version, price: -1 }, 'price'],
      [{ version, price: 10.001 }, 'price'],
      [{ version, price: 100, old_price: 50 }, 'old_price'],
      [{ version, category_id: 2_000_000_000 }, 'category_id'],
      [{ version, manufacturer_id: 2_000_000_000 }, 'manufacturer_id'],
      [{ version, transports: [2_000_000_000] }, 'transports'],
      [{ version, analogues: [{ id: product.id }] }, 'analogues'],
      [{ version, images: ['/media/someone-elses.webp'] }, 'images'],
      [{ version, title: '   ' }, 'title'],
      [{ price: 100 }, 'version'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      const errors = json<{ errors: Record<string, string[]> }>(res).errors;
      expect(errors[field]?.[0], JSON.stringify(errors)).toMatch(/[А-Яа-я]/);
    }
  });

  it('a manager may read but not edit', async () => {
    const { version } = await current();
    expect((await patch({ version, price: 1 }, manager)).statusCode).toBe(403);
  });
});

describe('PUT /api/admin/v1/products/{id}/stock/', () => {
  const put = (items: object[]) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/v1/products/${product.id}/stock/`,
      headers: { authorization: admin },
      payload: { items },
    });

  it('sets on-hand quantities, shows them on the product page and audits them', async () => {
    const { stock } = await current();
    const target = stock[0]!;
    const res = await put([{ warehouse_id: target.warehouse_id, quantity: target.reserved + 7 }]);
    expect(res.statusCode, res.body).toBe(200);
    const row = json<{ warehouse_id: number; quantity: number }[]>(res).find(
      (s) => s.warehouse_id === target.warehouse_id,
    );
    expect(row?.quantity).toBe(target.reserved + 7);
    const [entry] = await rows<{ action: string; data: { warehouses: Record<string, object> } }>(
      ctx,
      sql`select action, data from audit_log where entity = 'product' and action = 'product.stock' order by id desc limit 1`,
    );
    expect(entry?.data.warehouses[String(target.warehouse_id)]).toEqual({
      before: target.quantity,
      after: target.reserved + 7,
    });
  });

  it('refuses less than the open orders hold, unknown and repeated warehouses', async () => {
    await ctx.handle.db.execute(
      sql`update stock set quantity = greatest(quantity, 3), reserved = 2
          where product_id = ${product.id} and warehouse_id = (select min(id) from warehouses)`,
    );
    const { stock } = await current();
    const held = stock.find((s) => s.reserved === 2)!;
    const below = await put([{ warehouse_id: held.warehouse_id, quantity: 1 }]);
    expect(below.statusCode).toBe(400);
    expect(json<{ errors: { items: string[] } }>(below).errors.items[0]).toContain(
      CATALOG_MESSAGES.belowReserved(2),
    );
    expect((await put([{ warehouse_id: 2_000_000_000, quantity: 1 }])).statusCode).toBe(400);
    const twice = await put([
      { warehouse_id: held.warehouse_id, quantity: 5 },
      { warehouse_id: held.warehouse_id, quantity: 6 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect((await put([{ warehouse_id: held.warehouse_id, quantity: -1 }])).statusCode).toBe(400);
  });
});

describe('POST /api/admin/v1/products/{id}/images/', () => {
  const upload = (file: Buffer, opts: { type?: string; name?: string; field?: string } = {}) => {
    const boundary = '----podbor-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'image'}"; filename="${opts.name ?? 'photo.jpg'}"\r\n` +
        `Content-Type: ${opts.type ?? 'image/jpeg'}\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/admin/v1/products/${product.id}/images/`,
      headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([head, file, tail]),
    });
  };

  it('stores a photo fitted into 1200 px as WebP in the media store and appends it to the product', async () => {
    const before = await current();
    const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#d83a2e' } })
      .jpeg()
      .toBuffer();
    const res = await upload(jpeg);
    expect(res.statusCode, res.body).toBe(201);
    const p = json<AdminProduct>(res);
    expect(p.images.length).toBe(before.images.length + 1);
    const added = p.images.at(-1)!;
    expect(added).toMatch(/\/media\/products\/u\/\d+-[0-9a-f]{16}\.webp$/);
    const file = path.join(ctx.config.dataDir, new URL(added, 'http://x').pathname);
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 800 });

    // Reorder and remove through PATCH, with the absolute URLs this client was given.
    const { version } = await current();
    const reordered = await patch({ version, images: [added] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const [row] = await rows<{ images: string[] }>(
      ctx,
      sql`select images from products where id = ${product.id}`,
    );
    expect(row!.images).toEqual([new URL(added, 'http://x').pathname]);
  });

  it('refuses what is not a picture whatever its name and type, an empty form and a non-multipart body', async () => {
    const fake = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      {
        type: 'image/png',
        name: 'x.png',
      },
    );
    expect(fake.statusCode).toBe(400);
    expect(json(fake)).toEqual({ errors: { image: [CATALOG_MESSAGES.imageType] } });
    expect((await upload(Buffer.alloc(0))).statusCode).toBe(400);
    const notMultipart = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/v1/products/${product.id}/images/`,
      headers: { authorization: admin },
      payload: {},
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(json(notMultipart)).toEqual({ errors: { image: [CATALOG_MESSAGES.imageMissing] } });
  });

  it('refuses a file over 10 MB with 413', async () => {
    const res = await upload(Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(res.statusCode).toBe(413);
    expect(json(res)).toEqual({ errors: { detail: CATALOG_MESSAGES.imageTooLarge } });
  });
});

describe('moving a product to another category and manufacturer', () => {
  it('lists it under the new category at once, not under the old one, with its new address and maker', async () => {
    const [p] = await rows<{ id: number; slug: string; category_id: number; from_slug: string }>(
      ctx,
      sql`select p.id, p.slug, p.category_id, c.slug as from_slug from products p
          join categories c on c.id = p.category_id
          where p.is_active and not p.is_service and p.id <> ${product.id} order by p.popularity desc limit 1`,
    );
    const [to] = await rows<{ id: number; slug: string }>(
      ctx,
      sql`select c.id, c.slug from categories c where c.id <> ${p!.category_id} and not c.is_service
          and not exists (select 1 from categories k where k.parent_id = c.id) order by c.id limit 1`,
    );
    const [maker] = await rows<{ id: number; title: string }>(
      ctx,
      sql`select m.id, m.title from manufacturers m order by m.id desc limit 1`,
    );
    const url = `/api/admin/v1/products/${p!.id}/`;
    const before = json<AdminProduct>(
      await ctx.app.inject({ method: 'GET', url, headers: { authorization: admin } }),
    );
    const listed = async (slug: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/catalog/${slug}/products/?size=100`,
        payload: { page: 1, sort: 'popular', order: 'desc' },
      });
      return json<{ results: { slug: string }[] }>(res).results.some((r) => r.slug === p!.slug);
    };
    expect(await listed(p!.from_slug)).toBe(true);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: { authorization: admin },
      payload: { version: before.version, category_id: Number(to!.id), manufacturer_id: Number(maker!.id) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = json<AdminProduct>(res);
    expect(after).toMatchObject({ category_id: Number(to!.id), manufacturer_id: Number(maker!.id) });
    expect(after.url).toContain(`/${to!.slug}/product_${p!.slug}`);
    expect(await listed(to!.slug)).toBe(true);
    expect(await listed(p!.from_slug)).toBe(false);
    const page = json<{ manufacturer: string | null }>(
      await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${p!.slug}/` }),
    );
    expect(page.manufacturer).toBe(maker!.title);
  });
});
