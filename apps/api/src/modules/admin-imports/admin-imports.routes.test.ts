import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { IMPORT_MESSAGES, type AdminImport } from '@podbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { rows, user } from '../../../test/shop-helpers';
import { runImport } from './admin-imports.service';

// Issue #15: fitment and cross-reference imports run as background jobs. The engine (pg-boss on this test's
// PGlite) is started here: an upload is answered 202 at once, the job applies the file in batches, bad lines
// land in the error report with their line numbers, the same file again adds nothing, and a run cut off between
// batches resumes from its checkpoint with exact counts.

let ctx: TestContext;
let admin: string;
let adminId: number;
let manager: string;

interface Product {
  id: number;
  article: string;
  brand: string;
}
interface Vehicle {
  brand: string;
  model: string;
  model_id: number;
  engine_id: number;
  engine: string;
  year_from: number;
  year_to: number;
}
let product: Product;
let others: Product[];
let vehicle: Vehicle;

beforeAll(async () => {
  ctx = await createTestContext({
    config: {
      jobs: { enabled: true, concurrency: 1, poolSize: 1, pollingSeconds: 0.5 },
      importBatchLines: 2,
    },
  });
  const a = await user(ctx, 'admin');
  admin = a.authorization;
  adminId = a.userId;
  manager = (await user(ctx, 'manager')).authorization;
  const products = await rows<Product>(
    ctx,
    sql`select p.id, p.article, m.title as brand from products p join manufacturers m on m.id = p.manufacturer_id
        where p.is_active and not p.is_universal and not p.is_service
          and not exists (select 1 from products q where q.article_normalized = p.article_normalized and q.id <> p.id)
        order by p.id limit 4`,
  );
  const all = products.map((p) => ({ ...p, id: Number(p.id) }));
  product = all[0]!;
  others = all.slice(1);
  // A vehicle generation the product does not fit yet.
  const [v] = await rows<Vehicle>(
    ctx,
    sql`select vb.title as brand, vm.title as model, vm.id as model_id, e.id as engine_id, e.title as engine,
               t.year_from, t.year_to
        from transports t join vehicle_models vm on vm.id = t.model_id join vehicle_brands vb on vb.id = vm.brand_id
        join engines e on e.id = t.engine_id
        where not exists (select 1 from product_transports pt where pt.transport_id = t.id and pt.product_id = ${product.id})
        order by t.id limit 1`,
  );
  vehicle = { ...v!, model_id: Number(v!.model_id), engine_id: Number(v!.engine_id) };
});
afterAll(() => ctx?.close());

const BOUNDARY = '----podbor-import-boundary';
function form(parts: { kind?: string; file?: Buffer; name?: string }): Buffer {
  const chunks: Buffer[] = [];
  if (parts.kind !== undefined)
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${parts.kind}\r\n`),
    );
  if (parts.file)
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${parts.name ?? 'data.csv'}"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      parts.file,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const upload = (parts: { kind?: string; file?: Buffer; name?: string }, authorization = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/v1/imports/',
    headers: { authorization, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: form(parts),
  });

const detail = async (id: number) =>
  json<AdminImport>(
    await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/v1/imports/${id}/`,
      headers: { authorization: admin },
    }),
  );

async function finished(id: number): Promise<AdminImport> {
  for (let i = 0; i < 200; i++) {
    const run = await detail(id);
    if (run.status === 'done' || run.status === 'failed') return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`import ${id} did not finish`);
}

const fitted = async (productId: number) =>
  (
    await rows<{ transport_id: number }>(
      ctx,
      sql`select transport_id from product_transports where product_id = ${productId} order by transport_id`,
    )
  ).map((r) => Number(r.transport_id));

/** The article as a supplier writes it: lower case, with a dash and spaces the normalisation ignores. */
const messy = (article: string) => `${article.slice(0, 2).toLowerCase()}- ${article.slice(2).toLowerCase()}`;

