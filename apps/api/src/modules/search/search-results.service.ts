import { sql, type SQL } from 'drizzle-orm';
import {
  isSearchableQuery,
  PRICE_FILTER_SLUG,
  SEARCH_CATEGORY_FILTER_SLUG,
  SEARCH_MANUFACTURER_FILTER_SLUG,
  switchKeyboardLayout,
  type CatalogFilter,
  type CatalogFilterSelection,
  type CatalogProductsBody,
  type FiltersResponse,
  type SearchProductsQuery,
  type SearchProductsResponse,
} from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { intArray, parseRows, pgNumber, pgNumberOrNull, textArray } from '../../db/sql';
import {
  CATEGORY_TTL_MS,
  categoryDirectory,
  visibleCategorySql,
  type CategoryTree,
} from '../../lib/catalog/category.directory';
import {
  FILTER_MESSAGES,
  HIT_COLUMNS,
  listingPage,
  listingParams,
  LISTING_TTL_MS,
  priceFilter,
  selectionKey,
  type ListingParams,
} from '../../lib/catalog/listing-page';
import { transportDirectory, transportOr404 } from '../../lib/catalog/transport.directory';
import { badRequest } from '../../lib/http-error';
import { catalogCache } from '../../lib/catalog/catalog-cache';
import { articleQuery, correctTerms, searchTerms, termsTsquery, type SearchTerm } from './search.service';
import { readVehicle } from './vehicle-query';

// The search results page (Enter in the search box): every product the query finds — by article, by its words
// in any form, its codes in any spelling and its synonyms, exactly as the search box reads them — as a catalogue
// listing: pages, the catalogue's sorts, the chosen vehicle's fit (fitting and universal products only, as in
// the catalogue), and filters of their own: price, the matches' categories and manufacturers, with counts.
// When the query as typed finds nothing, the query with the keyboard layout switched is tried ('rjkjlrb' →
// 'колодки', named in corrected_query), then its words with typos corrected.
// Cost follows the number of matches (GIN index on the search vector, article indexes), never the catalogue.

export interface SearchResultsService {
  products(
    transportId: number | undefined,
    query: SearchProductsQuery,
    body: CatalogProductsBody,
  ): Promise<SearchProductsResponse>;
  filters(query: string, transportId: number | undefined): Promise<FiltersResponse>;
}

/** What a query matches, resolved once: the SQL condition over `products p`, and the query it stands for. */
interface Resolved {
  match: SQL | null;
  /** An exact article match ranks first under the default (popular) sort. */
  tier: SQL;
  corrected: string | null;
}

const NOTHING: Resolved = { match: null, tier: sql`0`, corrected: null };

function matchOf(query: string, terms: SearchTerm[]): Resolved {
  const article = articleQuery(query);
  const parts: SQL[] = [];
  if (terms.length > 0) parts.push(sql`p.search @@ (${termsTsquery(terms)})`);
  if (article) {
    parts.push(sql`p.article_normalized = ${article.exact}`);
    if (article.like) parts.push(sql`p.article_normalized like ${article.like}`);
  }
  if (parts.length === 0) return NOTHING;
  return {
    match: sql`(${sql.join(parts, sql` or `)})`,
    tier: article ? sql`(case when p.article_normalized = ${article.exact} then 0 else 1 end)` : sql`1`,
    corrected: null,
  };
}

/** The products fitting the vehicle — or any of the vehicles a query names (issue #17) — or every vehicle. */
function fitsSql(transport: number | number[] | null): SQL {
  if (transport === null) return sql`true`;
  const which = typeof transport === 'number' ? sql`= ${transport}` : sql`= any(${intArray(transport)})`;
  return sql`(p.is_universal or exists (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id ${which}))`;
}

/** Vehicle the listing is for: the one of the path, or the vehicles the query names. */
type Fit = number | number[] | null;

