import { sql, type SQL } from 'drizzle-orm';
import {
  PRICE_FILTER_SLUG,
  type CatalogFilter,
  type CatalogFilterSelection,
  type CatalogSort,
  type FiltersResponse,
  type ProductListItem,
  type SortOrder,
} from '@podbor/contract';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import type { Category, CategoryTree } from './category.directory';
import { propertiesFor, type FilterDirectory } from './filter.directory';
import { intArray, num, numOrNull, rows, rowsWithFixedPlan } from '../../db/sql';

// Product listing and its facets. One statement per page: the products in scope (category subtree, vehicle)
// that meet the selected filters are materialised once with their sort columns; the total and the page come
// from them, and the wide columns are read for the page's rows only.

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
export function filterConditions(
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
function orderBy(sort: CatalogSort, order: SortOrder, alias = 'p'): SQL {
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

interface ListingRow {
  id: number;
  slug: string;
  title: string;
  image: string | null;
  price: number;
  old_price: number | null;
  article: string;
  category_id: number;
  is_service: boolean;
  with_installation: boolean;
  rating_avg: number;
  rating_count: number;
  manufacturer: string | null;
  manufacturer_slug: string | null;
  in_stock: boolean;
}

/** Columns of a list item, for `products p` joined to `manufacturers m`. */
export const LIST_ITEM_COLUMNS = sql`p.id, p.slug, p.title, p.images->>0 as image, p.price::float8 as price,
  p.old_price::float8 as old_price, p.article, p.category_id, p.is_service, p.with_installation,
  p.rating_avg::float8 as rating_avg, p.rating_count, m.title as manufacturer, m.slug as manufacturer_slug,
  exists (select 1 from stock s where s.product_id = p.id and s.quantity > s.reserved) as in_stock`;

export function toListItem(tree: CategoryTree, r: ListingRow, linked: boolean | undefined): ProductListItem {
  const category = tree.byId.get(num(r.category_id));
  return {
    title: r.title,
    slug: r.slug,
    image: r.image,
    price: num(r.price),
    categories: category ? [category.path] : [],
    manufacturer: r.manufacturer,
    ...(linked === undefined ? {} : { is_linked_transport: linked }),
    average_rating: num(r.rating_avg),
    manufacturer_slug: r.manufacturer_slug,
    old_price: numOrNull(r.old_price),
    vendor_code: r.article,
    is_service: r.is_service,
    in_stock: r.in_stock,
    reviews_count: num(r.rating_count),
    with_installation: r.with_installation,
  };
}

export async function listProducts(db: Db, tree: CategoryTree, q: ListingQuery) {
  // One statement, one pass: the matches (id and sort columns only, from the narrow listing index) are
  // materialised once; the count and a top-N page come from them, and the wide columns are read for the
  // page's rows only. An empty page still returns one row carrying the total.
  // With a vehicle and no universal products in the subtree, one plan suits every input (the fitted half is a
  // nested loop by construction, the universal half an empty range of its own index): the statement is
  // prepared once per connection instead of parsed and planned per request. Universal products (a category may
  // hold 16 000) need the plan made for their numbers: there a generic plan was 5× slower.
  const universal = q.category.subtreeIds.reduce((n, id) => n + (tree.directUniversal.get(id) ?? 0), 0);
  const run = q.transportId !== null && universal === 0 ? rowsWithFixedPlan : rows;
  const result = await run<ListingRow & { total: number }>(
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
  );
  const total = num(result[0]?.total);
  const linked = q.transportId === null ? undefined : true;
  return {
    current: q.page,
    pages: Math.ceil(total / q.size),
    total,
    results: result.filter((r) => r.id !== null).map((r) => toListItem(tree, r, linked)),
  };
}

// ---- facets ----

interface FacetRow {
  property_id: number;
  value_id: number | null;
  n: number;
  lo: number | null;
  hi: number | null;
}

/**
 * Filters of a category with the number of products (in the subtree, fitting the vehicle) per value, the
 * bounds of every range, and the price range first. Values no product in scope carries are left out.
 */
export async function categoryFilters(db: Db, dir: FilterDirectory, scope: Scope): Promise<FiltersResponse> {
  const properties = propertiesFor(dir, scope.category);
  const propertyIds = properties.map((p) => p.id);
  const result = await rows<FacetRow>(
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
  );
  const counts = new Map<number, number>();
  const ranges = new Map<number, { lo: number; hi: number }>();
  let price: { n: number; lo: number | null; hi: number | null } = { n: 0, lo: null, hi: null };
  for (const r of result) {
    const propertyId = num(r.property_id);
    if (propertyId === 0) {
      price = { n: num(r.n), lo: numOrNull(r.lo), hi: numOrNull(r.hi) };
    } else if (r.value_id !== null) {
      counts.set(num(r.value_id), num(r.n));
    } else if (r.lo !== null && r.hi !== null) {
      ranges.set(propertyId, { lo: num(r.lo), hi: num(r.hi) });
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
