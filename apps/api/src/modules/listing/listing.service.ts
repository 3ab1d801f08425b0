import { sql, type SQL } from 'drizzle-orm';
import {
  PRICE_FILTER_SLUG,
  type CatalogFilter,
  type CatalogFilterSelection,
  type CatalogProductsBody,
  type CatalogProductsQuery,
  type CatalogProductsResponse,
  type FiltersQuery,
  type FiltersResponse,
  catalogFilterSelection,
} from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import {
  intArray,
  parseRows,
  parseRowsPrepared,
  parseRowsWithFixedPlan,
  pgNumber,
  pgNumberOrNull,
} from '../../db/sql';
import {
  CATEGORY_TTL_MS,
  categoryDirectory,
  categoryOr404,
  type Category,
  type CategoryTree,
} from '../../lib/catalog/category.directory';
import {
  filterDirectory,
  propertiesFor,
  type FilterDirectory,
  type Property,
} from '../../lib/catalog/filter.directory';
import {
  FILTER_MESSAGES,
  HIT_COLUMNS,
  listItemsOf,
  listingPage,
  pageCards,
  listingParams,
  LISTING_TTL_MS,
  orderBy,
  roundEstimate,
  TOTAL_SAMPLE,
  priceFilter,
  selectionKey,
  type ListingParams,
} from '../../lib/catalog/listing-page';
import { transportOr404 } from '../../lib/catalog/transport.directory';
import { badRequest } from '../../lib/http-error';
import { catalogCache } from '../../lib/catalog/catalog-cache';

// Product listing of a category and its filters with their counts (facets). One statement per page: the
// products in scope (category subtree, vehicle) that meet the selected filters are materialised once with their
// sort columns; the total and the page come from them, and the wide columns are read for the page's rows only.

export interface ListingService {
  /** A page of the category's products (for the vehicle, when given), as POST …/products/ answers it. */
  products(
    categorySlug: string,
    transportId: number | undefined,
    query: CatalogProductsQuery,
    body: CatalogProductsBody,
  ): Promise<CatalogProductsResponse>;
  /**
   * The category's filters with counts (for the vehicle, when given); with a selection (`query.filter`) the
   * counts are disjunctive: each filter's values counted under every other selected filter.
   */
  filters(
    categorySlug: string,
    transportId: number | undefined,
    query?: FiltersQuery,
  ): Promise<FiltersResponse>;
}

/** The listing of one app's database, with its caches (create once per app). */
export function createListingService(db: Db): ListingService {
  const categories = categoryDirectory(db);
  // Facet counts are the same for every visitor of a category × vehicle: kept a minute, like the tree.
  const facets = catalogCache<string, FiltersResponse>(db, CATEGORY_TTL_MS, 20_000, 'listing_facets');
  // Listing pages are the same for every visitor of a category × vehicle × filters × order × page. A page may
  // show a price or "in stock" up to 30 s old (the cart and the order always read live data); bounded, so a
  // crawler walking every filter combination evicts old pages instead of growing the heap.
  const pages = catalogCache<string, CatalogProductsResponse>(db, LISTING_TTL_MS, 5_000, 'listing_pages');
  // The sample a listing estimates its total from (orderedPage) depends on the category × vehicle only, not on the
  // filters or the page: its products' ids and prices, and the values of the properties filtered so far, are kept
  // (≈ 16 KB, and 12 KB per property: a category filters by a handful), so a listing counts its filters' matches
  // in it without a statement. Dropped with every catalogue change, like the pages.
  const samples = catalogCache<string, ScopeSample>(db, CATEGORY_TTL_MS, 1_000, 'listing_samples');
  // The listing and the facets of a scope share its sample.
  const sampleOf = (scope: Scope): SampleOf => {
    const key = `${scope.transportId ?? 0}:${scope.category.id}`;
    return { get: (load) => samples.get(key, load), kept: () => samples.peek(key) };
  };
  const vehicle = async (id: number | undefined) => (id === undefined ? null : transportOr404(db, id));

  return {
    async filters(slug, wantedTransport, query) {
      const transportId = await vehicle(wantedTransport);
      const t = await categories.tree();
      const category = categoryOr404(t, slug);
      const dir = await filterDirectory(db).get();
      const selection = parseSelectionQuery(query?.filter);
      const conditions = filterConditions(dir, category, selection);
      const key = JSON.stringify([category.id, transportId ?? 0, selectionKey(selection)]);
      return facets.get(key, async () => {
        const scope = { category, transportId };
        // Under a selection every product of the scope is tested against it: a scope larger than the sample is
        // counted in its sample instead (sampledFilters), at a cost that does not follow the scope's size.
        if (conditions.length > 0) {
          const fitted = transportId === null ? null : await categories.fitted(transportId);
          const { draw, scopeSize } = scopeDraw(t, scope, fitted);
          if (scopeSize > TOTAL_SAMPLE) {
            const drawn = await sampleOf(scope).get(() => loadSample(db, category.subtreeIds, draw, []));
            if (drawn.ids.length > TOTAL_SAMPLE)
              return sampledFilters(db, dir, scope, drawn, scopeSize, conditions);
          }
        }
        return categoryFilters(db, dir, scope, conditions);
      });
    },

    async products(slug, wantedTransport, query, body) {
      const transportId = await vehicle(wantedTransport);
      const t = await categories.tree();
      const category = categoryOr404(t, slug);
      const filter = body.filter ?? {};
      const conditions = filterConditions(await filterDirectory(db).get(), category, filter);
      const params = listingParams(query, body);
      const key = JSON.stringify([category.id, transportId, params, selectionKey(filter)]);
      return pages.get(key, () =>
        listProducts(
          db,
          t,
          {
            category,
            transportId,
            conditions: conditions.map((c) => c.sql),
            filters: conditions,
            ...params,
          },
          categories.fitted,
          sampleOf({ category, transportId }),
        ),
      );
    },
  };
}