export function createSearchResultsService(db: Db): SearchResultsService {
  const categories = categoryDirectory(db);
  const resolutions = catalogCache<string, Resolved>(db, CATEGORY_TTL_MS, 5_000);
  const pages = catalogCache<string, SearchProductsResponse>(db, LISTING_TTL_MS, 5_000, 'search_pages');
  const facets = catalogCache<string, FiltersResponse>(db, CATEGORY_TTL_MS, 5_000);
  const vehicle = async (id: number | undefined) => (id === undefined ? null : transportOr404(db, id));

  const exists = async (r: Resolved, transportId: Fit) => {
    if (!r.match) return false;
    const rows = await parseRows(
      db,
      sql`select 1 as one from products p
          where p.is_active and ${r.match} and ${fitsSql(transportId)} and ${visibleCategorySql(await categories.tree())}
          limit 1`,
      z.object({ one: pgNumber }),
    );
    return rows.length > 0;
  };

  /** The query as typed; failing that, with the other keyboard layout; failing that, with typos corrected. */
  async function resolve(query: string, transportId: Fit): Promise<Resolved> {
    if (!isSearchableQuery(query)) return NOTHING;
    const key = `${String(transportId ?? '')}|${query.toLowerCase().replace(/\s+/g, ' ')}`;
    return resolutions.get(key, async () => {
      const typed = matchOf(query, searchTerms(query));
      if (await exists(typed, transportId)) return typed;
      const switched = switchKeyboardLayout(query);
      if (switched !== null) {
        const other = matchOf(switched, searchTerms(switched));
        if (await exists(other, transportId)) return { ...other, corrected: switched };
      }
      const terms = searchTerms(query);
      const replacements = await correctTerms(db, terms);
      if (replacements.size === 0) return typed;
      const corrected = terms.map((t): SearchTerm => {
        const lexeme = replacements.get(t.text);
        return lexeme ? { text: lexeme, kind: 'lexeme' } : t;
      });
      return { ...matchOf(query, corrected), tier: typed.tier };
    });
  }

  /** Conditions of the selected filters; an unknown slug or value is a 400, as in the catalogue. */
  async function conditions(tree: CategoryTree, selection: CatalogFilterSelection): Promise<SQL[]> {
    const out: SQL[] = [];
    for (const [slug, values] of Object.entries(selection)) {
      if (values.length === 0) continue;
      if (slug === PRICE_FILTER_SLUG) {
        const [min, max] = values.map((v) => (typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v)));
        if (values.length !== 2 || !Number.isFinite(min) || !Number.isFinite(max) || min! > max!)
          throw badRequest({ filter: [FILTER_MESSAGES.range(slug)] });
        out.push(sql`p.price between ${min} and ${max}`);
      } else if (slug === SEARCH_CATEGORY_FILTER_SLUG) {
        const ids = values.flatMap((v) => {
          const c = tree.bySlug.get(String(v));
          if (!c) throw badRequest({ filter: [FILTER_MESSAGES.value(slug, String(v))] });
          return c.subtreeIds;
        });
        out.push(sql`p.category_id = any(${intArray(ids)})`);
      } else if (slug === SEARCH_MANUFACTURER_FILTER_SLUG) {
        const wanted = [...new Set(values.map(String))];
        const known = await parseRows(
          db,
          sql`select id, slug from manufacturers where slug = any(${textArray(wanted)})`,
          z.object({ id: pgNumber, slug: z.string() }),
        );
        const missing = wanted.find((w) => !known.some((k) => k.slug === w));
        if (missing !== undefined) throw badRequest({ filter: [FILTER_MESSAGES.value(slug, missing)] });
        out.push(sql`p.manufacturer_id = any(${intArray(known.map((k) => k.id))})`);
      } else {
        throw badRequest({ filter: [FILTER_MESSAGES.unknown(slug)] });
      }
    }
    return out;
  }

  // A vehicle named in the text ('колодки камри 2018', issue #17): the other words are searched, among the
  // products fitting that vehicle — the one of the path when it is among the vehicles the text fits, else any
  // of them — and the page names it (`vehicle`) to offer choosing it.
  async function scope(query: string, transportId: number | null) {
    const reading = readVehicle(await transportDirectory(db).get(), query);
    if (!reading || reading.transportIds.length === 0 || !isSearchableQuery(reading.vehicle.query))
      return { text: query, fit: transportId as Fit, vehicle: reading?.vehicle };
    const ids = reading.transportIds;
    const fit: Fit = transportId !== null && ids.includes(transportId) ? transportId : ids;
    return { text: reading.vehicle.query, fit, vehicle: reading.vehicle };
  }

  return {
    async products(wantedTransport, query, body) {
      const transportId = await vehicle(wantedTransport);
      const tree = await categories.tree();
      const filter = body.filter ?? {};
      const where = await conditions(tree, filter);
      const params = listingParams(query, body);
      const { text, fit, vehicle: named } = await scope(query.query, transportId);
      const resolved = await resolve(text, fit);
      const key = JSON.stringify([query.query.toLowerCase(), transportId, params, selectionKey(filter)]);
      const page = await pages.get(key, () => listMatches(db, tree, resolved, fit, where, params));
      return named ? { ...page, vehicle: named } : page;
    },

    async filters(query, wantedTransport) {
      const transportId = await vehicle(wantedTransport);
      const tree = await categories.tree();
      const { text, fit } = await scope(query, transportId);
      const resolved = await resolve(text, fit);
      const key = `${transportId ?? ''}|${query.toLowerCase().replace(/\s+/g, ' ')}`;
      return facets.get(key, () => matchFilters(db, tree, resolved, fit));
    },
  };
}

