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
  type SortOrder,
} from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { parseRows, parseRowsPrepared, pgNumber } from '../../db/sql';
import type { CategoryTree } from './category.directory';
import {
  LIST_ITEM_COLUMNS,
  listItemRow,
  listItemsByIds,
  listOffers,
  toListItem,
  type ListItemRow,
} from './list-item';

// What a category's listing and the search results page do alike: read the page, size and sort of a call, key
// a selection for the caches, order and page the products in one statement, and name the filter errors and the
// price filter the same way. Each keeps what is its own: which products are in scope and which filters apply.

/** How long a listing page may be served from memory. */
export const LISTING_TTL_MS = 30_000;

export const FILTER_MESSAGES = {
  unknown: (slug: string) => `Неизвестный фильтр «${slug}».`,
  range: (slug: string) => `Фильтр «${slug}» ожидает диапазон [min, max] из чисел.`,
  reversed: (slug: string) => `Фильтр «${slug}»: нижняя граница диапазона больше верхней.`,
  json: 'Параметр filter — выбор фильтров в JSON: {"slug": ["значение", …], "price": [min, max]}.',
  value: (slug: string, value: string) => `Фильтр «${slug}» не знает значения «${value}».`,
  radio: (slug: string) => `Фильтр «${slug}» допускает одно значение.`,
};

/** The price filter over the products in scope, from their lowest to their highest price. */
export function priceFilter(min: number, max: number): CatalogFilter {
  return { title: 'Цена', slug: PRICE_FILTER_SLUG, type: 'RANGE', min, max, unit: '₽' };
}

/** A selection in one canonical order, for cache keys. */
export function selectionKey(selection: CatalogFilterSelection) {
  return Object.entries(selection)
    .filter(([, values]) => values.length > 0)
    .map(([key, values]) => [key, values.map(String)] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
}

export interface ListingParams {
  page: number;
  size: number;
  sort: CatalogSort;
  order: SortOrder;
}

/** The page and the sort of a listing call: the body's, else the query's, else the defaults. */
export function listingParams(query: CatalogProductsQuery, body: CatalogProductsBody): ListingParams {
  return {
    page: body.page ?? query.page,
    size: query.size,
    sort: body.sort ?? query.sort ?? DEFAULT_CATALOG_SORT,
    order: body.order ?? query.order ?? DEFAULT_SORT_ORDER,
  };
}

/**
 * ORDER BY over `alias` (products, or the CTE of matches carrying the same sort columns). The sort columns are NOT
 * NULL, so where NULLs go changes no order; it is spelled out to match the indexes a category's listing walks
 * (issue #18): popularity, newest and rating are indexed `desc nulls last` (read backwards for asc: `asc nulls
 * first`), price `asc` (backwards: `desc`, nulls first, PostgreSQL's defaults). Ties go by id, ascending; an index
 * read backwards gives them in reverse, which an incremental sort of each tie group puts right.
 */
export function orderBy(sort: CatalogSort, order: SortOrder, alias = 'p'): SQL {
  const dir = sql.raw(order === 'asc' ? 'asc nulls first' : 'desc nulls last');
  const a = sql.raw(alias);
  switch (sort) {
    case 'price':
      return sql`${a}.price ${sql.raw(order === 'asc' ? 'asc' : 'desc')}, ${a}.id`;
    case 'rating':
      return sql`${a}.rating_avg ${dir}, ${a}.rating_count ${dir}, ${a}.id`;
    case 'new':
      return sql`${a}.created_at ${dir}, ${a}.id`;
    case 'popular':
      return sql`${a}.popularity ${dir}, ${a}.id`;
  }
}

/** The columns `hits` carries: the id and every sort's columns. */
export const HIT_COLUMNS = sql`p.id, p.popularity, p.price, p.rating_avg, p.rating_count, p.created_at`;

/** Rows of a subtree a listing reads in hash order to estimate a total it does not count one by one. */
export const TOTAL_SAMPLE = 1000;

/** An estimate rounded to two significant digits (258 384 → 260 000): a figure that does not pretend precision. */
export function roundEstimate(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/** A page's cards: those of the ids `page` selects (a select of `id`), in its order. */
export async function listItemsOf(
  db: Db,
  tree: CategoryTree,
  page: SQL,
  q: ListingParams & { transportId: number | null },
): Promise<CatalogProductsResponse['results']> {
  // Two statements: the page's ids, planned with each call's values (how far down an index the page lies depends
  // on them), then their cards by key, whose one plan serves every page — planning the joins of the cards with
  // each page's values was half of the database's work per page (issue #18).
  const ids = await parseRowsPrepared(db, page, pageIdRow, 'custom');
  return pageCards(
    db,
    tree,
    ids.map((r) => r.id),
    q,
  );
}

/** The cards of a page's products `ids`, in that order, as a listing with or without a vehicle shows them. */
export function pageCards(
  db: Db,
  tree: CategoryTree,
  ids: readonly number[],
  q: { transportId: number | null },
): Promise<CatalogProductsResponse['results']> {
  return listItemsByIds(db, tree, ids, q.transportId === null ? undefined : true);
}

const pageIdRow = z.object({ id: pgNumber });

/** A row of the page, or the one row of an empty page that only carries the total. */
const listingRow = z.union([
  listItemRow.extend({ total: pgNumber }),
  z.object({ total: pgNumber, id: z.null() }),
]);

/**
 * A page of products in one statement, one pass: `hits` (a select over `products p` of HIT_COLUMNS and, with
 * `tier`, a `tier` column sorted first) is materialised once; the count and a top-N page come from it, and the
 * wide columns are read for the page's rows only. An empty page still returns one row carrying the total.
 * `run` is how the statement is run (parseRows, or parseRowsWithFixedPlan where one plan suits every input).
 */
export async function listingPage(
  db: Db,
  tree: CategoryTree,
  hits: SQL,
  q: ListingParams & { transportId: number | null; tier?: boolean },
  run: typeof parseRows = parseRows,
): Promise<CatalogProductsResponse> {
  const order = (alias: string) =>
    q.tier
      ? sql`${sql.raw(alias)}.tier, ${orderBy(q.sort, q.order, alias)}`
      : orderBy(q.sort, q.order, alias);
  const result = await run(
    db,
    sql`with hits as materialized (
          ${hits}
        ),
        page as (
          select * from hits p order by ${order('p')} limit ${q.size} offset ${(q.page - 1) * q.size}
        )
        select c.total, ${LIST_ITEM_COLUMNS}
        from (select count(*)::int as total from hits) c
        left join page pg on true
        left join products p on p.id = pg.id
        left join manufacturers m on m.id = p.manufacturer_id
        order by ${order('pg')}`,
    listingRow,
  );
  const total = result[0]?.total ?? 0;
  const linked = q.transportId === null ? undefined : true;
  const rows = result.filter((r): r is ListItemRow & { total: number } => r.id !== null);
  const offers = await listOffers(db, rows);
  return {
    current: q.page,
    pages: Math.ceil(total / q.size),
    total,
    results: rows.map((r) => toListItem(tree, r, linked, offers)),
  };
}
