import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_1C_MESSAGES as M } from '@podbor/contract';
import { createUser, nextIp } from './auth-helpers';
import {
  importXml,
  joinXml,
  makeZip,
  offersXml,
  productArticle,
  productId,
  retailPrice,
  stockFor,
  toWindows1251,
} from './commerceml-fixtures';
import { OneCClient } from './exchange-1c-client';
import type { TestContext } from './helpers';
import { orderBody, orderShop, rows, visitor, type Place } from './shop-helpers';

// Issue #15, must show: the 1C exchange spoken step by step the way 1C does it, on generated CommerceML packages
// (300 products in nested groups with properties and makers, two price types, two warehouses of the shop and one
// it does not know), plain and zipped; and each bad case gets the protocol's `failure` with a reason, with no
// data lost, half-applied or duplicated.

let ctx: TestContext;
let where: Place;
let cash: number;
let admin: { phone: string; password: string };
let manager: { phone: string; password: string };
const N = 300;
let warehouses: { id: string; title: string }[];

beforeAll(async () => {
  // Small parts and batches, so a 300-product package takes several parts and several import steps.
  ({ ctx, where, cash } = await orderShop({
    exchange1c: { fileLimit: 64 * 1024, priceType: '', batch: 100, sessionHours: 1 },
  }));
  const a = await createUser(ctx);
  const m = await createUser(ctx);
  await ctx.handle.db.execute(sql`update users set role = 'admin' where id = ${a.id}`);
  await ctx.handle.db.execute(sql`update users set role = 'manager' where id = ${m.id}`);
  admin = a;
  manager = m;
  const [w1, w2] = where.branches.map((b) => b.warehouseId);
  await ctx.handle.db.execute(sql`update warehouses set external_id = 'wh-1' where id = ${w1!}`);
  await ctx.handle.db.execute(sql`update warehouses set external_id = 'wh-2' where id = ${w2!}`);
  warehouses = [
    { id: 'wh-1', title: 'Склад 1' },
    { id: 'wh-2', title: 'Склад 2' },
    { id: 'wh-nowhere', title: 'Склад, которого нет на сайте' },
  ];
  // Orders of the seed are not this suite's business: 1C has taken them.
  await ctx.handle.db.execute(sql`update orders set exchanged_version = version`);
}, 60_000);
afterAll(() => ctx?.close());

/** What a package decides, as one comparable value: every 1C product with its fields, price, stock, properties. */
async function snapshot() {
  return rows<Record<string, unknown>>(
    ctx,
    sql`select p.external_id, p.title, p.article, p.is_active, p.price::text, c.external_id as grp, c.path,
          m.external_id as maker, p.images,
          (select string_agg(w.external_id || ':' || s.quantity, ',' order by w.external_id) from stock s
             join warehouses w on w.id = s.warehouse_id where s.product_id = p.id) as stock,
          (select string_agg(pr.external_id || '=' || coalesce(pv.value, ppv.num_value::text), ',' order by pr.external_id)
             from product_property_values ppv join properties pr on pr.id = ppv.property_id
             left join property_values pv on pv.id = ppv.value_id where ppv.product_id = p.id) as props
        from products p join categories c on c.id = p.category_id left join manufacturers m on m.id = p.manufacturer_id
        where p.external_id is not null order by p.external_id`,
  );
}

const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(ctx, query))[0]?.n);

async function catalogSession(): Promise<OneCClient> {
  const client = new OneCClient(ctx.app, 'catalog');
  expect((await client.checkauth(admin.phone, admin.password)).lines[0]).toBe('success');
  const init = await client.init();
  expect(init.lines).toEqual(['zip=yes', `file_limit=${64 * 1024}`]);
  return client;
}

/** Uploads and imports both files of a package (zipped when asked); the final answers of import. */
async function exchange(files: { name: string; data: Buffer }[], zip = false) {
  const client = await catalogSession();
  if (zip) await client.upload('package.zip', makeZip(files));
  else for (const f of files) await client.upload(f.name, f.data);
  const results: string[][] = [];
  for (const f of files.filter((x) => x.name.endsWith('.xml'))) {
    const answers = await client.importFile(f.name);
    results.push(answers[answers.length - 1]!.lines);
    expect(answers.slice(0, -1).every((a) => a.lines[0] === 'progress')).toBe(true);
  }
  return { client, results };
}

