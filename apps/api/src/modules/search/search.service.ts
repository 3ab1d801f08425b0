import { sql, type SQL } from 'drizzle-orm';
import {
  fitOf,
  isSearchableQuery,
  normalizeArticle,
  parseSearchQuery,
  searchSynonyms,
  switchKeyboardLayout,
  transliterate,
  type SearchCode,
  type SearchCategory,
  type SearchProduct,
  type SearchQuery,
  type SearchResponse,
  type SearchTransport,
} from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { intArray, parseRows, pgNumber, pgNumberOrNull, textArray } from '../../db/sql';
import { CATEGORY_TTL_MS, categoryDirectory, type CategoryTree } from '../../lib/catalog/category.directory';
import { transportDirectory, type TransportDirectory } from '../../lib/catalog/transport.directory';
import { catalogCache } from '../../lib/catalog/catalog-cache';
import { readVehicle } from './vehicle-query';

// Search box: vehicles by label, categories by title (both in memory), products in PostgreSQL, one statement:
//   tier 0  the exact normalised article ('0 986 494 524', '0986-494-524' → '0986494524'),
//   tier 1  an article starting with the query (a part number being typed),
//   tier 2  full text, when a vehicle is given: products that fit it or fit every vehicle,
//   tier 3  full text, all products;
// each tier most popular first. Full text matches every query word as a prefix of a Russian stem
// ('колодки' → 'колодк':*, so 'колодка' is found) or of the word itself ('перед' finds 'передние' although
// 'перед' alone is a stop word). Each full-text tier walks products_search_popular_idx from the most popular
// product down and stops at the tenth match, so a word thousands of products share costs a few dozen index
// tuples; a rare word is answered from the GIN index. ts_rank is not used: every title word is weight A and
// occurs once, so it gives all matches the same rank and only cost time.
// Only when that leaves room: typo tolerance. Query words whose stem starts no word of the catalogue's
// dictionary (search_words, the lexemes of all product titles) are replaced by the nearest dictionary word
// within one edit (two from eight letters: 'калодки' → 'колодк', 'аккумулятар' → 'аккумулятор') and the
// full-text tiers run once more. Nothing scans product titles by trigram similarity any more.
//
// The vehicle (SPEC §7 lists only `query` for this call, so it is Podbor's optional `transport` parameter)
// ranks products, it does not filter them: SPEC filters the catalogue by vehicle, but a search box must still
// find a part by its article or name when it does not fit the chosen car (a customer holding a box, or buying
// for another car). Fitting and universal products come first and are marked is_linked_transport.

export const SEARCH_LIMITS = { transport: 5, categories: 5, products: 10 } as const;

const EMPTY_SEARCH: SearchResponse = { transport: [], categories: [], products: [] };

export interface SearchService {
  /** The search box's answer: vehicles, categories and products for the query (and the vehicle, when known). */
  search(query: SearchQuery): Promise<SearchResponse>;
}

