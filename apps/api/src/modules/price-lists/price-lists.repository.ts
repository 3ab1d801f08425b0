import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { IMPORT_STATUSES, type PriceListSettings } from '@podbor/contract';
import type { Db } from '../../db/client';
import { brandSynonyms, markupRules, suppliers } from '../../db/schema';
import { intArray, parseRows, pgIso, pgNumber, pgNumberOrNull, textArray } from '../../db/sql';
import type { MarkupRule } from './markup';

// SQL of suppliers, markup rules, brand synonyms, and what one batch of a price-list import reads and writes.

// ---- suppliers ----

const supplierRow = z.object({
  id: z.number().int(),
  title: z.string(),
  default_delivery_days: z.number().int(),
  is_active: z.boolean(),
  settings: z.unknown().nullable(),
  offers_count: pgNumber,
  created_at: pgIso,
  updated_at: pgIso,
  last_id: z.number().int().nullable(),
  last_status: z.enum(IMPORT_STATUSES).nullable(),
  last_lines_total: z.number().int().nullable(),
  last_lines_done: z.number().int().nullable(),
  last_errors_count: z.number().int().nullable(),
  last_finished_at: pgIso.nullable(),
});
export type SupplierRow = z.infer<typeof supplierRow>;

export async function listSuppliers(db: Db, id?: number): Promise<SupplierRow[]> {
  return parseRows(
    db,
    sql`select s.id, s.title, s.default_delivery_days, s.is_active, s.settings, s.created_at, s.updated_at,
          (select count(*) from supplier_offers o where o.supplier_id = s.id)::int as offers_count,
          r.id as last_id, r.status as last_status, r.lines_total as last_lines_total,
          r.lines_done as last_lines_done, r.errors_count as last_errors_count, r.finished_at as last_finished_at
        from suppliers s
        left join lateral (
          select id, status, lines_total, lines_done, errors_count, finished_at from import_runs
          where supplier_id = s.id and kind = 'price-list' order by created_at desc, id desc limit 1
        ) r on true
        ${id === undefined ? sql`` : sql`where s.id = ${id}`}
        order by lower(s.title), s.id`,
    supplierRow,
  );
}

export type SupplierRecord = typeof suppliers.$inferSelect;

export async function lockSupplier(tx: Db, id: number): Promise<SupplierRecord | undefined> {
  const [row] = await tx
    .select()
    .from(suppliers)
    .where(sql`${suppliers.id} = ${id}`)
    .for('update');
  return row;
}

export async function findSupplier(db: Db, id: number): Promise<SupplierRecord | undefined> {
  const [row] = await db
    .select()
    .from(suppliers)
    .where(sql`${suppliers.id} = ${id}`);
  return row;
}