export interface Scope {
  category: Category;
  transportId: number | null;
}

/** The subtree's products that fit every vehicle (universal: no fitment rows list them). */
const subtreeUniversal = (tree: CategoryTree, category: Category) =>
  category.subtreeIds.reduce((n, id) => n + (tree.directUniversal.get(id) ?? 0), 0);

/** ` and <c>` for each condition: appended to a WHERE that has at least one term of its own. */
const andEach = (conditions: readonly SQL[]): SQL => sql.join(conditions.map((c) => sql` and ${c}`));

/**
 * `select <columns>` of the active products of the subtree that fit the vehicle and meet the conditions (SQL over
 * `products p`). Without a vehicle: the subtree's products (products_listing_idx). With one, two disjoint halves:
 * - fitted: the vehicle's products of the subtree, one range of product_transports_popular_idx (tens to a few
 *   thousand rows, where testing the whole subtree against the vehicle's fitted set read up to 16 000), each
 *   product then read by its key with its filters tested on that one row (an index probe per filter). LATERAL …
 *   OFFSET 0 makes this nested loop a fact: for a parent category and a vehicle with many parts the planner
 *   otherwise hashes the vehicle's rows against every product of the catalogue;
 * - universal (they fit every vehicle): their own partial index; a category may hold 16 000 of them.
 */
function scopeSelect(
  scope: Scope,
  columns: SQL,
  conditions: readonly SQL[],
  /** `columns` and `conditions` read only the product's id and price (the facets): see below. */
  idAndPrice = false,
): SQL {
  const ids = intArray(scope.category.subtreeIds);
  const and = andEach(conditions);
  if (scope.transportId === null) {
    return sql`select ${columns} from products p where p.category_id = any(${ids}) and p.is_active${and}`;
  }
  if (idAndPrice) {
    // The fitment rows carry the product's price and whether it is listed (migration 0019): the fitted half is
    // one index-only range of product_transports_popular_idx, no product read per row (issue #18).
    return sql`select ${columns} from (
          select pt.product_id as id, pt.price from product_transports pt
          where pt.transport_id = ${scope.transportId} and pt.category_id = any(${ids}) and pt.listed
        ) p where true${and}
      union all
      select ${columns} from products p
        where p.category_id = any(${ids}) and p.is_active and p.is_universal${and}`;
  }
  return sql`select p.* from product_transports pt
      cross join lateral (
        select ${columns} from products p
        where p.id = pt.product_id and p.is_active and not p.is_universal${and}
        offset 0
      ) p
      where pt.transport_id = ${scope.transportId} and pt.category_id = any(${ids}) and pt.listed
    union all
    select ${columns} from products p
      where p.category_id = any(${ids}) and p.is_active and p.is_universal${and}`;
}

// ---- filter selection → SQL ----

function parseRange(slug: string, values: (string | number)[]): [number, number] {
  const nums = values.map((v) => (typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v)));
  const [min, max] = nums;
  if (
    nums.length !== 2 ||
    min === undefined ||
    max === undefined ||
    !Number.isFinite(min) ||
    !Number.isFinite(max)
  ) {
    throw badRequest({ filter: [FILTER_MESSAGES.range(slug)] });
  }
  if (min > max) throw badRequest({ filter: [FILTER_MESSAGES.reversed(slug)] });
  return [min, max];
}

/** The facet call's `filter` query (JSON of a selection); absent = no selection, malformed = 400. */
function parseSelectionQuery(text: string | undefined): CatalogFilterSelection {
  if (text === undefined) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw badRequest({ filter: [FILTER_MESSAGES.json] });
  }
  const parsed = catalogFilterSelection.safeParse(raw);
  if (!parsed.success) throw badRequest({ filter: [FILTER_MESSAGES.json] });
  return parsed.data;
}

