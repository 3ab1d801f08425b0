import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_CATALOG_SORT,
  DEFAULT_SORT_ORDER,
  PRICE_FILTER_SLUG,
  type CatalogFilter,
  type CatalogFilterSelection,
  type CatalogProductsBody,
  type CatalogProductsQuery,
  type CatalogProductsResponse,
  type CatalogSort,
  type FiltersResponse,
  type SortOrder,
} from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { intArray, parseRows, parseRowsWithFixedPlan, pgNumber, pgNumberOrNull } from '../../db/sql';
import {
  CATEGORY_TTL_MS,
  categoryDirectory,
  categoryOr404,
  type Category,
  type CategoryTree,
} from '../../lib/catalog/category.directory';
import { filterDirectory, propertiesFor, type FilterDirectory } from '../../lib/catalog/filter.directory';
import { LIST_ITEM_COLUMNS, listItemRow, toListItem, type ListItemRow } from '../../lib/catalog/list-item';
import { transportOr404 } from '../../lib/catalog/transport.directory';
import { badRequest } from '../../lib/http-error';
import { TtlCache } from '../../lib/ttl-cache';

// Product listing of a category and its filters with their counts (facets). One statement per page: the
// products in scope (category subtree, vehicle) that meet the selected filters are materialised once with their
// sort columns; the total and the page come from them, and the wide columns are read for the page's rows only.

/** How long a listing page may be served from memory. */
export const LISTING_TTL_MS = 30_000;

export interface ListingService {
  /** A page of the category's products (for the vehicle, when given), as POST …/products/ answers it. */
  products(
    categorySlug: string,
    transportId: number | undefined,
    query: CatalogProductsQuery,
    body: CatalogProductsBody,
  ): Promise<CatalogProductsResponse>;
  /** The category's filters with counts (for the vehicle, when given). */
  filters(categorySlug: string, transportId: number | undefined): Promise<FiltersResponse>;
}

/** The listing of one app's database, with its caches (create once per app). */
export function createListingService(db: Db): ListingService {
  const categories = categoryDirectory(db);
  // Facet counts are the same for every visitor of a category × vehicle: kept a minute, like the tree.
  const facets = new TtlCache<string, FiltersResponse>(CATEGORY_TTL_MS, 20_000);
  // Listing pages are the same for every visitor of a category × vehicle × filters × order × page. A page may
  // show a price or "in stock" up to 30 s old (the cart and the order always read live data); bounded, so a
  // crawler walking every filter combination evicts old pages instead of growing the heap.
  const pages = new TtlCache<string, CatalogProductsResponse>(LISTING_TTL_MS, 5_000);
  const vehicle = async (id: number | undefined) => (id === undefined ? null : transportOr404(db, id));

  return {
    async filters(slug, wantedTransport) {
      const transportId = await vehicle(wantedTransport);
      const category = categoryOr404(await categories.tree(), slug);
      const dir = await filterDirectory(db).get();
      return facets.get(`${category.id}:${transportId ?? 0}`, () =>
        categoryFilters(db, dir, { category, transportId }),
      );
    },

    async products(slug, wantedTransport, query, body) {
      const transportId = await vehicle(wantedTransport);
      const t = await categories.tree();
      const category = categoryOr404(t, slug);
      const filter = body.filter ?? {};
      const conditions = filterConditions(await filterDirectory(db).get(), category, filter);
      const params = {
        page: body.page ?? query.page,
        size: query.size,
        sort: body.sort ?? query.sort ?? DEFAULT_CATALOG_SORT,
        order: body.order ?? query.order ?? DEFAULT_SORT_ORDER,
      };
      const selected = Object.entries(filter)
        .filter(([, values]) => values.length > 0)
        .map(([key, values]) => [key, values.map(String)] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1));
      const key = JSON.stringify([category.id, transportId, params, selected]);
      return pages.get(key, () => listProducts(db, t, { category, transportId, conditions, ...params }));
    },
  };
}

export interface Scope {
  category: Category;
  transportId: number | null;
}

/**
 * `select <columns>` of the active products of the subtree that fit the vehicle and meet the conditions (SQL over
 * `products p`). Without a vehicle: the subtree's products (products_listing_idx). With one, two disjoint halves:
 * - fitted: the vehicle's products of the subtree, one range of product_transports_category_idx (tens to a few
 *   thousand rows, where testing the whole subtree against the vehicle's fitted set read up to 16 000), each
 *   product then read by its key with its filters tested on that one row (an index probe per filter). LATERAL …
 *   OFFSET 0 makes this nested loop a fact: for a parent category and a vehicle with many parts the planner
 *   otherwise hashes the vehicle's rows against every product of the catalogue;
 * - universal (they fit every vehicle): their own partial index; a category may hold 16 000 of them.
 */