/** Search over one app's database, with its cache of answers (create once per app). */
export function createSearchService(db: Db): SearchService {
  const searches = catalogCache<string, SearchResponse>(db, CATEGORY_TTL_MS, 10_000, 'search_suggestions');

  // Vehicles and categories come from memory; products as typed, then (only when they leave room) with typos
  // corrected. A query that finds nothing as typed may have been typed with the other keyboard layout
  // ('rjkjlrb'): its switched form is tried before any typo is corrected, and the answer names it.
  async function run(query: string, transportId: number | null): Promise<SearchResponse> {
    const [t, dir] = await Promise.all([categoryDirectory(db).tree(), transportDirectory(db).get()]);
    const answer = async (q: string) => {
      const rows = await typedRows(db, q, transportId, POPULAR_WINDOW);
      return { q, rows, transport: searchTransports(dir, q), categories: searchCategories(t, q) };
    };
    let best = await answer(query);
    let corrected: string | null = null;
    const nothing = (a: typeof best) =>
      a.rows.length === 0 && a.transport.length === 0 && a.categories.length === 0;
    if (nothing(best)) {
      const switched = switchKeyboardLayout(query);
      const other = switched === null ? null : await answer(switched);
      if (other && !nothing(other)) {
        best = other;
        corrected = switched;
      }
    }
    const rows = await withCorrections(db, best.q, transportId, POPULAR_WINDOW, best.rows);
    return {
      transport: best.transport,
      categories: best.categories,
      products: toSearchProducts(t, rows, transportId),
      ...(corrected === null ? {} : { corrected_query: corrected }),
    };
  }

  // A vehicle named in the text ('колодки камри 2018'): the products are searched for the other words and
  // ranked for that vehicle — the chosen one when it is among the vehicles the text fits, else the first of
  // them — and the answer names it (`vehicle`, its vehicles in `transport` to choose from). A query that is
  // nothing but a vehicle ('лада веста') is answered as before, with the vehicle named.
  async function withVehicle(query: string, transportId: number | null): Promise<SearchResponse> {
    const reading = readVehicle(await transportDirectory(db).get(), query);
    if (!reading) return run(query, transportId);
    const { vehicle, transportIds } = reading;
    if (!isSearchableQuery(vehicle.query)) return { ...(await run(query, transportId)), vehicle };
    const rank =
      transportId !== null && transportIds.includes(transportId)
        ? transportId
        : (transportIds[0] ?? transportId);
    const answer = await run(vehicle.query, rank);
    return {
      ...answer,
      transport: vehicle.transports.length > 0 ? vehicle.transports : answer.transport,
      vehicle,
    };
  }

  return {
    async search({ query, transport, transport_id }) {
      if (!isSearchableQuery(query)) return EMPTY_SEARCH;
      // An unknown vehicle id is ignored (the answer is the one without a vehicle), never an error.
      const wanted = transport ?? transport_id ?? null;
      const transportId =
        wanted !== null && (await transportDirectory(db).get()).byId.has(wanted) ? wanted : null;
      // Answers are the same for everyone with the same vehicle: a popular query ('масло', 'колодки') is
      // computed once a minute.
      const key = `${transportId ?? ''}|${query.toLowerCase().replace(/\s+/g, ' ')}`;
      return searches.get(key, () => withVehicle(query, transportId));
    },
  };
}

const normalise = (s: string) => s.toLowerCase().replace(/ё/g, 'е');
const words = (s: string): string[] => normalise(s).match(/[\p{L}\p{N}]+/gu) ?? [];
/** Words of a product query: letters and ASCII digits only, so they are always valid tsquery text. */
const queryWords = (s: string): string[] => normalise(s).match(/[\p{L}0-9]+/gu) ?? [];

function levenshteinAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (a.length < b.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** A query word matches a title word by a shared stem (Russian endings) or with one typo. */
function wordMatches(q: string, t: string): boolean {
  const stem = q.length > 4 ? q.slice(0, q.length - 2) : q;
  if (t.startsWith(stem)) return true;
  return q.length >= 5 && (levenshteinAtMostOne(q, t) || levenshteinAtMostOne(q, t.slice(0, q.length)));
}

/** Edit distance, giving up (returning max + 1) once it must exceed `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

export function searchTransports(dir: TransportDirectory, query: string): SearchTransport[] {
  const tokens = words(query);
  if (tokens.length === 0) return [];
  // Customers type brands in Cyrillic ('лада веста'); vehicle titles are Latin.
  const variants: string[][] = [tokens, tokens.map(transliterate)];
  const found: SearchTransport[] = [];
  for (const t of dir.list) {
    if (
      variants.some((v) =>
        v.every((w) => t.haystack.includes(w) || (/^\d{4}$/.test(w) && t.years.includes(Number(w)))),
      )
    ) {
      found.push({ id: t.id, label: t.label });
      if (found.length >= SEARCH_LIMITS.transport) break;
    }
  }
  return found;
}

/** Category words a code stands for when the query is nothing else ('H7' → lamp categories). */
const CODE_CATEGORY_WORDS: Record<SearchCode['kind'], string> = {
  viscosity: 'масло',
  tyre: 'шины',
  lamp: 'лампы',
  rim: 'диски',
};

export function searchCategories(tree: CategoryTree, query: string): SearchCategory[] {
  const { codes, rest } = parseSearchQuery(query);
  let tokens = words(rest).filter((w) => w.length >= 2);
  if (tokens.length === 0 && codes[0]) tokens = [CODE_CATEGORY_WORDS[codes[0].kind]];
  if (tokens.length === 0) return [];
  const synonyms = new Map(tokens.map((q) => [q, searchSynonyms(q)]));
  const scored: { score: number; category: SearchCategory; depth: number }[] = [];
  for (const c of tree.byId.values()) {
    const titleWords = words(c.title);
    const has = (q: string) => titleWords.some((t) => wordMatches(q, t));
    const matches = (q: string) =>
      has(q) || (synonyms.get(q) ?? []).some((phrase) => phrase.every((w) => has(normalise(w))));
    if (!tokens.every(matches)) continue;
    const exact = tokens.filter((q) => titleWords.includes(q)).length;
    scored.push({
      score: exact,
      depth: c.depth,
      category: { title: c.title, slug: c.slug, image: c.image, categories: c.path },
    });
  }
  return scored
    .sort(
      (a, b) =>
        b.score - a.score || a.depth - b.depth || a.category.title.localeCompare(b.category.title, 'ru'),
    )
    .slice(0, SEARCH_LIMITS.categories)
    .map((s) => s.category);
}

/**
 * One term of the full-text query. `word`: matched as a prefix of its Russian stem or of itself, or as any of
 * its `synonyms` (every word of one phrase: 'дворники' → 'щетка' & 'стеклоочистителя'); `digits`: a number,
 * matched whole ('0' as a prefix would match every number starting with 0, and the article tiers already find
 * part numbers); `lexeme`: a dictionary word put in by the typo correction, matched as a prefix; `code`: a
 * viscosity, tyre size, lamp base or rim, matched in each way a title may spell it (codeTsquery).
 */
export interface SearchTerm {
  text: string;
  kind: 'word' | 'digits' | 'lexeme' | 'code';
  synonyms?: SearchTerm[][];
  code?: SearchCode;
}

function wordTerms(text: string, seen: Set<string>): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const w of queryWords(text)) {
    if (seen.has(w)) continue;
    seen.add(w);
    if (/^[0-9]+$/.test(w)) terms.push({ text: w, kind: 'digits' });
    else if ([...w].length >= 2) terms.push({ text: w, kind: 'word' });
  }
  return terms;
}

/**
 * The query's full-text terms: its codes (contract's parseSearchQuery), then words of two letters and more and
 * numbers, each once; a word customers use for a part the catalogue names otherwise carries its synonyms.
 */
export function searchTerms(query: string): SearchTerm[] {
  const { codes, rest } = parseSearchQuery(query);
  const seen = new Set<string>();
  const terms: SearchTerm[] = codes.map((code) => ({ text: code.text, kind: 'code', code }));
  for (const term of wordTerms(rest, seen)) {
    if (term.kind === 'word') {
      const synonyms = searchSynonyms(term.text).map((phrase) => wordTerms(phrase.join(' '), new Set()));
      if (synonyms.length > 0) term.synonyms = synonyms;
    }
    terms.push(term);
  }
  return terms;
}

/**
 * A code as tsquery text (lexemes quoted, so the cast takes them verbatim): every way PostgreSQL's parser cuts
 * the spellings a title may use. '5W-30' is the word '5w' then the number '-30', '5W30' one word, '205/55' a
 * path, so '205/55 R16' is '205/55' <-> 'r16' and '205/55R16' the single '205/55r16'; 'Р16' is Cyrillic.
 */
export function codeTsquery(code: SearchCode): string {
  const q = (s: string | number) => `'${s}'`;
  const phrase = (...parts: (string | number)[]) => `(${parts.map(q).join(' <-> ')})`;
  switch (code.kind) {
    case 'viscosity': {
      const w = `${code.winter}w`;
      const h = code.hot;
      return [q(`${w}${h}`), phrase(w, h), phrase(w, `-${h}`), q(`${w}/${h}`), q(`${w}-${h}`)].join(' | ');
    }
    case 'tyre': {
      const size = `${code.width}/${code.profile}`;
      if (code.rim === null) return [`${q(size)}:*`, phrase(code.width, code.profile)].join(' | ');
      const r = code.rim;
      return [
        phrase(size, `r${r}`),
        phrase(size, `р${r}`),
        phrase(size, `zr${r}`),
        phrase(size, 'r', r),
        phrase(size, r),
        q(`${size}r${r}`),
        q(`${size}р${r}`),
        q(`${size}zr${r}`),
        q(`${size}-${r}`),
        phrase(code.width, code.profile, `r${r}`),
        phrase(code.width, code.profile, r),
      ].join(' | ');
    }
    case 'lamp':
      return q(code.text);
    case 'rim':
      return [q(`r${code.rim}`), q(`р${code.rim}`), phrase('r', code.rim)].join(' | ');
  }
}

