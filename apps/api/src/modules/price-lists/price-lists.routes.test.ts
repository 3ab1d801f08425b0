import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import {
  PRICE_LIST_MESSAGES,
  SUPPLIER_MESSAGES,
  type AdminBrandSynonym,
  type AdminBrandSynonymsResponse,
  type AdminImport,
  type AdminMarkupRule,
  type AdminPriceListPreview,
  type AdminSupplier,
} from '@podbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { rows, user } from '../../../test/shop-helpers';

// Issue #15: suppliers, their price lists and the `price-list` import job on this test's PGlite (the job engine
// started). A Windows-1251 `;` list with bad lines becomes offers with the markup rules applied, unmatched lines
// (unknown brand, unknown article) and error lines with their numbers; the next list removes the offers it no
// longer has.

let ctx: TestContext;
let admin: string;
let manager: string;

interface Product {
  id: number;
  article: string;
  brand: string;
  manufacturer_id: number;
}
let products: Product[];

beforeAll(async () => {
  ctx = await createTestContext({
    config: {
      jobs: { enabled: true, concurrency: 1, poolSize: 1, pollingSeconds: 0.5 },
      priceListBatchLines: 2,
    },
  });
  admin = (await user(ctx, 'admin')).authorization;
  manager = (await user(ctx, 'manager')).authorization;
  // Products of four different makers whose article is theirs alone.
  const found = await rows<Product>(
    ctx,
    sql`select distinct on (p.manufacturer_id) p.id, p.article, m.title as brand, p.manufacturer_id
        from products p join manufacturers m on m.id = p.manufacturer_id
        where p.article_normalized <> '' and m.title ~ '^[A-Za-z][A-Za-z ]+$'
          and not exists (select 1 from products q where q.article_normalized = p.article_normalized and q.id <> p.id)
        order by p.manufacturer_id, p.id limit 4`,
  );
  products = found.map((p) => ({ ...p, id: Number(p.id), manufacturer_id: Number(p.manufacturer_id) }));
  expect(products).toHaveLength(4);
});
afterAll(() => ctx?.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  authorization = admin,
) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization },
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
  });

const BOUNDARY = '----podbor-price-list-boundary';
function form(file: Buffer | undefined, name = 'price.csv', fields: Record<string, string> = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  if (file)
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const multipart = (url: string, payload: Buffer, authorization = admin) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { authorization, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  });

async function finished(id: number): Promise<AdminImport> {
  for (let i = 0; i < 300; i++) {
    const run = json<AdminImport>(await call('GET', `/api/admin/v1/imports/${id}/`));
    if (run.status === 'done' || run.status === 'failed') return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`import ${id} did not finish`);
}

const offers = (supplierId: number) =>
  rows<{
    product_id: number;
    purchase_price: string | number;
    price: string | number;
    quantity: number;
    delivery_days: number;
    import_id: number;
  }>(
    ctx,
    sql`select product_id, purchase_price, price, quantity, delivery_days, import_id from supplier_offers
        where supplier_id = ${supplierId} order by product_id`,
  );

const SETTINGS = {
  mapping: {
    article: 'Артикул',
    brand: 'Производитель',
    title: 'Наименование',
    price: 'Цена',
    quantity: 'Остаток',
  },
  file: {},
};