async function listMatches(
  db: Db,
  tree: CategoryTree,
  resolved: Resolved,
  fit: Fit,
  where: SQL[],
  q: ListingParams,
): Promise<SearchProductsResponse> {
  const corrected = resolved.corrected === null ? {} : { corrected_query: resolved.corrected };
  if (!resolved.match) return { current: q.page, pages: 0, total: 0, results: [], ...corrected };
  const and = sql.join(where.map((c) => sql` and ${c}`));
  const hits = sql`select ${HIT_COLUMNS}, ${resolved.tier} as tier
          from products p
          where p.is_active and ${resolved.match} and ${fitsSql(fit)} and ${visibleCategorySql(tree)}${and}`;
  // Under the default sort an exact article comes first; any other sort is the customer's own order.
  const tier = q.sort === 'popular' && q.order === 'desc';
  // is_linked_transport: fit for the one vehicle of the path or the text; for several, all shown fit one of them.
  const transportId = typeof fit === 'number' ? fit : null;
  return { ...(await listingPage(db, tree, hits, { ...q, transportId, tier })), ...corrected };
}

const facetRow = z.object({
  kind: z.string(),
  id: pgNumberOrNull,
  n: pgNumber,
  lo: pgNumberOrNull,
  hi: pgNumberOrNull,
  title: z.string().nullable(),
  slug: z.string().nullable(),
});

/** Price range, categories (where the matches are) and manufacturers with their numbers of matches. */
async function matchFilters(
  db: Db,
  tree: CategoryTree,
  resolved: Resolved,
  transportId: Fit,
): Promise<FiltersResponse> {
  if (!resolved.match) return [];
  const rows = await parseRows(
    db,
    sql`with hits as materialized (
          select p.price, p.category_id, p.manufacturer_id from products p
          where p.is_active and ${resolved.match} and ${fitsSql(transportId)} and ${visibleCategorySql(tree)}
        )
        select 'price' as kind, null::int as id, count(*)::int as n, min(price)::float8 as lo, max(price)::float8 as hi,
               null::text as title, null::text as slug
        from hits
        union all
        select 'category', category_id, count(*)::int, null, null, null, null from hits group by category_id
        union all
        select 'manufacturer', h.manufacturer_id, count(*)::int, null, null, m.title, m.slug
        from hits h join manufacturers m on m.id = h.manufacturer_id
        group by h.manufacturer_id, m.title, m.slug`,
    facetRow,
  );
  const filters: CatalogFilter[] = [];
  const price = rows.find((r) => r.kind === 'price');
  if (price && price.n > 0 && price.lo !== null && price.hi !== null)
    filters.push(priceFilter(price.lo, price.hi));
  const categoryValues = rows
    .filter((r) => r.kind === 'category' && r.id !== null)
    .flatMap((r) => {
      const c = tree.byId.get(r.id!);
      return c ? [{ title: c.title, value: c.slug, count: r.n }] : [];
    })
    .sort((a, b) => b.count - a.count || a.title.localeCompare(b.title, 'ru'));
  if (categoryValues.length > 0)
    filters.push({
      title: 'Категория',
      slug: SEARCH_CATEGORY_FILTER_SLUG,
      type: 'CHECKBOX',
      values: categoryValues,
    });
  const makerValues = rows
    .filter((r) => r.kind === 'manufacturer' && r.slug !== null && r.title !== null)
    .map((r) => ({ title: r.title!, value: r.slug!, count: r.n }))
    .sort((a, b) => a.title.localeCompare(b.title, 'ru'));
  if (makerValues.length > 0)
    filters.push({
      title: 'Производитель',
      slug: SEARCH_MANUFACTURER_FILTER_SLUG,
      type: 'CHECKBOX',
      values: makerValues,
    });
  return filters;
}