/** Words are letters and ASCII digits only (queryWords), codes are built by codeTsquery: never malformed. */
function termSql(t: SearchTerm): SQL {
  if (t.kind === 'code' && t.code) return sql`(${codeTsquery(t.code)})::tsquery`;
  if (t.kind === 'digits') return sql`to_tsquery('simple', ${t.text})`;
  if (t.kind === 'lexeme') return sql`to_tsquery('simple', ${`${t.text}:*`})`;
  // The stem exactly as the title vectors hold it (to_tsvector, not to_tsquery, so a stop word gives no NOTICE).
  const word = sql`(to_tsquery('simple', coalesce((tsvector_to_array(to_tsvector('russian', ${t.text})))[1], ${t.text}) || ':*') || to_tsquery('simple', ${`${t.text}:*`}))`;
  if (!t.synonyms?.length) return word;
  const phrases = t.synonyms.map((phrase) => sql`(${sql.join(phrase.map(termSql), sql` && `)})`);
  return sql`(${sql.join([word, ...phrases], sql` || `)})`;
}

/** The full-text query of the terms: all must match. */
export function termsTsquery(terms: SearchTerm[]): SQL {
  return sql.join(terms.map(termSql), sql` && `);
}

export interface ArticleQuery {
  exact: string;
  /** `LIKE` pattern for article prefixes; only for four characters and more with a digit in them. */
  like: string | null;
}

export function articleQuery(query: string): ArticleQuery | null {
  const exact = normalizeArticle(query);
  if (exact.length < 3) return null;
  return {
    exact,
    like: /\d/.test(exact) && exact.length >= 4 ? `${exact.replace(/[%_\\]/g, '\\$&')}%` : null,
  };
}

const PRODUCT_COLUMNS = sql`p.id, p.slug, p.title, p.images->>0 as image, p.price::float8 as price, p.is_service, p.is_universal, p.category_id, p.article`;

/**
 * How many of the most popular products the first full-text pass looks at. Walking them in popularity order
 * through products_search_popular_idx (index-only) costs about 2 ms for 5 000 tuples, whatever the words; a
 * word that is common among them is answered there. Only when that leaves a tier short does a second,
 * unbounded pass run, and then the words are rare among popular products, which the GIN index answers cheaply.
 * (An unbounded popularity walk, the planner's choice when it over-estimates how common the words are, would
 * read the whole index — 80 ms on 200 000 products — when they are rare; this bound avoids trusting that guess.)
 */
export const POPULAR_WINDOW = 5000;

/** A product found by one tier (PRODUCT_COLUMNS, the tier, popularity and whether it fits the vehicle). */
const tierRow = z.object({
  tier: pgNumber,
  popularity: pgNumber,
  id: pgNumber,
  slug: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  price: pgNumber,
  is_service: z.boolean(),
  is_universal: z.boolean(),
  category_id: pgNumber,
  article: z.string(),
  fits: z.boolean(),
});
type TierRow = z.infer<typeof tierRow>;

/**
 * How many of a vehicle's fitted products, most popular first, the second pass tests for words common among
 * popular products but few of them fitting: bounded like POPULAR_WINDOW, so its cost does not follow the size of
 * the vehicle's fitment (which grows with the catalogue). Matches beyond it still come in the «all» tier.
 */
export const FITTING_WINDOW = 3000;

/**
 * The vehicle's FITTING_WINDOW most popular listed products (`id`, `popularity`), read from its fitment rows
 * (they carry popularity, migration 0019): one ordered index range per category it has parts in, merged.
 */
