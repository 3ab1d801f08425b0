import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, PRODUCT_EXPORT_COLUMNS } from '@podbor/contract';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { rows, user } from '../../../test/shop-helpers';

// Issue #15's products export: the product list's filters, the whole result as CSV for Russian Excel or XLSX,
// stock per branch (a manager's own branches only), and an audit entry per export.

let ctx: TestContext;
let admin: { authorization: string; userId: number };
let manager: { authorization: string; userId: number };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await user(ctx, 'admin');
  manager = await user(ctx, 'manager');
});
afterAll(() => ctx?.close());

const exportUrl = (query: string) => `${API_ROUTES.adminProductExport.path}?${query}`;
const get = (query: string, authorization = admin.authorization) =>
  ctx.app.inject({ method: 'GET', url: exportUrl(query), headers: { authorization } });

/** RFC 4180 with «;»: quoted fields may hold the separator, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      out.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) out.push([...row, field]);
  return out;
}

async function productCount(where = sql`true`): Promise<number> {
  const [r] = await rows<{ n: number | string }>(
    ctx,
    sql`select count(*) as n from products p where ${where}`,
  );
  return Number(r!.n);
}

const branchTitles = async (ids?: number[]) =>
  (
    await rows<{ title: string }>(
      ctx,
      sql`select title from branches where ${ids ? sql`id = any(${`{${ids.join(',')}}`}::int[])` : sql`true`}
          order by sort, title, id`,
    )
  ).map((b) => `${PRODUCT_EXPORT_COLUMNS.branchPrefix}${b.title}`);

describe('products export', () => {
  it('gives every product as CSV for Russian Excel, with stock per branch and an audit entry', async () => {
    const [p] = await rows<{ id: number }>(
      ctx,
      sql`select p.id from products p where p.is_active and exists (select 1 from stock s where s.product_id = p.id and s.quantity > s.reserved)
          order by p.id limit 1`,
    );
    const id = Number(p!.id);
    await ctx.handle.db.execute(
      sql`update products set title = ${'Масло 5W-30; "Супер"\nновое'}, article = ${'=1+2'} where id = ${id}`,
    );

    const res = await get('format=csv');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const table = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    const c = PRODUCT_EXPORT_COLUMNS;
    const branches = await branchTitles();
    expect(table[0]).toEqual([
      c.id,
      c.article,
      c.manufacturer,
      c.title,
      c.category,
      c.price,
      c.oldPrice,
      ...branches,
      c.total,
      c.url,
    ]);
    expect(table.length - 1).toBe(await productCount());
    expect(new Set(table.slice(1).map((r) => r[0])).size).toBe(table.length - 1);

    const line = table.find((r) => r[0] === String(id))!;
    expect(line[3]).toBe('Масло 5W-30; "Супер"\nновое');
    // A text Excel would run as a formula is kept as text.
    expect(line[1]).toBe("'=1+2");
    const [dbRow] = await rows<{ price: string | number; slug: string; path: string[] }>(
      ctx,
      sql`select p.price, p.slug, c.path from products p join categories c on c.id = p.category_id where p.id = ${id}`,
    );
    expect(line[5]).toBe(String(Number(dbRow!.price)).replace('.', ','));
    const stock = await rows<{ title: string; n: number | string }>(
      ctx,
      sql`select b.title, coalesce(sum(s.quantity - s.reserved), 0) as n from branches b
          left join warehouses w on w.branch_id = b.id left join stock s on s.warehouse_id = w.id and s.product_id = ${id}
          group by b.id, b.title, b.sort order by b.sort, b.title, b.id`,
    );
    expect(line.slice(7, 7 + branches.length)).toEqual(stock.map((s) => String(Number(s.n))));
    expect(line[7 + branches.length]).toBe(String(stock.reduce((a, s) => a + Number(s.n), 0)));
    expect(Number(line[7 + branches.length])).toBeGreaterThan(0);
    expect(line[8 + branches.length]).toMatch(
      new RegExp(`^${ctx.config.publicUrl}/catalog/.+/product_${dbRow!.slug}$`),
    );

    const audit = await rows<{ data: { format: string } }>(
      ctx,
      sql`select data from audit_log where action = 'product.export' and user_id = ${admin.userId}`,
    );
    expect(audit.map((a) => a.data.format)).toEqual(['csv']);
  });

  it('applies the list filters: search words or article, and a category with its subcategories', async () => {
    const [p] = await rows<{ id: number; article: string; category_id: number; parent_id: number | null }>(
      ctx,
      sql`select p.id, p.article, p.category_id, c.parent_id from products p join categories c on c.id = p.category_id
          where c.parent_id is not null and length(p.article) >= 4 order by p.id desc limit 1`,
    );
    const byArticle = parseCsv(
      (await get(`q=${encodeURIComponent(p!.article.toLowerCase())}`)).body.slice(1),
    );
    expect(byArticle.slice(1).map((r) => r[0])).toContain(String(p!.id));
    expect(byArticle.length - 1).toBeLessThan(await productCount());

    const parent = Number(p!.parent_id);
    const inTree = sql`p.category_id in (with recursive t as (select id from categories where id = ${parent}
      union all select c.id from categories c join t on c.parent_id = t.id) select id from t)`;
    const byCategory = parseCsv((await get(`category=${parent}`)).body.slice(1));
    expect(byCategory.length - 1).toBe(await productCount(inTree));
    expect(byCategory.length - 1).toBeGreaterThan(0);

    const none = parseCsv((await get('q=zzzzqqqq')).body.slice(1));
    expect(none).toHaveLength(1);
  });

  it('gives XLSX through the streaming writer', async () => {
    const res = await get('format=xlsx&q=масло');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/filename="products-.+\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Товары')!;
    const csv = parseCsv((await get('format=csv&q=масло')).body.slice(1));
    expect(sheet.rowCount).toBe(csv.length);
    expect(sheet.getRow(1).getCell(4).value).toBe(PRODUCT_EXPORT_COLUMNS.title);
    const second = sheet.getRow(2);
    expect(String(second.getCell(1).value)).toBe(csv[1]![0]);
    expect(second.getCell(4).value).toBe(csv[1]![3]);
    expect(typeof second.getCell(6).value).toBe('number');
  });

  it("shows a manager tied to branches only their branches' stock", async () => {
    const [b] = await rows<{ id: number }>(ctx, sql`select id from branches order by id limit 1`);
    await ctx.handle.db.execute(
      sql`insert into staff_branches (user_id, branch_id) values (${manager.userId}, ${Number(b!.id)})`,
    );
    const res = await get('format=csv&q=масло', manager.authorization);
    expect(res.statusCode).toBe(200);
    const [header] = parseCsv(res.body.slice(1));
    const c = PRODUCT_EXPORT_COLUMNS;
    expect(header!.slice(7)).toEqual([...(await branchTitles([Number(b!.id)])), c.total, c.url]);
  });

  it('refuses an unknown format with a Russian message', async () => {
    const res = await get('format=pdf');
    expect(res.statusCode).toBe(400);
    const body = json<{ errors: Record<string, string[]> }>(res);
    expect(body.errors.format).toEqual(['Формат выгрузки: csv или xlsx.']);
  });
});