/** Key of the price filter's condition (property ids are positive). */
const PRICE_KEY = 0;

/** One selected filter as SQL over `products p`, keyed by its property (PRICE_KEY for the price). */
interface FilterCondition {
  key: number;
  sql: SQL;
  /** CHECKBOX/RADIO: the selected value ids (listed by the facets even when nothing else has them). */
  valueIds: number[];
  /** RANGE: the selected bounds. */
  range?: [number, number];
}

/** Validates the selection against the category's filters; an unknown slug or value is a 400, never ignored. */
function filterConditions(
  dir: FilterDirectory,
  category: Category,
  selection: CatalogFilterSelection,
): FilterCondition[] {
  const bySlug = new Map(propertiesFor(dir, category).map((p) => [p.slug, p]));
  const conditions: FilterCondition[] = [];
  for (const [slug, values] of Object.entries(selection)) {
    if (values.length === 0) continue;
    if (slug === PRICE_FILTER_SLUG) {
      const range = parseRange(slug, values);
      conditions.push({
        key: PRICE_KEY,
        sql: sql`p.price between ${range[0]} and ${range[1]}`,
        valueIds: [],
        range,
      });
      continue;
    }
    const property = bySlug.get(slug);
    if (!property) throw badRequest({ filter: [FILTER_MESSAGES.unknown(slug)] });
    if (property.type === 'RANGE') {
      const range = parseRange(slug, values);
      conditions.push({
        key: property.id,
        sql: sql`exists (select 1 from product_property_values v where v.product_id = p.id and v.property_id = ${property.id} and v.num_value between ${range[0]} and ${range[1]})`,
        valueIds: [],
        range,
      });
      continue;
    }
    if (property.type === 'RADIO' && values.length > 1)
      throw badRequest({ filter: [FILTER_MESSAGES.radio(slug)] });
    const ids = values.map((raw) => {
      const found = property.valuesByKey.get(String(raw));
      if (!found) throw badRequest({ filter: [FILTER_MESSAGES.value(slug, String(raw))] });
      return found.id;
    });
    conditions.push({
      key: property.id,
      // A listed value belongs to one property, so value_id alone selects (index-only on ppv_value_idx).
      sql: sql`exists (select 1 from product_property_values v where v.product_id = p.id and v.value_id = any(${intArray(ids)}))`,
      valueIds: ids,
    });
  }
  // In a fixed order, whatever the order of the selection: one prepared statement per set of filters.
  return conditions.sort((a, b) => a.key - b.key);
}

// ---- listing ----

interface ListingQuery extends Scope, ListingParams {
  conditions: SQL[];
  /** The same filters as data, to count their matches in the scope's sample. */
  filters: readonly FilterCondition[];
}

/**
 * The scope's sample (orderedPage) as the filters need it: the drawn products' ids and prices, and per property
 * (loaded when a filter first asks for it) each row's value id (-1: none) and number (NaN: none) — a product has
 * at most one value of a property (the key of product_property_values).
 */
interface ScopeSample {
  ids: number[];
  prices: Float64Array;
  popularity: Int32Array;
  properties: Map<number, { values: Int32Array; nums: Float64Array }>;
}

/** The scope's sample: loaded by `load` or kept from an earlier call. */
interface SampleOf {
  get(load: () => Promise<ScopeSample>): Promise<ScopeSample>;
  /** The sample if it is kept, without loading it. */
  kept(): ScopeSample | undefined;
}

async function listProducts(
  db: Db,
  tree: CategoryTree,
  q: ListingQuery,
  fitted: (transportId: number) => Promise<ReadonlyMap<number, number>>,
  sample: SampleOf,
): Promise<CatalogProductsResponse> {
  if (q.transportId === null) return listCategory(db, tree, q, sample);
  // By popularity or price, a vehicle's fitted products (and the subtree's universal ones) are read in that order
  // and the reads stop at the page.
  if (q.sort === 'popular' || q.sort === 'price')
    return listFitted(db, tree, { ...q, transportId: q.transportId }, await fitted(q.transportId), sample);
  // Otherwise the scope is materialised. With no universal products in the subtree, one plan suits every input
  // (the fitted half is a nested loop by construction, the universal half an empty range of its own index), so
  // the statement is prepared once per connection. Universal products (a category may hold 16 000) need the plan
  // made for their numbers: there a generic plan was 5× slower.
  const run =
    q.transportId !== null && subtreeUniversal(tree, q.category) === 0 ? parseRowsWithFixedPlan : parseRows;
  return listingPage(db, tree, scopeSelect(q, HIT_COLUMNS, q.conditions), q, run);
}