async function fittingWindow(db: Db, transportId: number): Promise<SQL> {
  const categories = [...(await categoryDirectory(db).fitted(transportId)).keys()];
  if (categories.length === 0) return sql`(select null::int as id, null::int as popularity where false)`;
  const reads = categories.map(
    (c) => sql`(select pt.product_id as id, pt.popularity from product_transports pt
        where pt.transport_id = ${transportId} and pt.category_id = ${c} and pt.listed
        order by pt.popularity desc nulls last, pt.product_id limit ${FITTING_WINDOW})`,
  );
  return sql`(select * from (${sql.join(reads, sql` union all `)}) u
      order by popularity desc nulls last, id limit ${FITTING_WINDOW})`;
}

/** One statement for the given tiers (see the top of this file); rows in tier, fit, popularity order. */
async function findTiers(
  db: Db,
  article: ArticleQuery | null,
  terms: SearchTerm[],
  transportId: number | null,
  exclude: number[],
  limit: number,
  window: number | null,
  need: { fitting: boolean; all: boolean } = { fitting: true, all: true },
): Promise<TierRow[]> {
  const notInOf = (column: SQL) =>
    exclude.length > 0 ? sql`and ${column} <> all(${intArray(exclude)})` : sql``;
  const notIn = notInOf(sql`id`);
  const tiers: SQL[] = [];
  if (article) {
    tiers.push(
      sql`(select id, 0 as tier from products where is_active and article_normalized = ${article.exact} ${notIn} limit ${limit})`,
    );
    if (article.like)
      tiers.push(sql`(select id, 1 as tier from products
                      where is_active and article_normalized like ${article.like} and article_normalized <> ${article.exact} ${notIn}
                      order by popularity desc, id limit ${limit})`);
  }
  let matches = sql``;
  if (terms.length > 0) {
    const tsquery = termsTsquery(terms);
    // A probe of the fitment's primary key per candidate: `id in (select … where transport_id = …)` made the
    // planner hash every fitment row of the vehicle first, a cost that grows with the catalogue (issue #18).
    const fitting = sql`(is_universal or exists (select 1 from product_transports pt where pt.product_id = w.id and pt.transport_id = ${transportId}))`;
    if (window !== null) {
      // The window keeps the popularity order of its index-only scan; the filter takes the first matches.
      const source = sql`(select id, search, is_universal from products where is_active ${notIn}
                          order by popularity desc, id limit ${window}) w`;
      if (transportId !== null)
        tiers.push(
          sql`(select id, 2 as tier from ${source} where search @@ (${tsquery}) and ${fitting} limit ${limit})`,
        );
      tiers.push(sql`(select id, 3 as tier from ${source} where search @@ (${tsquery}) limit ${limit})`);
    } else {
      // The second pass (see findProducts), written so that its cost follows the number of matches or of the
      // vehicle's fitting products, never the size of the catalogue. The search_*_matches functions (migration
      // 0003) pin their plans, because the planner's guess of how common the words are is least reliable here
      // and a wrong guess costs a walk of the whole popularity index (0.1–0.5 s on 200 000 products):
      //   search_matches            every match, from the GIN index — for words rare among popular products;
      //   fittingWindow             the vehicle's FITTING_WINDOW most popular fitted products, each checked in
      //                             products_search_id_idx without reading the product — for common words
      //                             (all its fitment rows were 48,000 at 1,000,000 products: 130 ms; issue #18);
      //   search_universal_matches  universal products, from their own partial GIN index.
      const ctes: SQL[] = [];
      if (need.all)
        ctes.push(
          sql`m as materialized (select id, popularity, is_universal from search_matches(${tsquery}) where true ${notIn})`,
        );
      if (transportId !== null && need.fitting) {
        ctes.push(
          need.all
            ? sql`f as materialized (select id, popularity from m w where ${fitting})`
            : // The window is read in popularity order and the walk stops at the `limit`-th match. `offset 0`
              // keeps the EXISTS a probe per window row (products_search_id_idx, index-only): without it the
              // planner turns it into a semi-join and, misjudging how common the words are (872 estimated,
              // 30,976 actual for «фильтр mann» at 1,000,000 products), hashes every match of the words
              // first — 120–230 ms, a cost that grows with the catalogue.
              sql`f as materialized (
                (select w.id, w.popularity from ${await fittingWindow(db, transportId)} w
                 where exists (select 1 from products p
                               where p.id = w.id and p.is_active and p.search @@ (${tsquery}) offset 0)
                   ${notInOf(sql`w.id`)}
                 order by w.popularity desc nulls last, w.id limit ${limit})
                union all
                select id, popularity from search_universal_matches(${tsquery}) where true ${notIn})`,
        );
        tiers.push(sql`(select id, 2 as tier from f order by popularity desc, id limit ${limit})`);
      }
      if (need.all)
        tiers.push(sql`(select id, 3 as tier from m order by popularity desc, id limit ${limit})`);
      if (ctes.length > 0) matches = sql`with ${sql.join(ctes, sql`, `)} `;
    }
  }
  if (tiers.length === 0) return [];
  const fits =
    transportId === null
      ? sql`false`
      : sql`(p.is_universal or exists (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = ${transportId}))`;
  return parseRows(
    db,
    sql`${matches}select t.tier, p.popularity, ${PRODUCT_COLUMNS}, ${fits} as fits
        from (${sql.join(tiers, sql` union all `)}) t
        join products p on p.id = t.id
        order by t.tier, fits desc, p.popularity desc, p.id`,
    tierRow,
  );
}