export async function supplierTitleTaken(db: Db, title: string, exceptId?: number): Promise<boolean> {
  const rows = await db.execute(
    sql`select 1 from suppliers where lower(title) = lower(${title})
        ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`} limit 1`,
  );
  return rows.rows.length > 0;
}

export async function insertSupplier(
  tx: Db,
  values: {
    title: string;
    defaultDeliveryDays: number;
    isActive: boolean;
    settings: PriceListSettings | null;
  },
): Promise<number> {
  const [row] = await tx.insert(suppliers).values(values).returning({ id: suppliers.id });
  return row!.id;
}

export async function writeSupplier(tx: Db, id: number, values: Partial<SupplierRecord>): Promise<void> {
  await tx
    .update(suppliers)
    .set({ ...values, updatedAt: new Date() })
    .where(sql`${suppliers.id} = ${id}`);
}

export async function deleteSupplier(tx: Db, id: number): Promise<void> {
  await tx.delete(suppliers).where(sql`${suppliers.id} = ${id}`);
}

export async function supplierRunning(db: Db, id: number): Promise<boolean> {
  const rows = await db.execute(
    sql`select 1 from import_runs where supplier_id = ${id} and status in ('queued', 'running') limit 1`,
  );
  return rows.rows.length > 0;
}

// ---- markup rules ----

const ruleRow = z.object({
  id: z.number().int(),
  supplier_id: z.number().int().nullable(),
  supplier_title: z.string().nullable(),
  manufacturer_id: z.number().int().nullable(),
  manufacturer_title: z.string().nullable(),
  price_from: pgNumberOrNull,
  price_to: pgNumberOrNull,
  percent: pgNumber,
});
export type RuleRow = z.infer<typeof ruleRow>;

export async function listRules(db: Db, id?: number): Promise<RuleRow[]> {
  return parseRows(
    db,
    sql`select r.id, r.supplier_id, s.title as supplier_title, r.manufacturer_id, m.title as manufacturer_title,
          r.price_from, r.price_to, r.percent
        from markup_rules r
        left join suppliers s on s.id = r.supplier_id
        left join manufacturers m on m.id = r.manufacturer_id
        ${id === undefined ? sql`` : sql`where r.id = ${id}`}`,
    ruleRow,
  );
}

export async function markupRulesFor(db: Db, supplierId: number): Promise<MarkupRule[]> {
  const rows = await listRules(db);
  return rows
    .filter((r) => r.supplier_id === null || r.supplier_id === supplierId)
    .map((r) => ({
      id: r.id,
      supplierId: r.supplier_id,
      manufacturerId: r.manufacturer_id,
      priceFrom: r.price_from,
      priceTo: r.price_to,
      percent: r.percent,
    }));
}

export interface RuleValues {
  supplierId: number | null;
  manufacturerId: number | null;
  priceFrom: number | null;
  priceTo: number | null;
  percent: number;
}

const moneyText = (v: number | null) => (v === null ? null : v.toFixed(2));

/** A rule with the same supplier, brand and band (not `exceptId`). */
export async function sameRule(db: Db, rule: RuleValues, exceptId?: number): Promise<boolean> {
  const rows = await db.execute(
    sql`select 1 from markup_rules
        where supplier_id is not distinct from ${rule.supplierId}::int
          and manufacturer_id is not distinct from ${rule.manufacturerId}::int
          and price_from is not distinct from ${moneyText(rule.priceFrom)}::numeric
          and price_to is not distinct from ${moneyText(rule.priceTo)}::numeric
          ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`}
        limit 1`,
  );
  return rows.rows.length > 0;
}

const ruleColumns = (rule: RuleValues) => ({
  supplierId: rule.supplierId,
  manufacturerId: rule.manufacturerId,
  priceFrom: rule.priceFrom,
  priceTo: rule.priceTo,
  percent: rule.percent,
});

export async function insertRule(tx: Db, rule: RuleValues): Promise<number> {
  const [row] = await tx.insert(markupRules).values(ruleColumns(rule)).returning({ id: markupRules.id });
  return row!.id;
}

export async function writeRule(tx: Db, id: number, rule: RuleValues): Promise<boolean> {
  const rows = await tx
    .update(markupRules)
    .set(ruleColumns(rule))
    .where(sql`${markupRules.id} = ${id}`)
    .returning({ id: markupRules.id });
  return rows.length > 0;
}

export async function deleteRule(tx: Db, id: number): Promise<boolean> {
  const rows = await tx
    .delete(markupRules)
    .where(sql`${markupRules.id} = ${id}`)
    .returning({ id: markupRules.id });
  return rows.length > 0;
}

export async function manufacturerTitle(db: Db, id: number): Promise<string | undefined> {
  const rows = await parseRows(
    db,
    sql`select title from manufacturers where id = ${id}`,
    z.object({ title: z.string() }),
  );
  return rows[0]?.title;
}

// ---- brand synonyms ----

const synonymRow = z.object({
  id: z.number().int(),
  alias: z.string(),
  alias_key: z.string(),
  manufacturer_id: z.number().int(),
  manufacturer_title: z.string(),
  created_at: pgIso,
});
export type SynonymRow = z.infer<typeof synonymRow>;