describe('fitment import', () => {
  let runId: number;
  let csv: Buffer;

  it('answers 202 at once, then the job adds every matching vehicle and reports the bad lines by number', async () => {
    const before = await fitted(product.id);
    csv = iconv.encode(
      [
        'Артикул;Бренд;Марка;Модель;Год с;Год по;Двигатель',
        `${messy(product.article)};${product.brand.toUpperCase()};${vehicle.brand};${vehicle.model};${vehicle.year_from};${vehicle.year_to};${vehicle.engine}`,
        `NO-SUCH-ART-1;${product.brand};${vehicle.brand};${vehicle.model};2010;2012;`,
        `${product.article};${product.brand};${vehicle.brand};${vehicle.model};20x0;2012;`,
        `${product.article};${product.brand};${vehicle.brand};${vehicle.model};2012;2010;`,
        `${product.article};${product.brand};Марка-которой-нет;${vehicle.model};2010;2012;`,
      ].join('\r\n'),
      'win1251',
    );
    const res = await upload({ kind: 'fitment', file: csv, name: 'применимость.csv' });
    expect(res.statusCode, res.body).toBe(202);
    const queued = json<AdminImport>(res);
    expect(queued).toMatchObject({ kind: 'fitment', file_name: 'применимость.csv', lines_done: 0 });
    runId = queued.id;

    const run = await finished(runId);
    expect(run).toMatchObject({
      status: 'done',
      lines_total: 5,
      lines_done: 5,
      errors_count: 4,
      failure: null,
    });
    const expected = (
      await rows<{ id: number }>(
        ctx,
        sql`select id from transports where model_id = ${vehicle.model_id} and engine_id = ${vehicle.engine_id}
              and year_from <= ${vehicle.year_to} and year_to >= ${vehicle.year_from}`,
      )
    ).map((r) => Number(r.id));
    expect(expected.length).toBeGreaterThan(0);
    const after = await fitted(product.id);
    expect(after).toEqual([...new Set([...before, ...expected])].sort((a, b) => a - b));
    expect(run.summary.added).toBe(after.length - before.length);
    expect(run.summary.lines_applied).toBe(1);

    const report = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/v1/imports/${runId}/errors/`,
      headers: { authorization: manager },
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toMatch(/^text\/csv/);
    expect(report.headers['content-disposition']).toContain('attachment');
    expect(report.body.startsWith('\uFEFFСтрока;Значение;Причина\r\n')).toBe(true);
    const lines = report.body.slice(1).trim().split('\r\n').slice(1);
    expect(lines.map((l) => l.split(';')[0])).toEqual(['3', '4', '5', '6']);
    expect(lines[0]).toContain(IMPORT_MESSAGES.productNotFound('NO-SUCH-ART-1', product.brand));
    expect(lines[1]).toContain(IMPORT_MESSAGES.yearInvalid('Год с'));
    expect(lines[2]).toContain(IMPORT_MESSAGES.yearRange);
    expect(lines[3]).toContain(IMPORT_MESSAGES.transportNotFound);

    const [audit] = await rows<{ user_id: number; action: string }>(
      ctx,
      sql`select user_id, action from audit_log where entity = 'import' and entity_id = ${String(runId)}`,
    );
    expect(audit).toMatchObject({ action: 'import.start' });
    expect(Number(audit!.user_id)).toBe(adminId);
  });

  it('the same file again adds nothing: every pair is reported as already there', async () => {
    const before = await fitted(product.id);
    const res = await upload({ kind: 'fitment', file: csv }, manager);
    expect(res.statusCode, res.body).toBe(202);
    const run = await finished(json<AdminImport>(res).id);
    expect(run).toMatchObject({ status: 'done', lines_done: 5, errors_count: 4 });
    expect(run.summary.added).toBe(0);
    expect(run.summary.existing).toBeGreaterThan(0);
    expect(await fitted(product.id)).toEqual(before);
  });

  it('lists the runs newest first with their progress', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/v1/imports/?size=1',
      headers: { authorization: admin },
    });
    expect(res.statusCode).toBe(200);
    const page = json<{ total: number; pages: number; results: AdminImport[] }>(res);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.pages).toBe(page.total);
    expect(page.results[0]!.id).toBeGreaterThan(runId);
  });
});

describe('analogues import', () => {
  it('adds two-way pairs both ways and one-way pairs only one way (UTF-8, commas)', async () => {
    const [a, b, c] = others as [Product, Product, Product];
    const pairs = async () =>
      (
        await rows<{ p: number; a: number }>(
          ctx,
          sql`select product_id as p, analogue_id as a from analogues
              where product_id in (${product.id}, ${a.id}, ${b.id}, ${c.id})
                and analogue_id in (${product.id}, ${a.id}, ${b.id}, ${c.id})`,
        )
      ).map((r) => `${r.p}>${r.a}`);
    await ctx.handle.db.execute(
      sql`delete from analogues where product_id in (${product.id}, ${a.id}, ${b.id}, ${c.id})
            and analogue_id in (${product.id}, ${a.id}, ${b.id}, ${c.id})`,
    );
    const csv = Buffer.from(
      [
        '\uFEFFarticle,brand,analogue_article,analogue_brand,type',
        `${product.article},${product.brand},${a.article},${a.brand},двусторонний`,
        `${b.article},${b.brand},${c.article},${c.brand},one-way`,
        `${b.article},${b.brand},${b.article},${b.brand},two-way`,
        `${b.article},${b.brand},${c.article},${c.brand},сбоку`,
        `${b.article},${b.brand},${c.article}`,
      ].join('\n'),
      'utf8',
    );
    const res = await upload({ kind: 'analogues', file: csv });
    expect(res.statusCode, res.body).toBe(202);
    const run = await finished(json<AdminImport>(res).id);
    expect(run).toMatchObject({ status: 'done', lines_done: 5, errors_count: 3 });
    expect((await pairs()).sort()).toEqual(
      [`${product.id}>${a.id}`, `${a.id}>${product.id}`, `${b.id}>${c.id}`].sort(),
    );
    // The storefront reads them as imported: the one-way pair lists c under b only.
    const slugOf = async (id: number) =>
      (await rows<{ slug: string }>(ctx, sql`select slug from products where id = ${id}`))[0]!.slug;
    const shown = async (id: number) => {
      const page = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/catalog/products/${await slugOf(id)}/analogues/?size=100`,
      });
      return json<{ results: { slug: string }[] }>(page).results.map((r) => r.slug);
    };
    expect(await shown(b.id)).toContain(await slugOf(c.id));
    expect(await shown(c.id)).not.toContain(await slugOf(b.id));
    expect(await shown(a.id)).toContain(await slugOf(product.id));
    const report = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/v1/imports/${run.id}/errors/`,
      headers: { authorization: admin },
    });
    const lines = report.body.slice(1).trim().split('\r\n').slice(1);
    expect(lines.map((l) => l.split(';')[0])).toEqual(['4', '5', '6']);
    expect(lines[0]).toContain(IMPORT_MESSAGES.selfAnalogue);
    expect(lines[1]).toContain(IMPORT_MESSAGES.typeInvalid);
    expect(lines[2]).toContain(IMPORT_MESSAGES.columnsCount);
  });
});

describe('a run cut off between batches', () => {
  it('resumes from its checkpoint: nothing applied twice, counts exact', async () => {
    // Twelve lines, batches of two: 3 bad lines, the rest fit the product to one vehicle generation each.
    const gens = await rows<Vehicle>(
      ctx,
      sql`select vb.title as brand, vm.title as model, e.title as engine, t.year_from, t.year_to
          from transports t join vehicle_models vm on vm.id = t.model_id join vehicle_brands vb on vb.id = vm.brand_id
          join engines e on e.id = t.engine_id
          where not exists (select 1 from product_transports pt where pt.transport_id = t.id and pt.product_id = ${others[0]!.id})
          order by t.id limit 9`,
    );
    const p = others[0]!;
    const lines = ['Артикул;Бренд;Марка;Модель;Год с;Год по;Двигатель'];
    for (const [i, g] of gens.entries()) {
      lines.push(`${p.article};${p.brand};${g.brand};${g.model};${g.year_from};${g.year_to};${g.engine}`);
      if (i % 3 === 1) lines.push(`${p.article};${p.brand};${g.brand};${g.model};;${g.year_to};`);
    }
    const dir = path.join(ctx.config.dataDir, 'imports');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'resume.csv'), lines.join('\n'));
    // A run nobody queued: the test plays the job engine.
    const [row] = await rows<{ id: number }>(
      ctx,
      sql`insert into import_runs (kind, file_name, file_path) values ('fitment', 'resume.csv', 'imports/resume.csv')
          returning id`,
    );
    const id = Number(row!.id);
    const opts = { dataDir: ctx.config.dataDir, batchLines: 2, log: ctx.app.log };
    const before = (await fitted(p.id)).length;

    await expect(
      runImport(ctx.handle.db, id, {
        ...opts,
        afterBatch: (n) => {
          if (n === 3) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const cut = await detail(id);
    expect(cut).toMatchObject({ status: 'running', lines_total: 12, lines_done: 6 });

    await runImport(ctx.handle.db, id, opts);
    const run = await detail(id);
    expect(run).toMatchObject({ status: 'done', lines_total: 12, lines_done: 12, errors_count: 3 });
    expect(run.summary.lines_applied).toBe(9);
    const [errors] = await rows<{ n: number; lines: number[] }>(
      ctx,
      sql`select count(*)::int as n, array_agg(line order by line) as lines from import_errors where import_id = ${id}`,
    );
    expect(Number(errors!.n)).toBe(3);
    expect(errors!.lines).toEqual([4, 8, 12]);
    expect((await fitted(p.id)).length - before).toBe(run.summary.added);
    expect(run.summary.added).toBeGreaterThanOrEqual(9);
    // Running a finished run again changes nothing.
    await runImport(ctx.handle.db, id, opts);
    expect(await detail(id)).toEqual(run);
  });
});

describe('bad uploads', () => {
  it('refuses a missing file, an unknown kind and a non-multipart body with Russian 400s', async () => {
    const noFile = await upload({ kind: 'fitment' });
    expect(noFile.statusCode).toBe(400);
    expect(json(noFile)).toEqual({ errors: { file: [IMPORT_MESSAGES.fileMissing] } });
    const badKind = await upload({ kind: 'prices', file: Buffer.from('a;b\n1;2') });
    expect(badKind.statusCode).toBe(400);
    expect(json(badKind)).toEqual({ errors: { kind: [IMPORT_MESSAGES.kindInvalid] } });
    const empty = await upload({ kind: 'fitment', file: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toEqual({ errors: { file: [IMPORT_MESSAGES.fileEmpty] } });
    // An Excel workbook (a zip: binary, with NUL bytes) is not a CSV.
    const xlsx = await upload({
      kind: 'fitment',
      file: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]),
    });
    expect(xlsx.statusCode).toBe(400);
    expect(json(xlsx)).toEqual({ errors: { file: [IMPORT_MESSAGES.fileType] } });
    const jsonBody = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/v1/imports/',
      headers: { authorization: admin },
      payload: { kind: 'fitment' },
    });
    expect(jsonBody.statusCode).toBe(400);
  });

  it('a file without the needed columns fails its run with the reason', async () => {
    const res = await upload({ kind: 'fitment', file: Buffer.from('Артикул;Бренд\nA1;B1\n') });
    expect(res.statusCode).toBe(202);
    const run = await finished(json<AdminImport>(res).id);
    expect(run.status).toBe('failed');
    expect(run.failure).toBe(IMPORT_MESSAGES.missingColumns(['марка', 'модель', 'год с', 'год по']));
  });

  it('an unknown run is a 404', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/v1/imports/999999/errors/',
      headers: { authorization: admin },
    });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ errors: { detail: IMPORT_MESSAGES.notFound } });
  });
});