/** Tier rows merged: tier, then fit, then popularity; each product once, at most `limit`. */
function merge(found: TierRow[], limit: number): TierRow[] {
  const sorted = [...found].sort(
    (a, b) =>
      a.tier - b.tier || Number(b.fits) - Number(a.fits) || b.popularity - a.popularity || a.id - b.id,
  );
  const seen = new Set<number>();
  const result: TierRow[] = [];
  for (const r of sorted) {
    const id = r.id;
    if (seen.has(id)) continue;
    seen.add(id);
    result.push(r);
    if (result.length >= limit) break;
  }
  return result;
}

/** All tiers: the popular window first, then, only for a full-text tier it left short, the unbounded pass. */
async function findProducts(
  db: Db,
  article: ArticleQuery | null,
  terms: SearchTerm[],
  transportId: number | null,
  exclude: number[],
  limit: number,
  window: number,
): Promise<TierRow[]> {
  const first = await findTiers(db, article, terms, transportId, exclude, limit, window);
  const count = (tier: number) => first.filter((r) => r.tier === tier).length;
  const need = { fitting: transportId !== null && count(2) < limit, all: count(3) < limit };
  if (terms.length === 0 || (!need.fitting && !need.all)) return merge(first, limit);
  const seen = [...exclude, ...first.map((r) => r.id)];
  const rest = await findTiers(db, null, terms, transportId, seen, limit, null, need);
  return merge([...first, ...rest], limit);
}

const dictionaryRow = z.object({
  w: z.string(),
  stem: z.string(),
  known: z.boolean(),
  word: z.string().nullable(),
  ndoc: pgNumberOrNull,
});

/**
 * Typo correction against the catalogue's dictionary (search_words). For each letter-only word of four
 * letters and more whose stem (or the word itself) starts no dictionary word: the nearest dictionary words by
 * trigram distance (GiST), of which the one within one edit of the stem — two from eight letters, also
 * comparing with the dictionary word cut to the stem's length — and held by the most products wins.
 * Returns the replacements, word → dictionary lexeme; empty when nothing needs or allows correcting.
 */