const drawnRow = z.object({
  ids: z.array(z.number()),
  prices: z.array(z.number()),
  popularity: z.array(z.number()),
});
const valuesRow = z.object({
  rows: z.array(z.number()),
  properties: z.array(z.number()),
  values: z.array(z.number().nullable()),
  nums: z.array(z.number().nullable()),
});

/**
 * SQL of the values of `propertyIds` of the products `s` (`id`, and `n`: the row's place in the sample, from 1).
 * The products are read in id order, not the sample's (hash) order: neighbouring keys share index and heap pages,
 * which took the read of 1,001 products' values from 17 to 10 ms at 1,000,000 products.
 */
const valuesOf = (s: SQL, propertyIds: readonly number[]) =>
  sql`select coalesce(array_agg(s.n::int), '{}') as rows, coalesce(array_agg(v.property_id), '{}') as properties,
        coalesce(array_agg(v.value_id), '{}') as values, coalesce(array_agg(v.num_value::float8), '{}') as nums
      from (select * from ${s} order by id) s
      join product_property_values v on v.product_id = s.id and v.property_id = any(${intArray(propertyIds)})`;

/** Keeps in `sample` the values of `propertyIds` that `r` (a valuesRow) lists: -1 and NaN for the rows without. */
function keepValues(sample: ScopeSample, propertyIds: readonly number[], r: z.infer<typeof valuesRow>): void {
  const n = sample.ids.length;
  const loaded = new Map(
    propertyIds.map((id) => [
      id,
      { values: new Int32Array(n).fill(-1), nums: new Float64Array(n).fill(NaN) },
    ]),
  );
  r.rows.forEach((row, j) => {
    const property = loaded.get(r.properties[j] ?? 0);
    if (!property) return;
    property.values[row - 1] = r.values[j] ?? -1;
    property.nums[row - 1] = r.nums[j] ?? NaN;
  });
  for (const [id, property] of loaded) sample.properties.set(id, property);
}

/** The sample's values of `propertyIds` not loaded yet, read by key: one plan for every input. */
async function loadProperties(db: Db, sample: ScopeSample, propertyIds: readonly number[]): Promise<void> {
  const missing = propertyIds.filter((id) => !sample.properties.has(id));
  if (missing.length === 0) return;
  const [r] = await parseRowsPrepared(
    db,
    valuesOf(sql`unnest(${intArray(sample.ids)}) with ordinality s(id, n)`, missing),
    valuesRow,
    'generic',
  );
  if (r) keepValues(sample, missing, r);
}

/**
 * The rows of the sample (their places in it) that meet every filter — the SQL of filterConditions, as data: the
 * price within its range; a checkbox or radio filter, one of its values; a range filter, the property's number
 * within the range.
 */
function sampleMatches(s: ScopeSample, filters: readonly FilterCondition[]): number[] {
  const matched: number[] = [];
  for (let i = 0; i < s.prices.length; i++) if (filters.every((f) => meets(s, f, i))) matched.push(i);
  return matched;
}

/** Whether row `i` of the sample meets filter `f` (its property's values loaded). */
function meets(s: ScopeSample, f: FilterCondition, i: number): boolean {
  if (f.key === PRICE_KEY) {
    const price = s.prices[i] ?? NaN;
    return f.range !== undefined && price >= f.range[0] && price <= f.range[1];
  }
  const property = s.properties.get(f.key);
  if (!property) return false;
  if (f.range) {
    const v = property.nums[i] ?? NaN;
    return v >= f.range[0] && v <= f.range[1];
  }
  return f.valueIds.includes(property.values[i] ?? -1);
}

/** Orders two rows of the sample (their places in it). */
type SampleComparison = (s: ScopeSample) => (a: number, b: number) => number;

/**
 * The order of the rows of a sample as orderBy gives it in SQL (the id last), for the sorts whose columns the
 * sample carries (popularity and price); null for the others.
 */
function sampleOrder(q: ListingParams): SampleComparison | null {
  const dir = q.order === 'asc' ? 1 : -1;
  const by =
    (column: (s: ScopeSample) => ArrayLike<number>): SampleComparison =>
    (s) => {
      const values = column(s);
      return (a, b) => dir * ((values[a] ?? 0) - (values[b] ?? 0)) || (s.ids[a] ?? 0) - (s.ids[b] ?? 0);
    };
  if (q.sort === 'price') return by((s) => s.prices);
  if (q.sort === 'popular') return by((s) => s.popularity);
  return null;
}

/**
 * `read` (a select over one category, `c.id`) for each category of `ids`, as rows `r`: one LATERAL read per
 * category instead of one subquery each, so the statement's text (and its plan's size) stays the same whatever
 * the category's fan-out, and it can be prepared once per connection (db/sql.ts parseRowsPrepared).
 */