const fullPackage = (extra: Partial<Parameters<typeof importXml>[0]> = {}) => [
  { name: 'import.xml', data: joinXml(importXml({ count: N, ...extra })) },
  { name: 'offers.xml', data: joinXml(offersXml({ count: N, warehouses, ...extra })) },
];

describe('1C exchange: signing in', () => {
  it('refuses a wrong password, a manager and a call without the session cookie, in the protocol’s words', async () => {
    const client = new OneCClient(ctx.app, 'catalog');
    const wrong = await client.checkauth(admin.phone, 'not-the-password');
    expect(wrong.lines).toEqual(['failure', M.authFailed]);
    expect(wrong.contentType).toContain('text/plain');
    expect((await client.checkauth(manager.phone, manager.password)).lines).toEqual([
      'failure',
      M.roleRequired,
    ]);
    expect((await client.init()).lines).toEqual(['failure', M.sessionMissing]);
    const ok = await client.checkauth(admin.phone, admin.password);
    expect(ok.lines.slice(0, 2)).toEqual(['success', 'podbor_1c']);
    expect(ok.lines[2]).toMatch(/^[\w-]{20,}$/);
    // A catalogue session does not answer the sale side.
    const sale = Object.assign(Object.create(OneCClient.prototype) as OneCClient, client, { type: 'sale' });
    expect((await sale.query()).lines).toEqual(['failure', M.sessionType]);
  });
});

