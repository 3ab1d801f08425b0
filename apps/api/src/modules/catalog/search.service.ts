import { sql } from 'drizzle-orm';
import {
  normalizeArticle,
  SEARCH_MIN_LENGTH,
  type SearchCategory,
  type SearchProduct,
  type SearchResponse,
  type SearchTransport,
} from '@podbor/contract';
import type { Db } from '../../db/client';
import { transportDirectory, type TransportDirectory } from '../transport/transport.directory';
import { CATEGORY_TTL_MS, categoryDirectory, type CategoryTree } from './category.directory';
import { filterDirectory } from './filter.directory';
import { intArray, num, rows } from './sql';
import { cached, perDb } from './ttl-cache';

// Search box: vehicles by label, categories by title (both in memory), products in PostgreSQL:
//   1. exact normalised article, then article prefix, then Russian full text with prefix matching
//      ('колодки' finds 'колодка', 'колод' finds both while typing), ranked;
//   2. only when that leaves room, typo tolerance: query words unknown to the shop's vocabulary are corrected
//      to the closest known word ('калодки' → 'колодки') and searched again; when nothing can be corrected
//      and nothing was found, a time-boxed pg_trgm word-similarity pass on titles. The common case never
//      pays for either.

export const SEARCH_LIMITS = { transport: 5, categories: 5, products: 10 } as const;
/** word_similarity('калодки', '… колодки …') is 0.5; the default 0.6 would miss one-letter typos in short words. */
const WORD_SIMILARITY_THRESHOLD = 0.4;
const TRIGRAM_TIMEOUT_MS = 250;

export const EMPTY_SEARCH: SearchResponse = { transport: [], categories: [], products: [] };

const normalise = (s: string) => s.toLowerCase().replace(/ё/g, 'е');
const words = (s: string): string[] => normalise(s).match(/[\p{L}\p{N}]+/gu) ?? [];

const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};
/** Customers type brands in Cyrillic ('лада веста'); vehicle titles are Latin. */
const translit = (s: string) => [...s].map((ch) => TRANSLIT[ch] ?? ch).join('');

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

/**
 * Words customers search with: category, filter value, manufacturer and vehicle titles (all cached reference
 * data). A query word that matches none of them is corrected to the closest one — one edit for short words,
 * two from eight letters — comparing with the vocabulary word cut to the query word's length, so a typo in a
 * word form ('амартизатор' ↔ 'амортизаторы') is still found. Product titles are built from these words.
 */
export function buildVocabulary(texts: Iterable<string>): string[] {
  const set = new Set<string>();
  for (const text of texts) for (const w of words(text)) if (w.length >= 4 && /^\p{L}+$/u.test(w)) set.add(w);
  return [...set];
}

const corrections = new WeakMap<readonly string[], Map<string, string | null>>();

/** Memoised per vocabulary (a new vocabulary every minute starts a new, bounded memo). */
export function correctWord(vocabulary: readonly string[], w: string): string | null {
  let memo = corrections.get(vocabulary);
  if (!memo) corrections.set(vocabulary, (memo = new Map()));
  const hit = memo.get(w);
  if (hit !== undefined) return hit;
  const result = computeCorrection(vocabulary, w);
  if (memo.size < 10_000) memo.set(w, result);
  return result;
}

function computeCorrection(vocabulary: readonly string[], w: string): string | null {
  if (w.length < 4 || !/^\p{L}+$/u.test(w)) return null;
  const stem = w.length > 4 ? w.slice(0, w.length - 2) : w;
  if (vocabulary.some((v) => v.startsWith(stem))) return null;
  const max = w.length >= 8 ? 2 : 1;
  let best: { word: string; d: number } | null = null;
  for (const v of vocabulary) {
    const d = Math.min(editDistance(w, v, max), editDistance(w, v.slice(0, w.length), max));
    if (d <= max && (!best || d < best.d)) best = { word: v.length > w.length ? v.slice(0, w.length) : v, d };
  }
  return best?.word ?? null;
}