function scopeSelect(scope: Scope, columns: SQL, conditions: readonly SQL[]): SQL {
  const ids = intArray(scope.category.subtreeIds);
  const and = sql.join(conditions.map((c) => sql` and ${c}`));
  if (scope.transportId === null) {
    return sql`select ${columns} from products p where p.category_id = any(${ids}) and p.is_active${and}`;
  }
  return sql`select ${columns} from product_transports pt
      cross join lateral (
        select ${columns} from products p
        where p.id = pt.product_id and p.is_active and not p.is_universal${and}
        offset 0
      ) p
      where pt.transport_id = ${scope.transportId} and pt.category_id = any(${ids})
    union all
    select ${columns} from products p
      where p.category_id = any(${ids}) and p.is_active and p.is_universal${and}`;
}

// ---- filter selection → SQL ----

const FILTER_MESSAGES = {
  unknown: (slug: string) => `Неизвестный фильтр «${slug}».`,
  range: (slug: string) => `Фильтр «${slug}» ожидает диапазон [min, max] из чисел.`,
  value: (slug: string, value: string) => `Фильтр «${slug}» не знает значения «${value}».`,
  radio: (slug: string) => `Фильтр «${slug}» допускает одно значение.`,
};

function parseRange(slug: string, values: (string | number)[]): [number, number] {
  const nums = values.map((v) => (typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v)));
  const [min, max] = nums;
  if (
    nums.length !== 2 ||
    min === undefined ||
    max === undefined ||
    !Number.isFinite(min) ||
    !Number.isFinite(max) ||
    min > max
  ) {
    throw badRequest({ filter: [FILTER_MESSAGES.range(slug)] });
  }
  return [min, max];
}

/** Validates the selection against the category's filters; an unknown slug or value is a 400, never ignored. */
function filterConditions(
  dir: FilterDirectory,
  category: Category,
  selection: CatalogFilterSelection,
): SQL[] {
  const bySlug = new Map(propertiesFor(dir, category).map((p) => [p.slug, p]));
  const conditions: SQL[] = [];
  for (const [slug, values] of Object.entries(selection)) {
    if (values.length === 0) continue;
    if (slug === PRICE_FILTER_SLUG) {
      const [min, max] = parseRange(slug, values);
      conditions.push(sql`p.price between ${min} and ${max}`);
      continue;
    }
    const property = bySlug.get(slug);
    if (!property) throw badRequest({ filter: [FILTER_MESSAGES.unknown(slug)] });
    if (property.type === 'RANGE') {
      const [min, max] = parseRange(slug, values);
      conditions.push(
        sql`exists (select 1 from product_property_values v where v.product_id = p.id and v.property_id = ${property.id} and v.num_value between ${min} and ${max})`,
      );
      continue;
    }
    if (property.type === 'RADIO' && values.length > 1)
      throw badRequest({ filter: [FILTER_MESSAGES.radio(slug)] });
    const ids = values.map((raw) => {
      const found = property.valuesByKey.get(String(raw));
      if (!found) throw badRequest({ filter: [FILTER_MESSAGES.value(slug, String(raw))] });
      return found.id;
    });
    conditions.push(
      // A listed value belongs to one property, so value_id alone selects (index-only on ppv_value_idx).
      sql`exists (select 1 from product_property_values v where v.product_id = p.id and v.value_id = any(${intArray(ids)}))`,
    );
  }
  return conditions;
}

// ---- listing ----

/** ORDER BY over `alias` (products, or the CTE of matches carrying the same sort columns). */
export function orderBy(sort: CatalogSort, order: SortOrder, alias = 'p'): SQL {
  const dir = sql.raw(order === 'asc' ? 'asc' : 'desc');
  const a = sql.raw(alias);
  switch (sort) {
    case 'price':
      return sql`${a}.price ${dir}, ${a}.id`;
    case 'rating':
      return sql`${a}.rating_avg ${dir}, ${a}.rating_count ${dir}, ${a}.id`;
    case 'new':
      return sql`${a}.created_at ${dir}, ${a}.id`;
    case 'popular':
      return sql`${a}.popularity ${dir}, ${a}.id`;
  }
}

export interface ListingQuery extends Scope {
  conditions: SQL[];
  page: number;
  size: number;
  sort: CatalogSort;
  order: SortOrder;
}

/** A row of the page, or the one row of an empty page that only carries the total. */
const listingRow = z.union([
  listItemRow.extend({ total: pgNumber }),
  z.object({ total: pgNumber, id: z.null() }),
]);