describe('1C exchange: catalogue', () => {
  it('imports a full package sent in parts: groups, properties, makers, products, prices and stock per warehouse', async () => {
    const { results } = await exchange(fullPackage());
    expect(results[0]![0]).toBe('success');
    expect(results[1]![0]).toBe('success');
    expect(results[1]!.join('\n')).toContain('Склад, которого нет на сайте (wh-nowhere)');

    expect(
      await count(sql`select count(*)::int as n from products where external_id like 'prod-%' and is_active`),
    ).toBe(N);
    const [oil] = await rows<{ path: string[]; depth: number }>(
      ctx,
      sql`select path, depth from categories where external_id = 'grp-oil'`,
    );
    expect(oil?.depth).toBe(2);
    expect(oil?.path).toHaveLength(3);
    const [p7] = await rows<Record<string, unknown>>(
      ctx,
      sql`select p.article, p.article_normalized, p.price::float8 as price, m.title as maker, c.external_id as grp
          from products p join manufacturers m on m.id = p.manufacturer_id join categories c on c.id = p.category_id
          where p.external_id = ${productId(7)}`,
    );
    expect(p7).toEqual({
      article: productArticle(7),
      article_normalized: productArticle(7).replace('-', ''),
      price: retailPrice(7),
      maker: 'MANN-FILTER 1C',
      grp: 'grp-engine',
    });
    const stock = await rows<{ wh: string; quantity: number }>(
      ctx,
      sql`select w.external_id as wh, s.quantity from stock s join warehouses w on w.id = s.warehouse_id
          join products p on p.id = s.product_id where p.external_id = ${productId(7)} order by 1`,
    );
    expect(stock).toEqual([
      { wh: 'wh-1', quantity: stockFor(7, 0) },
      { wh: 'wh-2', quantity: stockFor(7, 1) },
    ]);
    const props = (await snapshot()).find((r) => r.external_id === productId(7));
    expect(props?.props).toBe('prop-diam=57.500,prop-side=side-l');
    // The storefront's search finds the new article at once.
    const res = await ctx.app.inject({ url: `/api/v1/catalog/search/?query=${productArticle(7)}` });
    expect(res.body).toContain(`Деталь 1С №7`);
    // The exchange is in the audit log.
    expect(await count(sql`select count(*)::int as n from audit_log where action = 'exchange.import'`)).toBe(
      2,
    );
  });

  it('a repeated package (zipped this time, with a picture) duplicates nothing and leaves the same state', async () => {
    const before = await snapshot();
    const groups = await count(sql`select count(*)::int as n from categories`);
    const makers = await count(sql`select count(*)::int as n from manufacturers`);
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const pictures = new Map([[3, 'import_files/ab/picture-3.png']]);
    const files = [
      { name: 'import.xml', data: joinXml(importXml({ count: N, pictures })) },
      { name: 'offers.xml', data: joinXml(offersXml({ count: N, warehouses })) },
      { name: 'import_files/ab/picture-3.png', data: picture },
    ];
    const { results } = await exchange(files, true);
    expect(results.map((r) => r[0])).toEqual(['success', 'success']);
    const after = await snapshot();
    const withPicture = after.find((r) => r.external_id === productId(3));
    expect(withPicture?.images).toEqual([
      expect.stringMatching(/^\/media\/products\/1c\/1c-[0-9a-f]{20}\.webp$/),
    ]);
    expect(after.map((r) => (r.external_id === productId(3) ? { ...r, images: [] } : r))).toEqual(before);
    expect(await count(sql`select count(*)::int as n from categories`)).toBe(groups);
    expect(await count(sql`select count(*)::int as n from manufacturers`)).toBe(makers);
    // Once more: the same picture is the same file, and nothing is written at all — no product, property value or
    // stock row gets a new version (an unchanged row costs no write and no GIN index entries).
    const versions = () =>
      rows<{ t: string; n: number; x: string }>(
        ctx,
        sql`select 'p' as t, count(*)::int as n, string_agg(p.xmin::text, ',' order by p.id) as x
            from products p where p.external_id is not null
            union all
            select 'v', count(*)::int, string_agg(v.xmin::text, ',' order by v.product_id, v.property_id)
            from product_property_values v join products p on p.id = v.product_id where p.external_id is not null
            union all
            select 's', count(*)::int, string_agg(s.xmin::text, ',' order by s.product_id, s.warehouse_id)
            from stock s join products p on p.id = s.product_id where p.external_id is not null`,
      );
    const unchanged = await versions();
    expect(unchanged.map((r) => r.n)).toEqual([N, 2 * N, 2 * N]);
    await exchange(files, true);
    expect((await snapshot()).find((r) => r.external_id === productId(3))?.images).toEqual(
      withPicture?.images,
    );
    expect(await versions()).toEqual(unchanged);
  });

  it('an incremental package changes only what it names; a full one switches off the products it leaves out', async () => {
    const before = await snapshot();
    const { results } = await exchange([
      {
        name: 'import.xml',
        data: joinXml(importXml({ count: 12, onlyChanges: true, titleSuffix: ' (изм.)' })),
      },
      {
        name: 'offers.xml',
        data: joinXml(offersXml({ count: 12, onlyChanges: true, warehouses, priceShift: 10 })),
      },
    ]);
    expect(results.map((r) => r[0])).toEqual(['success', 'success']);
    const after = await snapshot();
    expect(after).toHaveLength(before.length);
    expect(after.filter((r) => String(r.title).endsWith(' (изм.)'))).toHaveLength(12);
    expect(after.find((r) => r.external_id === productId(11))?.price).toBe(retailPrice(11, 10).toFixed(2));
    expect(after.slice(12)).toEqual(before.slice(12));

    const full = await exchange([
      { name: 'import.xml', data: joinXml(importXml({ count: N - 50 })) },
      { name: 'offers.xml', data: joinXml(offersXml({ count: N - 50, warehouses })) },
    ]);
    expect(full.results[0]!.join('\n')).toContain(
      'Снято с продажи товаров, которых нет в полной выгрузке: 50',
    );
    expect(
      await count(
        sql`select count(*)::int as n from products where external_id like 'prod-%' and not is_active`,
      ),
    ).toBe(50);
    // Those 50 have no stock left in the package's warehouses.
    expect(
      await count(sql`select coalesce(sum(s.quantity), 0)::int as n from stock s join products p on p.id = s.product_id
                      where p.external_id like 'prod-%' and not p.is_active`),
    ).toBe(0);
    // Back to the full 300 for the next cases.
    await exchange(fullPackage());
  });

  it('a windows-1251 file is read in its encoding', async () => {
    const xml = [...importXml({ count: 3, onlyChanges: true, titleSuffix: ' (1251)' })]
      .join('')
      .replace('encoding="UTF-8"', 'encoding="windows-1251"');
    const { results } = await exchange([{ name: 'import.xml', data: toWindows1251(xml) }]);
    expect(results[0]![0]).toBe('success');
    const titles = (await snapshot()).filter((r) => String(r.title).endsWith(' (1251)')).map((r) => r.title);
    expect(titles).toEqual(['Деталь 1С №0 (1251)', 'Деталь 1С №1 (1251)', 'Деталь 1С №2 (1251)']);
  });

  it('broken XML, an unknown encoding, a missing part, a missing file and a bad name fail with a reason, applying nothing', async () => {
    const before = await snapshot();
    const categories = await count(sql`select count(*)::int as n from categories`);
    const changed = joinXml(importXml({ count: N, titleSuffix: ' (не должно попасть)' }));

    const broken = await exchange([{ name: 'import.xml', data: changed.subarray(0, changed.length - 200) }]);
    expect(broken.results[0]![0]).toBe('failure');
    expect(broken.results[0]![1]).toContain(M.xmlBroken);
    // Asked again, the same answer.
    expect((await broken.client.importFile('import.xml'))[0]!.lines[0]).toBe('failure');

    const alien = Buffer.from(changed.toString('utf8').replace('encoding="UTF-8"', 'encoding="x-martian-8"'));
    const encoding = await exchange([{ name: 'import.xml', data: alien }]);
    expect(encoding.results[0]).toEqual(['failure', `${M.encodingUnknown}x-martian-8`]);

    // An interrupted upload: the second of the parts never arrived.
    const client = await catalogSession();
    await client.upload('import.xml', changed, 64 * 1024, 1);
    const interrupted = await client.importFile('import.xml');
    expect(interrupted[interrupted.length - 1]!.lines[0]).toBe('failure');
    expect(interrupted[interrupted.length - 1]!.lines[1]).toContain(M.xmlBroken);

    expect((await client.importFile('offers.xml'))[0]!.lines).toEqual([
      'failure',
      `${M.fileMissing}offers.xml`,
    ]);
    expect((await client.upload('../../etc/import.xml', Buffer.from('x')))[0]!.lines).toEqual([
      'failure',
      `${M.filenameInvalid} ../../etc/import.xml`,
    ]);
    expect((await client.importFile('../import.xml'))[0]!.lines[0]).toBe('failure');

    expect(await snapshot()).toEqual(before);
    expect(await count(sql`select count(*)::int as n from categories`)).toBe(categories);
    expect(await count(sql`select count(*)::int as n from exchange_staging`)).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from audit_log where action = 'exchange.import_failed'`),
    ).toBeGreaterThanOrEqual(3);
  });

  it('the planner knows the staged records before the first batch (statistics, not a guess)', async () => {
    // Without statistics of the freshly staged rows the first batch's plan scanned them all per row; the staging
    // call analyses exchange_staging in its transaction, so its row estimate counts the staged package.
    const client = await catalogSession();
    await client.upload('import.xml', joinXml(importXml({ count: N, onlyChanges: true })));
    const [staging] = await client.importFile('import.xml', 1);
    expect(staging!.lines[0]).toBe('progress');
    const staged = await count(sql`select count(*)::int as n from exchange_staging`);
    expect(staged).toBeGreaterThan(N);
    expect(
      await count(sql`select reltuples::int as n from pg_class where relname = 'exchange_staging'`),
    ).toBeGreaterThanOrEqual(staged);
    const answers = await client.importFile('import.xml');
    expect(answers[answers.length - 1]!.lines[0]).toBe('success');
    expect(await count(sql`select count(*)::int as n from exchange_staging`)).toBe(0);
  });
});

describe('1C exchange: orders', () => {
  it('hands new orders to 1C once, takes status changes back through the order rules and refuses illegal ones', async () => {
    const [p] = await rows<{ slug: string }>(
      ctx,
      sql`select slug from products where external_id = ${productId(5)}`,
    );
    // A second line «под заказ»: a supplier's offer (issue #15) for another 1C product.
    const [q] = await rows<{ id: number; slug: string }>(
      ctx,
      sql`select id, slug from products where external_id = ${productId(6)}`,
    );
    const [s] = await rows<{ id: number }>(
      ctx,
      sql`insert into suppliers (title) values ('Автодеталь & Ко') returning id`,
    );
    await ctx.handle.db.execute(
      sql`insert into supplier_offers (supplier_id, product_id, purchase_price, price, quantity, delivery_days,
            multiplicity, supplier_article, supplier_brand)
          values (${s!.id}, ${q!.id}, 812.4, 990, 10, 4, 1, 'A1', 'B')`,
    );
    const v = await visitor(ctx);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/orders/',
      remoteAddress: nextIp(),
      headers: { authorization: v.authorization },
      payload: orderBody(where.branches[0]!.id, cash, [], {
        cart: [
          { slug: p!.slug, quantity: 2, with_installation: false },
          { slug: q!.slug, quantity: 3, with_installation: false, supplier_id: s!.id },
        ],
      }),
    });
    expect(placed.statusCode).toBe(201);
    const [order] = await rows<{ id: number; number: string }>(
      ctx,
      sql`select id, number from orders order by id desc limit 1`,
    );
    expect(order).toBeDefined();

    const sale = new OneCClient(ctx.app, 'sale');
    expect((await sale.checkauth(admin.phone, admin.password)).lines[0]).toBe('success');
    expect((await sale.init()).lines[0]).toBe('zip=yes');
    const doc = await sale.query();
    expect(doc.contentType).toContain('xml');
    expect(doc.body).toContain(`<Номер>${order!.number}</Номер>`);
    expect(doc.body).toContain('<ХозОперация>Заказ товара</ХозОперация>');
    expect(doc.body).toContain(`<Ид>${productId(5)}</Ид>`);
    expect(doc.body).toContain(
      `<ЦенаЗаЕдиницу>${retailPrice(5).toFixed(2)}</ЦенаЗаЕдиницу><Количество>2</Количество>`,
    );
    // Which lines are supplier offers «под заказ»: requisites of the line, own stock says so too.
    const lines = [...doc.body.matchAll(/<Товар><Ид>([^<]+)<\/Ид>.*?<\/Товар>/g)];
    const own = lines.find((m) => m[1] === productId(5))?.[0];
    const onOrder = lines.find((m) => m[1] === productId(6))?.[0];
    const req = (name: string, value: string) =>
      `<ЗначениеРеквизита><Наименование>${name}</Наименование><Значение>${value}</Значение></ЗначениеРеквизита>`;
    expect(own).toContain(req('Под заказ', 'false'));
    expect(own).not.toContain('Поставщик');
    const [expected] = await rows<{ day: string }>(
      ctx,
      sql`select expected_at::text as day from order_items where order_id = ${order!.id} and supplier_id = ${s!.id}`,
    );
    expect(expected?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(onOrder).toContain('<ЦенаЗаЕдиницу>990.00</ЦенаЗаЕдиницу><Количество>3</Количество>');
    expect(onOrder).toContain(
      req('Под заказ', 'true') +
        req('Поставщик', 'Автодеталь &amp; Ко') +
        req('Закупочная цена', '812.40') +
        req('Срок поставки, дней', '4') +
        req('Ожидается', expected!.day),
    );
    expect((await sale.success()).lines).toEqual(['success']);
    expect((await sale.query()).body).not.toContain(order!.number);

    const statusDoc = (status: string) =>
      Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.08"><Документ><Ид>${order!.number}</Ид><Номер>${order!.number}</Номер><ХозОперация>Заказ товара</ХозОперация><ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Статус заказа</Наименование><Значение>${status}</Значение></ЗначениеРеквизита></ЗначенияРеквизитов></Документ></КоммерческаяИнформация>`,
      );
    expect((await sale.sendFile('orders.xml', statusDoc('Готов к выдаче'))).lines).toEqual(['success']);
    const [moved] = await rows<{ status: string }>(
      ctx,
      sql`select status from orders where id = ${order!.id}`,
    );
    expect(moved?.status).toBe('ready');
    expect(
      await count(
        sql`select count(*)::int as n from audit_log where action = 'order.status' and entity_id = ${String(order!.id)}`,
      ),
    ).toBe(1);

    const illegal = await sale.sendFile('orders.xml', statusDoc('Новый'));
    expect(illegal.lines[0]).toBe('failure');
    expect(illegal.lines[1]).toBe(`${M.statusIllegal}${order!.number}: ready → new`);
    const unknown = await sale.sendFile('orders.xml', statusDoc('Потерян'));
    expect(unknown.lines[1]).toContain(`${M.statusUnknown}«Потерян»`);
    // A change 1C made itself is not sent back to it.
    expect((await sale.query()).body).not.toContain(order!.number);
  });
});