export async function listSynonyms(
  db: Db,
  filter: { manufacturerId?: number; q?: string; id?: number },
  page: number,
  size: number,
): Promise<{ rows: SynonymRow[]; total: number }> {
  const like = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = sql`where true
    ${filter.id === undefined ? sql`` : sql`and b.id = ${filter.id}`}
    ${filter.manufacturerId === undefined ? sql`` : sql`and b.manufacturer_id = ${filter.manufacturerId}`}
    ${like === undefined ? sql`` : sql`and (b.alias ilike ${like} or m.title ilike ${like})`}`;
  const [rows, [count]] = await Promise.all([
    parseRows(
      db,
      sql`select b.id, b.alias, b.alias_key, b.manufacturer_id, m.title as manufacturer_title, b.created_at
          from brand_synonyms b join manufacturers m on m.id = b.manufacturer_id ${where}
          order by lower(m.title), b.alias_key limit ${size} offset ${(page - 1) * size}`,
      synonymRow,
    ),
    parseRows(
      db,
      sql`select count(*)::int as total from brand_synonyms b join manufacturers m on m.id = b.manufacturer_id ${where}`,
      z.object({ total: pgNumber }),
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The manufacturer an alias key already means, if any. */
export async function synonymOwner(db: Db, aliasKey: string): Promise<string | undefined> {
  const rows = await parseRows(
    db,
    sql`select m.title from brand_synonyms b join manufacturers m on m.id = b.manufacturer_id
        where b.alias_key = ${aliasKey}`,
    z.object({ title: z.string() }),
  );
  return rows[0]?.title;
}

/** Inserts a synonym; undefined when its key was taken meanwhile (the unique index). */
export async function insertSynonym(
  tx: Db,
  values: { alias: string; aliasKey: string; manufacturerId: number },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(brandSynonyms)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: brandSynonyms.id });
  return row?.id;
}

export async function deleteSynonym(tx: Db, id: number): Promise<SynonymRow | undefined> {
  const rows = await parseRows(
    tx,
    sql`delete from brand_synonyms b using manufacturers m where b.id = ${id} and m.id = b.manufacturer_id
        returning b.id, b.alias, b.alias_key, b.manufacturer_id, m.title as manufacturer_title, b.created_at`,
    synonymRow,
  );
  return rows[0];
}

// ---- the import ----

/** Money values (roubles with kopecks) as one numeric[] parameter. */
const moneyArray = (values: readonly number[]): SQL =>
  sql`${textArray(values.map((v) => v.toFixed(2)))}::numeric[]`;

/** Every manufacturer's title and the shop's synonyms: what a price list's brands are matched against. */
export async function brandTable(
  db: Db,
): Promise<{ manufacturers: { id: number; title: string }[]; synonyms: { alias: string; title: string }[] }> {
  const [manufacturers, synonyms] = await Promise.all([
    parseRows(
      db,
      sql`select id, title from manufacturers order by id`,
      z.object({ id: z.number().int(), title: z.string() }),
    ),
    parseRows(
      db,
      sql`select b.alias, m.title from brand_synonyms b join manufacturers m on m.id = b.manufacturer_id order by b.id`,
      z.object({ alias: z.string(), title: z.string() }),
    ),
  ]);
  return { manufacturers, synonyms };
}

/**
 * Every product's (manufacturer, normalised article) → id, read once per run: a price list is matched in memory.
 * One sequential read of the catalogue (~0.3 s for 200,000 products) instead of a join per batch that fetched
 * random product pages (0.3–0.7 s a batch, most of the import's time). About 25 MB for 200,000 products.
 * Where two products share the key, the older one (lowest id) is the match.
 */
export async function productIndex(db: Db): Promise<Map<number, Map<string, number>>> {
  const result = await db.execute(
    sql`select id, manufacturer_id, article_normalized from products
        where manufacturer_id is not null and article_normalized <> '' order by id`,
  );
  const row = z.object({
    id: z.number().int(),
    manufacturer_id: z.number().int(),
    article_normalized: z.string(),
  });
  const index = new Map<number, Map<string, number>>();
  for (const raw of result.rows) {
    const p = row.parse(raw);
    let byArticle = index.get(p.manufacturer_id);
    if (!byArticle) index.set(p.manufacturer_id, (byArticle = new Map()));
    if (!byArticle.has(p.article_normalized)) byArticle.set(p.article_normalized, p.id);
  }
  return index;
}

export interface OfferValues {
  productId: number;
  purchasePrice: number;
  price: number;
  quantity: number;
  deliveryDays: number;
  multiplicity: number;
  article: string;
  brand: string;
}

/**
 * Writes a batch's offers for the supplier (one per product): a new one is added; one an earlier import wrote is
 * replaced; one this import wrote already (the product repeated in the file) is replaced only by a cheaper line.
 * One statement: the offers' state before (for the counts) is read in the snapshot the insert starts from.
 */
export async function upsertOffers(
  tx: Db,
  supplierId: number,
  importId: number,
  offers: readonly OfferValues[],
): Promise<{ added: number; updated: number }> {
  if (offers.length === 0) return { added: 0, updated: 0 };
  const ids = intArray(offers.map((o) => o.productId));
  const [counts] = await parseRows(
    tx,
    sql`with before as (
          select product_id, import_id from supplier_offers
          where supplier_id = ${supplierId} and product_id = any(${ids})
        ), written as (
          insert into supplier_offers (supplier_id, product_id, purchase_price, price, quantity, delivery_days,
            multiplicity, supplier_article, supplier_brand, import_id, updated_at)
          select ${supplierId}, x.p, x.pp, x.pr, x.q, x.d, x.m, x.a, x.b, ${importId}, now()
          from unnest(${ids}, ${moneyArray(offers.map((o) => o.purchasePrice))},
                      ${moneyArray(offers.map((o) => o.price))}, ${intArray(offers.map((o) => o.quantity))},
                      ${intArray(offers.map((o) => o.deliveryDays))}, ${intArray(offers.map((o) => o.multiplicity))},
                      ${textArray(offers.map((o) => o.article))}, ${textArray(offers.map((o) => o.brand))})
               as x(p, pp, pr, q, d, m, a, b)
          on conflict (supplier_id, product_id) do update set
            purchase_price = excluded.purchase_price, price = excluded.price, quantity = excluded.quantity,
            delivery_days = excluded.delivery_days, multiplicity = excluded.multiplicity,
            supplier_article = excluded.supplier_article, supplier_brand = excluded.supplier_brand,
            import_id = excluded.import_id, updated_at = now()
          where supplier_offers.import_id is distinct from excluded.import_id
             or excluded.purchase_price < supplier_offers.purchase_price
          returning product_id
        )
        -- A product this import wrote in an earlier batch and now found cheaper is neither new nor an update.
        select count(*) filter (where b.product_id is null)::int as added,
               count(*) filter (where b.product_id is not null and b.import_id is distinct from ${importId}::int)::int
                 as updated
        from written w left join before b on b.product_id = w.product_id`,
    z.object({ added: pgNumber, updated: pgNumber }),
  );
  return { added: counts?.added ?? 0, updated: counts?.updated ?? 0 };
}

export interface UnmatchedValues {
  line: number;
  article: string;
  brand: string;
  title: string;
  price: number;
  quantity: number | null;
  reason: 'brand' | 'article';
}

/** Ints that may be null as one int[] parameter. */
const nullableIntArray = (values: readonly (number | null)[]): SQL =>
  sql`${`{${values.map((v) => (v === null ? 'NULL' : Math.trunc(v))).join(',')}}`}::int[]`;

/** A batch's unmatched lines, one statement (arrays, not a parameter per value). */
export async function insertUnmatched(
  tx: Db,
  importId: number,
  rows: readonly UnmatchedValues[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(
    sql`insert into price_list_unmatched (import_id, line, article, brand, title, price, quantity, reason)
        select ${importId}, x.l, x.a, x.b, x.t, x.p, x.q, x.r
        from unnest(${intArray(rows.map((r) => r.line))}, ${textArray(rows.map((r) => r.article))},
                    ${textArray(rows.map((r) => r.brand))}, ${textArray(rows.map((r) => r.title))},
                    ${moneyArray(rows.map((r) => r.price))}, ${nullableIntArray(rows.map((r) => r.quantity))},
                    ${textArray(rows.map((r) => r.reason))}) as x(l, a, b, t, p, q, r)`,
  );
}

/** Drops the supplier's offers that an import other than `importId` wrote (lines gone from the list). */
export async function removeStaleOffers(tx: Db, supplierId: number, importId: number): Promise<number[]> {
  const rows = await parseRows(
    tx,
    sql`delete from supplier_offers where supplier_id = ${supplierId} and import_id is distinct from ${importId}::int
        returning product_id`,
    z.object({ product_id: z.number().int() }),
  );
  return rows.map((r) => r.product_id);
}

export async function unmatchedOf(db: Db, importId: number): Promise<UnmatchedValues[]> {
  const rows = await parseRows(
    db,
    sql`select line, article, brand, title, price, quantity, reason from price_list_unmatched
        where import_id = ${importId} order by line, id`,
    z.object({
      line: z.number().int(),
      article: z.string(),
      brand: z.string(),
      title: z.string(),
      price: pgNumber,
      quantity: z.number().int().nullable(),
      reason: z.enum(['brand', 'article']),
    }),
  );
  return rows;
}