const eachCategory = (ids: readonly number[], read: SQL) =>
  sql`select r.* from unnest(${intArray(ids)}) c(id) cross join lateral (${read}) r`;

/**
 * A page and its total at a cost that follows the page asked for, not the size of the category or the catalogue
 * (issue #18). `read` is one ordered read of category `c.id` (a select of `id` and the sort columns, ordered as
 * asked, limited to `readLimit`: the page's last row and one more), done for each category of the subtree; the
 * reads are merged and the page cut from the merge, with the row after it, which tells whether more follow.
 * `draw` reads category `c.id`'s first TOTAL_SAMPLE + 1 rows in the order of the id's hash (`id`, `price`,
 * `popularity`, `h`): over the subtree, a uniform sample of the scope, kept in memory per category × vehicle
 * (`sample`). A scope the sample holds whole is listed from it (popularity and price orders). Otherwise the sample's
 * matches of the filters are counted when the total is not known from the page. When nothing follows the page, the total
 * is exact; a scope with no more rows than the sample is counted exactly; a larger one gets its matches' share of
 * the sample times `scopeSize`, rounded, flagged `total_estimated`, and never less than the rows known to exist
 * (those shown and the next), so the next page can always be reached. How far down its index the page lies depends
 * on the price range and filters, so the page's read is planned with each call's values (listItemsOf).
 */
async function orderedPage(
  db: Db,
  tree: CategoryTree,
  q: ListingQuery,
  { read, draw, scopeSize, sample }: { read: SQL; draw: SQL; scopeSize: number; sample: SampleOf },
): Promise<CatalogProductsResponse> {
  const ids = q.category.subtreeIds;
  const offset = (q.page - 1) * q.size;
  // The sample's products, prices and popularity, loaded once per category × vehicle (one index range read each,
  // whatever the values) with the values of the properties filtered (one key read per product); another
  // property's values are loaded when a filter first asks for them.
  const filtered = [...new Set(q.filters.filter((f) => f.key !== PRICE_KEY).map((f) => f.key))];
  const drawSample = async () => {
    const drawn = await sample.get(() => loadSample(db, ids, draw, filtered));
    await loadProperties(db, drawn, filtered);
    return drawn;
  };
  const respond = (
    results: CatalogProductsResponse['results'],
    total: number,
    estimated: boolean,
  ): CatalogProductsResponse => ({
    current: q.page,
    pages: Math.ceil(total / q.size),
    total,
    results,
    ...(estimated ? { total_estimated: true as const } : {}),
  });
  // A scope the sample holds whole (most vehicle × category scopes: tens to hundreds of rows), once its sample is
  // kept, is filtered, ordered and cut in memory, and only the page's cards are read: the sample is dropped with
  // every catalogue change, so the page is what the read would give, without a statement planned for each price
  // range. The first page of a scope is read (below) while its sample loads beside it for the next ones.
  const inMemory = sampleOrder(q);
  const whole = inMemory !== null && scopeSize <= TOTAL_SAMPLE;
  const kept = whole ? sample.kept() : undefined;
  if (inMemory && kept && kept.ids.length <= TOTAL_SAMPLE) {
    await loadProperties(db, kept, filtered);
    const matched = sampleMatches(kept, q.filters).sort(inMemory(kept));
    const shown = matched.slice(offset, offset + q.size).map((i) => kept.ids[i] ?? 0);
    return respond(await pageCards(db, tree, shown, q), matched.length, false);
  }
  const page = sql`select p.id from (${eachCategory(ids, read)}) p
      order by ${orderBy(q.sort, q.order)} limit ${q.size + 1} offset ${offset}`;
  // A scope four times what the page reads will most likely have rows after the page, and then the sample is
  // needed: it runs beside the page's read (on another pooled connection) instead of after it, so the answer
  // waits for the longer of the two, not their sum. So does the sample of a scope it would hold whole (for the
  // next pages in memory). A smaller scope asks for it only when the page says so.
  const early = whole || scopeSize > 4 * readLimit(q) ? drawSample() : null;
  early?.catch(() => {}); // awaited below when needed; a failure of the page's read must not leave it unhandled
  const rows = await listItemsOf(db, tree, page, q);
  const more = rows.length > q.size;
  const results = rows.slice(0, q.size);
  const shown = offset + results.length;
  // Nothing after the page: it ends the matches (an empty page past the first does not say where they end).
  if (!more && (results.length > 0 || offset === 0)) return respond(results, shown, false);
  const drawn = await (early ?? drawSample());
  const matched = sampleMatches(drawn, q.filters).length;
  if (drawn.ids.length <= TOTAL_SAMPLE) return respond(results, matched, false);
  const estimate = roundEstimate((scopeSize * matched) / drawn.ids.length);
  return respond(results, Math.max(estimate, shown + (more ? 1 : 0)), true);
}