describe('suppliers', () => {
  it('refuses bad input in Russian, a taken title with 409, and lets a manager create and list', async () => {
    const bad = await call('POST', '/api/admin/v1/suppliers/', { title: '  ', default_delivery_days: 400 });
    expect(bad.statusCode).toBe(400);
    const errors = json<{ errors: Record<string, string[]> }>(bad).errors;
    expect(errors.title).toEqual(['Обязательное поле']);
    expect(errors.default_delivery_days).toEqual([SUPPLIER_MESSAGES.deliveryDays]);
    const badMapping = await call('POST', '/api/admin/v1/suppliers/', {
      title: 'Без цены',
      settings: { mapping: { article: 1, brand: 1, price: 3 } },
    });
    expect(badMapping.statusCode).toBe(400);
    expect(JSON.stringify(json(badMapping))).toContain(PRICE_LIST_MESSAGES.columnTwice);

    const created = await call('POST', '/api/admin/v1/suppliers/', { title: 'Автоконтинент' }, manager);
    expect(created.statusCode).toBe(201);
    const supplier = json<AdminSupplier>(created);
    expect(supplier).toMatchObject({
      default_delivery_days: 3,
      is_active: true,
      settings: null,
      offers_count: 0,
      last_import: null,
    });
    const dup = await call('POST', '/api/admin/v1/suppliers/', { title: 'автоконтинент' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup)).toEqual({ errors: { title: [SUPPLIER_MESSAGES.titleTaken] } });

    const list = json<AdminSupplier[]>(await call('GET', '/api/admin/v1/suppliers/', undefined, manager));
    expect(list.map((s) => s.title)).toContain('Автоконтинент');
    const missing = await call('PATCH', '/api/admin/v1/suppliers/999999/', { title: 'X' });
    expect(missing.statusCode).toBe(404);
    const gone = await call('DELETE', `/api/admin/v1/suppliers/${supplier.id}/`);
    expect(json(gone)).toEqual({ id: supplier.id });
    const audit = await rows<{ action: string }>(
      ctx,
      sql`select action from audit_log where entity = 'supplier' and entity_id = ${String(supplier.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['supplier.create', 'supplier.delete']);
  });
});

describe('markup rules and brand synonyms', () => {
  it('checks percent and band, and refuses a taken alias with 409', async () => {
    const low = await call('POST', '/api/admin/v1/markup-rules/', { percent: -100 });
    expect(json(low)).toEqual({ errors: { percent: [SUPPLIER_MESSAGES.percent] } });
    const band = await call('POST', '/api/admin/v1/markup-rules/', {
      percent: 10,
      price_from: 500,
      price_to: 100,
    });
    expect(json(band)).toEqual({ errors: { price_to: [SUPPLIER_MESSAGES.bandOrder] } });
    const unknown = await call('POST', '/api/admin/v1/markup-rules/', { percent: 10, supplier_id: 999999 });
    expect(json(unknown)).toEqual({ errors: { supplier_id: [SUPPLIER_MESSAGES.unknownSupplier] } });

    const empty = await call('POST', '/api/admin/v1/brand-synonyms/', {
      alias: '—',
      manufacturer_id: products[0]!.manufacturer_id,
    });
    expect(json(empty)).toEqual({ errors: { alias: [SUPPLIER_MESSAGES.aliasEmpty] } });
    const created = await call('POST', '/api/admin/v1/brand-synonyms/', {
      alias: 'Podbor-Alias',
      manufacturer_id: products[1]!.manufacturer_id,
    });
    expect(created.statusCode).toBe(201);
    expect(json<AdminBrandSynonym>(created)).toMatchObject({
      alias: 'Podbor-Alias',
      alias_key: 'PODBORALIAS',
      manufacturer: { id: products[1]!.manufacturer_id, title: products[1]!.brand },
    });
    const taken = await call('POST', '/api/admin/v1/brand-synonyms/', {
      alias: 'podbor alias',
      manufacturer_id: products[2]!.manufacturer_id,
    });
    expect(taken.statusCode).toBe(409);
    expect(json(taken)).toEqual({ errors: { alias: [SUPPLIER_MESSAGES.aliasTaken(products[1]!.brand)] } });
    const found = json<AdminBrandSynonymsResponse>(
      await call('GET', '/api/admin/v1/brand-synonyms/?q=alias', undefined, manager),
    );
    expect(found.results.map((s) => s.alias)).toEqual(['Podbor-Alias']);
  });
});

describe('price lists', () => {
  let supplier: AdminSupplier;
  let firstRun: AdminImport;

  it('previews a UTF-8 `,` CSV for the mapping form', async () => {
    const csv = Buffer.from(
      'Прайс ООО «Ромашка» на сегодня\nАртикул,Производитель,Наименование,"Цена, руб.",Остаток\nOC 90,MAHLE,Фильтр,"1 234,50",5\n',
    );
    const res = await multipart('/api/admin/v1/price-lists/preview/', form(csv, 'price.csv'), manager);
    expect(res.statusCode).toBe(200);
    const preview = json<AdminPriceListPreview>(res);
    expect(preview).toMatchObject({ format: 'csv', encoding: 'utf-8', delimiter: ',' });
    expect(preview.header).toEqual(['Артикул', 'Производитель', 'Наименование', 'Цена, руб.', 'Остаток']);
    expect(preview.rows).toHaveLength(3);
    expect(preview.suggested).toEqual({
      article: 'Артикул',
      brand: 'Производитель',
      title: 'Наименование',
      price: 'Цена, руб.',
      quantity: 'Остаток',
    });
    const png = await multipart('/api/admin/v1/price-lists/preview/', form(Buffer.from('x'), 'photo.png'));
    expect(json(png)).toEqual({ errors: { file: [SUPPLIER_MESSAGES.fileType] } });
  });

  it('refuses a CSV for a supplier without settings, and an inactive supplier', async () => {
    const bare = json<AdminSupplier>(
      await call('POST', '/api/admin/v1/suppliers/', { title: 'Без настроек' }),
    );
    const res = await multipart(
      `/api/admin/v1/suppliers/${bare.id}/price-list/`,
      form(Buffer.from('a;b;c\n1;2;3\n')),
    );
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ errors: { file: [SUPPLIER_MESSAGES.noSettings] } });
    await call('PATCH', `/api/admin/v1/suppliers/${bare.id}/`, { is_active: false });
    const off = await multipart(
      `/api/admin/v1/suppliers/${bare.id}/price-list/`,
      form(Buffer.from('a;b;c\n')),
    );
    expect(off.statusCode).toBe(409);
    expect(json(off)).toEqual({ errors: { detail: SUPPLIER_MESSAGES.inactive } });
  });

  it('imports a Windows-1251 `;` list: markup, synonyms, cheapest duplicate, unmatched and error lines', async () => {
    const [p0, p1, p2, p3] = products as [Product, Product, Product, Product];
    supplier = json<AdminSupplier>(
      await call('POST', '/api/admin/v1/suppliers/', {
        title: 'Росско',
        default_delivery_days: 4,
        settings: SETTINGS,
      }),
    );
    // 20 % on everything of this supplier, 50 % on p0's brand with this supplier.
    const all = json<AdminMarkupRule>(
      await call('POST', '/api/admin/v1/markup-rules/', { supplier_id: supplier.id, percent: 20 }),
    );
    await call('POST', '/api/admin/v1/markup-rules/', {
      supplier_id: supplier.id,
      manufacturer_id: p0.manufacturer_id,
      percent: 50,
    });
    expect(all.percent).toBe(20);
    const lines = [
      'Артикул;Производитель;Наименование;Цена;Остаток', // 1
      `${p0.article};${p0.brand.toLowerCase()};Первый;100,00;7`, // 2: 50 %
      `${p1.article};Podbor Alias;Второй;200;`, // 3: through the synonym, quantity empty → 0
      `${p2.article};${p2.brand};Третий дорогой;300;много`, // 4
      `${p2.article};${p2.brand};Третий дешёвый;250;2`, // 5: the cheaper one wins
      `${p3.article};Неизвестный бренд;Четвёртый;10;1`, // 6: unmatched brand
      `NO-SUCH-ART-42;${p3.brand};Пятый;10;1`, // 7: unmatched article
      `${p3.article};${p3.brand};Без цены;;1`, // 8: error, no price
      `${p3.article};${p3.brand};Текст;10;уточняйте`, // 9: error, text in quantity
    ];
    const file = iconv.encode(lines.join('\r\n'), 'win1251');
    const res = await multipart(
      `/api/admin/v1/suppliers/${supplier.id}/price-list/`,
      form(file, 'rossko.csv'),
      manager,
    );
    expect(res.statusCode).toBe(202);
    const queued = json<AdminImport>(res);
    expect(queued).toMatchObject({ kind: 'price-list', supplier: { id: supplier.id, title: 'Росско' } });
    firstRun = await finished(queued.id);
    expect(firstRun).toMatchObject({ status: 'done', lines_total: 8, lines_done: 8, errors_count: 2 });
    expect(firstRun.summary).toMatchObject({
      matched: 4,
      unmatched: 2,
      offers_added: 3,
      offers_updated: 0,
      offers_removed: 0,
    });
    const written = (await offers(supplier.id)).map((o) => ({
      product_id: Number(o.product_id),
      purchase: Number(o.purchase_price),
      price: Number(o.price),
      quantity: o.quantity,
      days: o.delivery_days,
    }));
    expect(written).toEqual(
      [
        { product_id: p0.id, purchase: 100, price: 150, quantity: 7, days: 4 },
        { product_id: p1.id, purchase: 200, price: 240, quantity: 0, days: 4 },
        { product_id: p2.id, purchase: 250, price: 300, quantity: 2, days: 4 },
      ].sort((a, b) => a.product_id - b.product_id),
    );

    const report = await call('GET', `/api/admin/v1/imports/${queued.id}/errors/`);
    const reportLines = report.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(reportLines.slice(1).map((l) => l.split(';')[0])).toEqual(['8', '9']);
    expect(reportLines[1]).toContain(PRICE_LIST_MESSAGES.priceMissing);
    expect(reportLines[2]).toContain(PRICE_LIST_MESSAGES.quantityNotNumber);

    const unmatched = await call('GET', `/api/admin/v1/imports/${queued.id}/unmatched/`, undefined, manager);
    expect(unmatched.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(unmatched.body.startsWith('\uFEFF')).toBe(true);
    expect(
      unmatched.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual([
      'Строка;Артикул;Бренд;Наименование;Цена;Причина',
      `6;${p3.article};Неизвестный бренд;Четвёртый;10,00;Бренд не найден в каталоге`,
      `7;NO-SUCH-ART-42;${p3.brand};Пятый;10,00;Артикул не найден у этого бренда`,
    ]);

    const listed = json<AdminSupplier[]>(await call('GET', '/api/admin/v1/suppliers/')).find(
      (s) => s.id === supplier.id,
    )!;
    expect(listed.offers_count).toBe(3);
    expect(listed.last_import).toMatchObject({
      id: queued.id,
      status: 'done',
      lines_done: 8,
      errors_count: 2,
    });
  });

  it('removes the offers the next list no longer has', async () => {
    const [p0] = products as [Product];
    const csv = Buffer.from(
      `Артикул,Производитель,Наименование,Цена,Остаток\n${p0.article},${p0.brand},Первый,120,3\n`,
    );
    const res = await multipart(
      `/api/admin/v1/suppliers/${supplier.id}/price-list/`,
      form(csv, 'rossko-2.csv'),
    );
    expect(res.statusCode).toBe(202);
    const run = await finished(json<AdminImport>(res).id);
    expect(run.status).toBe('done');
    expect(run.summary).toMatchObject({ matched: 1, offers_added: 0, offers_updated: 1, offers_removed: 2 });
    const left = await offers(supplier.id);
    expect(left.map((o) => [Number(o.product_id), Number(o.price), o.import_id])).toEqual([
      [p0.id, 180, run.id],
    ]);
    expect(firstRun.id).not.toBe(run.id);
  });
  it('keeps the cheapest line of a product repeated across batches, and counts each offer once', async () => {
    const [p0, p1] = products as [Product, Product];
    // Batches of 2 data lines: p0 at 300 then 250 (cheaper, a later batch) then 280; p1 at 200 then 260.
    const csv = Buffer.from(
      [
        'Артикул,Производитель,Наименование,Цена,Остаток',
        `${p0.article},${p0.brand},Первый,300,1`,
        `${p1.article},${p1.brand},Второй,200,1`,
        `${p0.article},${p0.brand},Первый дешевле,250,2`,
        `${p1.article},${p1.brand},Второй дороже,260,1`,
        `${p0.article},${p0.brand},Первый снова,280,3`,
      ].join('\n'),
    );
    const res = await multipart(
      `/api/admin/v1/suppliers/${supplier.id}/price-list/`,
      form(csv, 'rossko-3.csv'),
    );
    const run = await finished(json<AdminImport>(res).id);
    expect(run.status).toBe('done');
    // p0 came from the previous run (updated once, not once per cheaper line); p1 was removed by it (added).
    expect(run.summary).toMatchObject({ matched: 5, offers_added: 1, offers_updated: 1, offers_removed: 0 });
    const now = await offers(supplier.id);
    expect(now.map((o) => [Number(o.product_id), Number(o.purchase_price), o.quantity, o.import_id])).toEqual(
      [
        [p0.id, 250, 2, run.id],
        [p1.id, 200, 1, run.id],
      ].sort((a, b) => a[0]! - b[0]!),
    );
  });

  it('matches an article two products of one maker share to the older product', async () => {
    const [, , , p3] = products as [Product, Product, Product, Product];
    // A newer product of p3's maker gets p3's article: the line must still go to p3, the first one.
    const [twin] = await rows<{ id: number }>(
      ctx,
      sql`update products set article = ${p3.article}, article_normalized = (select article_normalized from products where id = ${p3.id})
          where id = (select max(id) from products where manufacturer_id = ${p3.manufacturer_id} and id > ${p3.id})
          returning id`,
    );
    expect(twin).toBeDefined();
    const csv = Buffer.from(
      `Артикул,Производитель,Наименование,Цена,Остаток\n${p3.article},${p3.brand},Четвёртый,90,5\n`,
    );
    const res = await multipart(
      `/api/admin/v1/suppliers/${supplier.id}/price-list/`,
      form(csv, 'rossko-4.csv'),
    );
    const run = await finished(json<AdminImport>(res).id);
    expect(run.summary).toMatchObject({ matched: 1, offers_added: 1 });
    expect((await offers(supplier.id)).map((o) => Number(o.product_id))).toEqual([p3.id]);
  });
});