export function searchTransports(dir: TransportDirectory, query: string): SearchTransport[] {
  const tokens = words(query);
  if (tokens.length === 0) return [];
  const variants: string[][] = [tokens, tokens.map(translit)];
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

export function searchCategories(tree: CategoryTree, query: string): SearchCategory[] {
  const tokens = words(query).filter((w) => w.length >= 2);
  if (tokens.length === 0) return [];
  const scored: { score: number; category: SearchCategory; depth: number }[] = [];
  for (const c of tree.byId.values()) {
    const titleWords = words(c.title);
    if (!tokens.every((q) => titleWords.some((t) => wordMatches(q, t)))) continue;
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

interface ProductRow {
  id: number;
  slug: string;
  title: string;
  image: string | null;
  price: number;
  is_service: boolean;
  category_id: number;
  article: string;
}

const PRODUCT_COLUMNS = sql`p.id, p.slug, p.title, p.images->>0 as image, p.price::float8 as price, p.is_service, p.category_id, p.article`;

function articleOf(query: string) {
  const article = normalizeArticle(query);
  return {
    article,
    like: /\d/.test(article) && article.length >= 4 ? `${article.replace(/[%_\\]/g, '\\$&')}%` : null,
  };
}

/** Exact article, article prefix, full text (each word a prefix), ranked in that order, then popularity. */
async function textMatches(
  db: Db,
  query: string,
  terms: string[],
  exclude: number[],
  limit: number,
): Promise<ProductRow[]> {
  const { article, like } = articleOf(query);
  // Words are letters and digits only, so the tsquery text cannot be malformed.
  const tsquery = terms.length > 0 ? terms.map((w) => `${w}:*`).join(' & ') : null;
  const matches = [sql`p.article_normalized = ${article}`];
  if (like) matches.push(sql`p.article_normalized like ${like}`);
  if (tsquery) matches.push(sql`p.search @@ to_tsquery('russian', ${tsquery})`);
  return rows<ProductRow>(
    db,
    sql`select ${PRODUCT_COLUMNS}
        from products p
        where p.is_active and (${sql.join(matches, sql` or `)})
          ${exclude.length > 0 ? sql`and p.id <> all(${intArray(exclude)})` : sql``}
        order by (p.article_normalized = ${article}) desc,
                 ${like ? sql`(p.article_normalized like ${like}) desc,` : sql``}
                 ${tsquery ? sql`ts_rank(p.search, to_tsquery('russian', ${tsquery})) desc,` : sql``}
                 p.popularity desc, p.id
        limit ${limit}`,
  );
}

/** Last resort for a typo the vocabulary cannot fix: trigram word similarity on titles, time-boxed. */
async function trigramMatches(db: Db, text: string, exclude: number[], limit: number): Promise<ProductRow[]> {
  try {
    return await db.transaction(async (txDb) => {
      const tx = txDb as unknown as Db;
      // Both settings last for this transaction only. Frequent trigrams can make `<%` slow on a big
      // catalogue, so it gets a time box and the caller keeps what it already has when it runs out.
      await tx.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true),
                   set_config('statement_timeout', ${String(TRIGRAM_TIMEOUT_MS)}, true)`,
      );
      return rows<ProductRow>(
        tx,
        sql`select ${PRODUCT_COLUMNS}
            from products p
            where p.is_active and ${text} <% p.title and p.id <> all(${intArray(exclude)})
            order by word_similarity(${text}, p.title) desc, p.popularity desc, p.id
            limit ${limit}`,
      );
    });
  } catch (err) {
    if (
      (err as { code?: string; cause?: { code?: string } }).cause?.code === '57014' ||
      (err as { code?: string }).code === '57014'
    )
      return [];
    throw err;
  }
}

export async function searchProducts(
  db: Db,
  tree: CategoryTree,
  vocabulary: readonly string[],
  query: string,
): Promise<SearchProduct[]> {
  const limit = SEARCH_LIMITS.products;
  const terms = words(query);
  let found = await textMatches(db, query, terms, [], limit);
  if (found.length < limit) {
    const corrected = terms.map((w) => correctWord(vocabulary, w) ?? w);
    const ids = () => found.map((r) => num(r.id));
    if (corrected.some((w, i) => w !== terms[i])) {
      found = [
        ...found,
        ...(await textMatches(db, corrected.join(' '), corrected, ids(), limit - found.length)),
      ];
    } else if (found.length === 0 && terms.some((w) => w.length >= 4 && /\p{L}/u.test(w))) {
      found = await trigramMatches(db, terms.join(' '), ids(), limit);
    }
  }
  return found.map((r) => {
    const category = tree.byId.get(num(r.category_id));
    return {
      title: r.title,
      slug: r.slug,
      image: r.image,
      price: num(r.price),
      is_service: r.is_service,
      categories: category ? [category.path] : [],
      vendor_code: r.article,
    };
  });
}

export function isSearchable(query: string): boolean {
  return [...query.trim()].length >= SEARCH_MIN_LENGTH;
}

export const searchVocabulary = perDb((db: Db) =>
  cached(async () => {
    const [tree, filters, transports, makers] = await Promise.all([
      categoryDirectory(db).tree(),
      filterDirectory(db).get(),
      transportDirectory(db).get(),
      rows<{ title: string }>(db, sql`select title from manufacturers`),
    ]);
    const texts: string[] = [];
    for (const c of tree.byId.values()) texts.push(c.title);
    for (const p of filters.byId.values()) texts.push(p.title, ...p.values.map((v) => v.title));
    for (const t of transports.list) texts.push(t.brand.title, t.model.title);
    for (const m of makers) texts.push(m.title);
    return buildVocabulary(texts);
  }, CATEGORY_TTL_MS),
);