/**
 * The sample of the categories `ids` that `draw` gives (see orderedPage): their first TOTAL_SAMPLE + 1 rows in the
 * order of the id's hash, with the values of `propertyIds` (one key read per product).
 */
async function loadSample(
  db: Db,
  ids: readonly number[],
  draw: SQL,
  propertyIds: readonly number[],
): Promise<ScopeSample> {
  const drawn = sql`(select id, price, popularity, row_number() over (order by h, id) as n
      from (select * from (${eachCategory(ids, draw)}) d order by h, id limit ${SAMPLE_LIMIT}) d) s`;
  const [r] = await parseRowsPrepared(
    db,
    sql`with s as materialized (select * from ${drawn})
        select (select coalesce(array_agg(id order by n), '{}') from s) as ids,
          (select coalesce(array_agg(price::float8 order by n), '{}') from s) as prices,
          (select coalesce(array_agg(popularity order by n), '{}') from s) as popularity, v.*
        from (${valuesOf(sql`s`, propertyIds)}) v`,
    drawnRow.extend(valuesRow.shape),
    'custom',
  );
  const loaded: ScopeSample = {
    ids: r?.ids ?? [],
    prices: Float64Array.from(r?.prices ?? []),
    popularity: Int32Array.from(r?.popularity ?? []),
    properties: new Map(),
  };
  if (r) keepValues(loaded, propertyIds, r);
  return loaded;
}

/** Rows one category's ordered read must give: up to the page's last row, and the one after it. */
const readLimit = (q: ListingParams) => q.page * q.size + 1;

/** The sample's size and the one more row that tells whether the scope is larger, as a constant of the text. */
const SAMPLE_LIMIT = sql.raw(String(TOTAL_SAMPLE + 1));

/**
 * The draw of a scope's sample (see orderedPage) and the scope's size: without a vehicle the subtree's products
 * (products_sample_idx); with one, its fitment rows of the subtree (product_transports_sample_idx, `fitted` the
 * vehicle's count per category) and the subtree's universal products.
 */
function scopeDraw(
  tree: CategoryTree,
  scope: Scope,
  fitted: ReadonlyMap<number, number> | null,
): { draw: SQL; scopeSize: number } {
  const ids = scope.category.subtreeIds;
  const sum = (counts: ReadonlyMap<number, number>) => ids.reduce((n, id) => n + (counts.get(id) ?? 0), 0);
  if (scope.transportId === null || fitted === null)
    return {
      draw: sql`select p.id, p.price, p.popularity, hashint4(p.id) as h from products p
          where p.category_id = c.id and p.is_active order by hashint4(p.id) limit ${SAMPLE_LIMIT}`,
      scopeSize: sum(tree.directTotal),
    };
  const fittedDraw = sql`select pt.product_id as id, pt.price, pt.popularity, hashint4(pt.product_id) as h
        from product_transports pt
        where pt.transport_id = ${scope.transportId} and pt.category_id = c.id and pt.listed
        order by hashint4(pt.product_id) limit ${SAMPLE_LIMIT}`;
  const universal = subtreeUniversal(tree, scope.category);
  if (universal === 0) return { draw: fittedDraw, scopeSize: sum(fitted) };
  // Universal products fit every vehicle (no fitment rows list them): each category adds its own.
  return {
    draw: sql`(${fittedDraw}) union all (select p.id, p.price, p.popularity, hashint4(p.id) as h from products p
        where p.category_id = c.id and p.is_active and p.is_universal
        order by hashint4(p.id) limit ${SAMPLE_LIMIT})`,
    scopeSize: sum(fitted) + universal,
  };
}

/** A category's page without a vehicle: each category of the subtree through its index for the order asked. */
function listCategory(
  db: Db,
  tree: CategoryTree,
  q: ListingQuery,
  sample: SampleOf,
): Promise<CatalogProductsResponse> {
  const and = andEach(q.conditions);
  return orderedPage(db, tree, q, {
    read: sql`select ${HIT_COLUMNS} from products p
        where p.category_id = c.id and p.is_active${and}
        order by ${orderBy(q.sort, q.order)} limit ${readLimit(q)}`,
    ...scopeDraw(tree, q, null),
    sample,
  });
}

/**
 * A vehicle's page by popularity or price: its fitment rows carry the product's popularity, price and whether it
 * is listed (migration 0019), so each category is one index range read in order (product_transports_popular_idx /
 * _price_idx), the filters tested on the rows read until the page is full, beside a read of the category's
 * universal products in the same order. Fitment rows are seen as `p` with the product's `id`, so the filters' SQL
 * applies unchanged. Planned with the call's values: with one plan for every input PostgreSQL reads a price range
 * of _price_idx and sorts it (190 ms for a vehicle's 26 000 parts) where the popularity order reads 69 rows.
 */