export async function correctTerms(db: Db, terms: SearchTerm[]): Promise<Map<string, string>> {
  const candidates = terms
    .filter((t) => t.kind === 'word' && !t.synonyms && [...t.text].length >= 4 && /^\p{L}+$/u.test(t.text))
    .map((t) => t.text);
  const replacements = new Map<string, string>();
  if (candidates.length === 0) return replacements;
  // Stems are computed once (materialised), not once per dictionary row.
  const found = await parseRows(
    db,
    sql`with q as materialized (
          select w, coalesce((tsvector_to_array(to_tsvector('russian', w)))[1], w) as stem
          from unnest(${textArray(candidates)}) as w),
        k as materialized (
          select q.w, q.stem, exists (select 1 from search_words sw
                                      where starts_with(sw.word, q.stem) or starts_with(sw.word, q.w)) as known
          from q)
        select k.w, k.stem, k.known, c.word, c.ndoc
        from k left join lateral (select sw.word, sw.ndoc from search_words sw
                                  where not k.known order by sw.word <-> k.stem limit 12) c on true`,
    dictionaryRow,
  );
  const best = new Map<string, { word: string; d: number; ndoc: number }>();
  for (const r of found) {
    if (r.known || r.word === null) continue;
    const max = [...r.w].length >= 8 ? 2 : 1;
    const cut = r.word.length > r.stem.length ? r.word.slice(0, r.stem.length) : r.word;
    const whole = editDistance(r.stem, r.word, max);
    const part = editDistance(r.stem, cut, max);
    const d = Math.min(whole, part);
    if (d > max) continue;
    const word = whole <= part ? r.word : cut;
    const ndoc = r.ndoc ?? 0;
    const prev = best.get(r.w);
    if (!prev || d < prev.d || (d === prev.d && ndoc > prev.ndoc)) best.set(r.w, { word, d, ndoc });
  }
  for (const [w, b] of best) replacements.set(w, b.word);
  return replacements;
}

/** The products of the words as typed: article tiers, then full text (codes and synonyms included). */
async function typedRows(db: Db, query: string, transportId: number | null, window: number) {
  const terms = searchTerms(query);
  return findProducts(db, articleQuery(query), terms, transportId, [], SEARCH_LIMITS.products, window);
}

/** `found` topped up, when it leaves room, with the products of the query's words with typos corrected. */
async function withCorrections(
  db: Db,
  query: string,
  transportId: number | null,
  window: number,
  found: TierRow[],
): Promise<TierRow[]> {
  const limit = SEARCH_LIMITS.products;
  if (found.length >= limit) return found;
  const terms = searchTerms(query);
  const replacements = await correctTerms(db, terms);
  if (replacements.size === 0) return found;
  const corrected = terms.map((t): SearchTerm => {
    const lexeme = replacements.get(t.text);
    return lexeme ? { text: lexeme, kind: 'lexeme' } : t;
  });
  const ids = found.map((r) => r.id);
  return [
    ...found,
    ...(await findProducts(db, null, corrected, transportId, ids, limit - found.length, window)),
  ];
}

function toSearchProducts(tree: CategoryTree, rows: TierRow[], transportId: number | null): SearchProduct[] {
  // Products of a hidden category (or one under it) are not in the storefront's tree: they are not suggested.
  return rows.flatMap((r) => {
    const category = tree.byId.get(r.category_id);
    if (!category) return [];
    const item: SearchProduct = {
      title: r.title,
      slug: r.slug,
      image: r.image,
      price: r.price,
      is_service: r.is_service,
      categories: [category.path],
      vendor_code: r.article,
    };
    if (transportId !== null) item.is_linked_transport = Boolean(r.fits);
    item.fit = fitOf({
      isUniversal: r.is_universal,
      isService: r.is_service,
      linked: transportId === null ? null : r.fits,
    });
    return [item];
  });
}

export async function searchProducts(
  db: Db,
  tree: CategoryTree,
  query: string,
  transportId: number | null = null,
  /** Tests shrink the window to exercise the second pass on a small catalogue. */
  window = POPULAR_WINDOW,
): Promise<SearchProduct[]> {
  const typed = await typedRows(db, query, transportId, window);
  return toSearchProducts(tree, await withCorrections(db, query, transportId, window, typed), transportId);
}

/**
 * Rebuilds search's dictionary from the active products' search vectors: letter-only lexemes of three letters
 * and more. Run after the catalogue changes in bulk (the seed does; migration 0003 fills it once).
 * Counted with unnest + group by rather than ts_stat: ts_stat keeps its words in an unbalanced binary tree, which
 * degenerates on words that come in sorted order (numbered titles, sequential articles) — 200,000 1C products took
 * it over two minutes, the hash aggregate takes two seconds. Every lexeme occurs once per vector, so count = ndoc.
 */
export async function refreshSearchWords(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(sql`delete from search_words`);
  await db.execute(
    sql`insert into search_words (word, ndoc)
        select u.lexeme, count(*) from products p cross join unnest(p.search) u
        where p.is_active and u.lexeme ~ '^[[:alpha:]]{3,}$'
        group by u.lexeme`,
  );
}