async function listProducts(db: Db, tree: CategoryTree, q: ListingQuery): Promise<CatalogProductsResponse> {
  // One statement, one pass: the matches (id and sort columns only, from the narrow listing index) are
  // materialised once; the count and a top-N page come from them, and the wide columns are read for the
  // page's rows only. An empty page still returns one row carrying the total.
  // With a vehicle and no universal products in the subtree, one plan suits every input (the fitted half is a
  // nested loop by construction, the universal half an empty range of its own index): the statement is
  // prepared once per connection instead of parsed and planned per request. Universal products (a category may
  // hold 16 000) need the plan made for their numbers: there a generic plan was 5× slower.
  const universal = q.category.subtreeIds.reduce((n, id) => n + (tree.directUniversal.get(id) ?? 0), 0);
  const run = q.transportId !== null && universal === 0 ? parseRowsWithFixedPlan : parseRows;
  const result = await run(
    db,
    sql`with hits as materialized (
          ${scopeSelect(q, sql`p.id, p.popularity, p.price, p.rating_avg, p.rating_count, p.created_at`, q.conditions)}
        ),
        page as (
          select * from hits p order by ${orderBy(q.sort, q.order)} limit ${q.size} offset ${(q.page - 1) * q.size}
        )
        select c.total, ${LIST_ITEM_COLUMNS}
        from (select count(*)::int as total from hits) c
        left join page pg on true
        left join products p on p.id = pg.id
        left join manufacturers m on m.id = p.manufacturer_id
        order by ${orderBy(q.sort, q.order, 'pg')}`,
    listingRow,
  );
  const total = result[0]?.total ?? 0;
  const linked = q.transportId === null ? undefined : true;
  return {
    current: q.page,
    pages: Math.ceil(total / q.size),
    total,
    results: result
      .filter((r): r is ListItemRow & { total: number } => r.id !== null)
      .map((r) => toListItem(tree, r, linked)),
  };
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
 * Filters of a category with the number of products (in the subtree, fitting the vehicle) per value, the
 * bounds of every range, and the price range first. Values no product in scope carries are left out.
 */
async function categoryFilters(db: Db, dir: FilterDirectory, scope: Scope): Promise<FiltersResponse> {
  const properties = propertiesFor(dir, scope.category);
  const propertyIds = properties.map((p) => p.id);
  const result = await parseRows(
    db,
    sql`with scope as materialized (${scopeSelect(scope, sql`p.id, p.price`, [])})
        select v.property_id, v.value_id, count(*)::int as n, min(v.num_value)::float8 as lo, max(v.num_value)::float8 as hi
        from scope s
        cross join lateral (
          -- Per product a primary-key probe; OFFSET 0 stops the planner from hashing every value of these
          -- properties across the whole catalogue.
          select v.property_id, v.value_id, v.num_value from product_property_values v
          where v.product_id = s.id and v.property_id = any(${intArray(propertyIds)})
          offset 0
        ) v
        group by v.property_id, v.value_id
        union all
        select 0, null, count(*)::int, min(price)::float8, max(price)::float8 from scope`,
    facetRow,
  );
  const counts = new Map<number, number>();
  const ranges = new Map<number, { lo: number; hi: number }>();
  let price: { n: number; lo: number | null; hi: number | null } = { n: 0, lo: null, hi: null };
  for (const r of result) {
    const propertyId = r.property_id;
    if (propertyId === 0) {
      price = { n: r.n, lo: r.lo, hi: r.hi };
    } else if (r.value_id !== null) {
      counts.set(r.value_id, r.n);
    } else if (r.lo !== null && r.hi !== null) {
      ranges.set(propertyId, { lo: r.lo, hi: r.hi });
    }
  }
  const filters: CatalogFilter[] = [];
  if (price.n > 0 && price.lo !== null && price.hi !== null) {
    filters.push({
      title: 'Цена',
      slug: PRICE_FILTER_SLUG,
      type: 'RANGE',
      min: price.lo,
      max: price.hi,
      unit: '₽',
    });
  }
  for (const p of properties) {
    const unit = p.unit ? { unit: p.unit } : {};
    if (p.type === 'RANGE') {
      const range = ranges.get(p.id);
      if (range)
        filters.push({ title: p.title, slug: p.slug, type: p.type, min: range.lo, max: range.hi, ...unit });
      continue;
    }
    const values = p.values
      .filter((v) => (counts.get(v.id) ?? 0) > 0)
      .map((v) => ({ title: v.title, value: v.value, count: counts.get(v.id) ?? 0 }));
    if (values.length > 0) filters.push({ title: p.title, slug: p.slug, type: p.type, values, ...unit });
  }
  return filters;
}