function listFitted(
  db: Db,
  tree: CategoryTree,
  q: ListingQuery & { transportId: number },
  fitted: ReadonlyMap<number, number>,
  sample: SampleOf,
): Promise<CatalogProductsResponse> {
  const and = andEach(q.conditions);
  const rows = sql`(select pt.product_id as id, pt.popularity, pt.price, pt.transport_id, pt.category_id, pt.listed
      from product_transports pt) p`;
  const order = orderBy(q.sort, q.order);
  const fittedRead = sql`select p.id, p.popularity, p.price from ${rows}
        where p.transport_id = ${q.transportId} and p.category_id = c.id and p.listed${and}
        order by ${order} limit ${readLimit(q)}`;
  const drawn = scopeDraw(tree, q, fitted);
  if (subtreeUniversal(tree, q.category) === 0)
    return orderedPage(db, tree, q, { read: fittedRead, ...drawn, sample });
  // Universal products fit every vehicle (they have no fitment rows that list them): each category adds its own,
  // read in the same order through their indexes (products_universal_listing_idx by popularity), and to the sample.
  return orderedPage(db, tree, q, {
    read: sql`(${fittedRead}) union all (select p.id, p.popularity, p.price from products p
        where p.category_id = c.id and p.is_active and p.is_universal${and}
        order by ${order} limit ${readLimit(q)})`,
    ...drawn,
    sample,
  });
}

// ---- facets ----

const facetRow = z.object({
  property_id: pgNumber,
  value_id: pgNumberOrNull,
  n: pgNumber,
  lo: pgNumberOrNull,
  hi: pgNumberOrNull,
});

/**
 * The facet statement. Without a selection: per value the products in scope carrying it, the bounds of every
 * range and of the price. With one (disjunctive facets), every product in scope is tested once against each
 * selected filter (`scope` carries a flag per filter); a product failing two or more filters counts nowhere, one
 * failing exactly one counts only for that filter's own values (or range), one failing none counts everywhere.
 * So the values of a filter are counted under the other selected filters, in one pass whatever the number of
 * filters — the cost is that of the listing's own scan plus the value probes of the products it keeps.
 */
function facetStatement(scope: Scope, propertyIds: number[], conditions: readonly FilterCondition[]): SQL {
  const values = (from: SQL, keep: SQL) => sql`
        select v.property_id, v.value_id, count(*)::int as n, min(v.num_value)::float8 as lo, max(v.num_value)::float8 as hi
        from ${from}
        cross join lateral (
          -- Per product a primary-key probe; OFFSET 0 stops the planner from hashing every value of these
          -- properties across the whole catalogue.
          select v.property_id, v.value_id, v.num_value from product_property_values v
          where v.product_id = s.id and v.property_id = any(${intArray(propertyIds)})
          offset 0
        ) v
        where ${keep}
        group by v.property_id, v.value_id`;
  if (conditions.length === 0) {
    return sql`with scope as materialized (${scopeSelect(scope, sql`p.id, p.price`, [], true)})
        ${values(sql`scope s`, sql`true`)}
        union all
        select ${PRICE_KEY}, null, count(*)::int, min(price)::float8, max(price)::float8 from scope`;
  }
  const flags = sql.join(
    conditions.map((c, i) => sql`, (${c.sql}) as ${sql.raw(`f${i}`)}`),
    sql``,
  );
  const misses = sql.join(
    conditions.map((_, i) => sql`(not ${sql.raw(`f${i}`)})::int`),
    sql` + `,
  );
  const missed = sql.join(
    conditions.map((c, i) => sql` when not ${sql.raw(`f${i}`)} then ${sql.raw(String(c.key))}`),
    sql``,
  );
  return sql`with scope as materialized (${scopeSelect(scope, sql`p.id, p.price${flags}`, [], true)}),
        near as materialized (
          select id, price, case${missed} end as missed from scope where ${misses} <= 1
        )
        ${values(sql`near s`, sql`(s.missed is null or s.missed = v.property_id)`)}
        union all
        select ${PRICE_KEY}, null, count(*)::int, min(price)::float8, max(price)::float8 from near
        where missed is null or missed = ${PRICE_KEY}`;
}

/**
 * Filters of a category with the number of products (in the subtree, fitting the vehicle) per value, the
 * bounds of every range, and the price range first (filtersOf), counted in SQL.
 */
async function categoryFilters(
  db: Db,
  dir: FilterDirectory,
  scope: Scope,
  conditions: readonly FilterCondition[],
): Promise<FiltersResponse> {
  const properties = propertiesFor(dir, scope.category);
  const result = await parseRows(
    db,
    facetStatement(
      scope,
      properties.map((p) => p.id),
      conditions,
    ),
    facetRow,
  );
  const counts = new Map<number, number>();
  const ranges = new Map<number, Bounds>();
  for (const r of result) {
    if (r.value_id !== null) counts.set(r.value_id, r.n);
    else if (r.n > 0 && r.lo !== null && r.hi !== null) ranges.set(r.property_id, { lo: r.lo, hi: r.hi });
  }
  return filtersOf(properties, conditions, { counts, ranges });
}

interface Bounds {
  lo: number;
  hi: number;
}

/** Facet counts: products per value id, and the bounds of the price (PRICE_KEY) and of every range property. */
interface FacetCounts {
  counts: Map<number, number>;
  ranges: Map<number, Bounds>;
}

/**
 * The facets of a scope larger than its sample, under a selection: the disjunctive counting of facetStatement
 * done on the sample's rows in memory (the values of the category's properties are loaded into the kept sample
 * once), each count scaled to the scope and rounded as the listing's estimated total is, and the filters flagged
 * `estimated`. The cost follows the sample (TOTAL_SAMPLE rows), not the scope, which grows with the catalogue:
 * tested by key one by one, a vehicle's 25,000 brake discs took 200–250 ms at 1,000,000 products (issue #18). A
 * value with products in the scope that no sampled row carries (under about one in a thousand) is left out, as a
 * value with no product is; a selected value always stays.
 */
async function sampledFilters(
  db: Db,
  dir: FilterDirectory,
  scope: Scope,
  sample: ScopeSample,
  scopeSize: number,
  conditions: readonly FilterCondition[],
): Promise<FiltersResponse> {
  const properties = propertiesFor(dir, scope.category);
  await loadProperties(
    db,
    sample,
    properties.map((p) => p.id),
  );
  const found: FacetCounts = { counts: new Map(), ranges: new Map() };
  const widen = (key: number, v: number) => {
    if (Number.isNaN(v)) return;
    const b = found.ranges.get(key);
    if (!b) found.ranges.set(key, { lo: v, hi: v });
    else if (v < b.lo) b.lo = v;
    else if (v > b.hi) b.hi = v;
  };
  for (let i = 0; i < sample.ids.length; i++) {
    // As in facetStatement: a row failing two filters counts nowhere, one failing one only for that filter.
    let missed: number | null = null;
    let misses = 0;
    for (const c of conditions) if (!meets(sample, c, i) && misses++ === 0) missed = c.key;
    if (misses > 1) continue;
    if (missed === null || missed === PRICE_KEY) widen(PRICE_KEY, sample.prices[i] ?? NaN);
    for (const p of properties) {
      if (missed !== null && missed !== p.id) continue;
      const values = sample.properties.get(p.id);
      if (!values) continue;
      if (p.type === 'RANGE') widen(p.id, values.nums[i] ?? NaN);
      const value = values.values[i] ?? -1;
      if (value >= 0) found.counts.set(value, (found.counts.get(value) ?? 0) + 1);
    }
  }
  const scale = scopeSize / sample.ids.length;
  for (const [value, n] of found.counts) found.counts.set(value, Math.max(1, roundEstimate(n * scale)));
  return filtersOf(properties, conditions, found).map((f) => ({ ...f, estimated: true as const }));
}

/**
 * The filters as the facet call answers them, from their counts: the price range first, then the category's
 * properties in order. Values no product in scope carries are left out, unless selected: a selected value or range
 * stays, so it can be seen and cleared.
 */
function filtersOf(
  properties: readonly Property[],
  conditions: readonly FilterCondition[],
  { counts, ranges }: FacetCounts,
): FiltersResponse {
  const selected = new Map(conditions.map((c) => [c.key, c]));
  /** The bounds in scope; a selected range with nothing under the other filters keeps its own bounds. */
  const bounds = (key: number) => {
    const range = ranges.get(key);
    if (range) return range;
    const chosen = selected.get(key)?.range;
    return chosen ? { lo: chosen[0], hi: chosen[1] } : undefined;
  };
  const filters: CatalogFilter[] = [];
  const price = bounds(PRICE_KEY);
  if (price) filters.push(priceFilter(price.lo, price.hi));
  for (const p of properties) {
    const unit = p.unit ? { unit: p.unit } : {};
    if (p.type === 'RANGE') {
      const range = bounds(p.id);
      if (range)
        filters.push({ title: p.title, slug: p.slug, type: p.type, min: range.lo, max: range.hi, ...unit });
      continue;
    }
    const chosen = new Set(selected.get(p.id)?.valueIds ?? []);
    const values = p.values
      .filter((v) => (counts.get(v.id) ?? 0) > 0 || chosen.has(v.id))
      .map((v) => ({ title: v.title, value: v.value, count: counts.get(v.id) ?? 0 }));
    if (values.length > 0) filters.push({ title: p.title, slug: p.slug, type: p.type, values, ...unit });
  }
  return filters;
}
