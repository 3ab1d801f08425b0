// Varied inputs for the single-request runs of `npm run bench`: every request differs (another vehicle,
// category, filter value, price range, product or search text), so the API's response caches never answer and
// each figure is what a customer pays on a miss. Everything is discovered from the running API, so it works on
// any seed size and on PGlite (which only the API process can open) as well as PostgreSQL.
import { performance } from 'node:perf_hooks';

const json = async (base, path, init) => {
  const res = await fetch(base + path, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${path} → ${res.status}`);
  return res.json();
};

/** A small deterministic PRNG, so two runs send the same inputs. */
function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Up to `max` vehicle ids, walking years → brands → models → engines across the year list. */
async function discoverTransports(base, max) {
  const ids = new Set();
  const years = await json(base, '/api/v2/transport/years/');
  for (const year of years.filter((_, i) => i % 3 === 0)) {
    const types = await json(base, `/api/v2/transport/${year}/brands/`);
    for (const type of types) {
      for (const brand of type.brands.slice(0, 3)) {
        const models = await json(base, `/api/v2/transport/${year}/${type.slug}/${brand.slug}/models/`);
        for (const model of models.slice(0, 2)) {
          const engines = await json(
            base,
            `/api/v2/transport/${year}/${type.slug}/${brand.slug}/${model.slug}/engines/`,
          );
          for (const e of engines) ids.add(Number(e.transport_id));
          if (ids.size >= max) return [...ids];
        }
      }
    }
  }
  return [...ids];
}

function leaves(nodes, out = []) {
  for (const n of nodes) {
    if (n.children?.length) leaves(n.children, out);
    else if (n.category_total > 0) out.push(n.slug);
  }
  return out;
}

/** Every category with products, parents before their children (a parent's listing covers its subtree). */
function withProducts(nodes, out = []) {
  for (const n of nodes) {
    if (n.category_total > 0) out.push(n.slug);
    if (n.children?.length) withProducts(n.children, out);
  }
  return out;
}

const VOWEL_SWAP = { о: 'а', а: 'о', е: 'и', и: 'е' };

/** One typo (a swapped unstressed-looking vowel) in a word of five letters or more; null when none fits. */
function typo(word, rnd) {
  const chars = [...word];
  const spots = chars.map((ch, i) => (i > 0 && VOWEL_SWAP[ch] ? i : -1)).filter((i) => i >= 0);
  if (chars.length < 5 || spots.length === 0) return null;
  const i = spots[Math.floor(rnd() * spots.length)];
  chars[i] = VOWEL_SWAP[chars[i]];
  return chars.join('');
}

const RU_KEYS = 'йцукенгшщзхъфывапролджэячсмитьбю';
const EN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.";
/** A Russian word typed with the keyboard in the Latin layout: колодки → rjkjlrb. */
function wrongLayout(word) {
  return [...word].map((ch) => EN_KEYS[RU_KEYS.indexOf(ch === 'ё' ? 'е' : ch)] ?? ch).join('');
}

/** The article written the ways customers type it: spaced in threes, with dashes, lower case. */
function articleVariants(article) {
  const plain = article.replace(/[\s\-./\\]+/g, '');
  const groups = plain.match(/.{1,3}/g) ?? [plain];
  return [plain, groups.join(' '), groups.join('-').toLowerCase(), article];
}

/**
 * Discovers vehicles, categories with their filters, products and search texts. Returns per scenario a list of
 * distinct requests `{ path, method?, body? }`, each at most `count` long.
 */
export async function discoverInputs(base, count) {
  const rnd = prng(20_240_404);
  const transports = await discoverTransports(base, 40);
  const tree = await json(base, '/api/v1/catalog/categories/tree/');
  const cats = leaves(tree);
  const listing = [];
  const facets = [];
  const products = new Map();
  // Products of each category (one page each) for the product page and the search texts.
  for (const [i, cat] of cats.entries()) {
    const page = await json(base, `/api/v1/catalog/${cat}/products/?page=${1 + (i % 3)}`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    for (const p of page.results.slice(0, Math.ceil((2 * count) / cats.length)))
      if (!products.has(p.slug)) products.set(p.slug, { ...p, transport: transports[i % transports.length] });
  }
  // Category × vehicle pairs, with filter values the category offers (asked once per category, without a vehicle:
  // asking per pair would warm the facet cache that the facet runs measure, and takes minutes on PGlite).
  const pairs = [];
  for (const t of transports) for (const c of cats) pairs.push([c, t]);
  pairs.sort(() => rnd() - 0.5);
  const filtersOf = new Map();
  let next = 0;
  while (listing.length < count && next < pairs.length) {
    const [cat, transport] = pairs[next++];
    if (!filtersOf.has(cat)) filtersOf.set(cat, await json(base, `/api/v1/catalog/${cat}/filters/`));
    const filters = filtersOf.get(cat);
    const checkbox = filters.find((f) => f.type !== 'RANGE' && f.values?.some((v) => v.count > 0));
    const price = filters.find((f) => f.slug === 'price');
    if (!checkbox || !price || price.max <= price.min) continue;
    const candidates = checkbox.values.filter((v) => v.count > 0);
    const value = candidates[Math.floor(rnd() * candidates.length)].value;
    const lo = Math.round(price.min + (price.max - price.min) * rnd() * 0.3);
    const hi = Math.round(price.max - (price.max - price.min) * rnd() * 0.3);
    const body = JSON.stringify({
      page: 1,
      sort: 'popular',
      order: 'desc',
      filter: { [checkbox.slug]: [value], price: [lo, hi] },
    });
    listing.push({ path: `/api/v1/catalog/${cat}/products/${transport}/`, method: 'POST', body });
  }
  while (facets.length < count && next < pairs.length) {
    const [cat, transport] = pairs[next++];
    facets.push({ path: `/api/v1/catalog/${cat}/filters/${transport}/` });
  }
  // Disjunctive facets: the facets of each listing input under its own selection (a value and a price range).
  const facetsSelected = listing.map((l) => ({
    path: `${l.path.replace('/products/', '/filters/')}?filter=${encodeURIComponent(JSON.stringify(JSON.parse(l.body).filter))}`,
  }));
  // Category listings without a vehicle (issue #18): every category with products, parents included, with a
  // price range inside the category's own and another sort and page each time.
  const categoryListing = [];
  const categories = withProducts(tree);
  const sorts = [
    ['popular', 'desc'],
    ['price', 'asc'],
    ['price', 'desc'],
    ['new', 'desc'],
  ];
  for (let round = 0; categoryListing.length < count && round < 50; round++) {
    for (const cat of categories) {
      if (categoryListing.length >= count) break;
      if (!filtersOf.has(cat)) filtersOf.set(cat, await json(base, `/api/v1/catalog/${cat}/filters/`));
      const price = filtersOf.get(cat).find((f) => f.slug === 'price');
      if (!price || price.max <= price.min) continue;
      const lo = Math.round(price.min + (price.max - price.min) * rnd() * 0.3);
      const hi = Math.round(price.max - (price.max - price.min) * rnd() * 0.3);
      const [sort, order] = sorts[categoryListing.length % sorts.length];
      const body = JSON.stringify({ page: 1 + (round % 3), sort, order, filter: { price: [lo, hi] } });
      categoryListing.push({ path: `/api/v1/catalog/${cat}/products/`, method: 'POST', body });
    }
  }
  const productList = [...products.values()];
  const product = productList.slice(0, count).map((p) => ({
    path: `/api/v1/catalog/products/${p.slug}/?transport=${p.transport}`,
    headers: { 'x-city': 'moskva' },
  }));
  const tree2 = transports.map((t) => ({ path: `/api/v1/catalog/categories/tree/${t}/` }));

  // Search texts: a title word, two title words, a word with one typo, a word cut to a prefix (typing), the
  // article in another spelling, a brand. Each text is sent once (the API caches answers per text).
  const texts = new Set();
  for (const p of productList) {
    if (texts.size >= count) break;
    const words = p.title.toLowerCase().match(/[\p{L}]{4,}/gu) ?? [];
    const word = words[Math.floor(rnd() * words.length)];
    const kind = texts.size % 6;
    let text = null;
    if (kind === 0 && word) text = word;
    else if (kind === 1 && words.length >= 2)
      text = `${words[0]} ${words[1 + Math.floor(rnd() * (words.length - 1))]}`;
    else if (kind === 2 && word) text = typo(word, rnd);
    else if (kind === 3 && word && word.length >= 6)
      text = word.slice(0, 3 + Math.floor(rnd() * (word.length - 4)));
    else if (kind === 4 && p.vendor_code) {
      const variants = articleVariants(p.vendor_code);
      text = variants[Math.floor(rnd() * variants.length)];
    } else if (kind === 5) text = `${words[0] ?? ''} ${p.manufacturer ?? ''}`.trim();
    if (text && [...text].length >= 3) texts.add(text);
  }
  // Every second text with a chosen vehicle (its fitting products rank first), as the storefront sends it.
  const searchPath = (t, i) =>
    `/api/v1/catalog/search/?query=${encodeURIComponent(t)}${i % 2 ? `&transport=${transports[i % transports.length]}` : ''}`;
  const search = [...texts].map((t, i) => ({ path: searchPath(t, i) }));
  // The two kinds issue #18 reports apart: one title word, and one word with a typo — each without a vehicle.
  const oneWord = new Set();
  const oneTypo = new Set();
  for (const p of productList) {
    for (const word of p.title.toLowerCase().match(/[а-яё]{4,}/gu) ?? []) {
      if (oneWord.size < count) oneWord.add(word);
      const wrong = typo(word, rnd);
      if (wrong && oneTypo.size < count) oneTypo.add(wrong);
    }
  }
  const searchWord = [...oneWord].map((t) => ({ path: searchPath(t, 0) }));
  const searchTypo = [...oneTypo].map((t) => ({ path: searchPath(t, 0) }));
  // Issue #13: texts the way parts are asked for — viscosities, tyre sizes, lamp bases in several spellings,
  // synonyms, and title words typed in the wrong keyboard layout (the API retries them in the other one).
  const codes = new Set();
  const asked = [
    ...['0w20', '5w30', '5w40', '10w40', '0w30', '5w20'].flatMap((v) => [
      v,
      v.toUpperCase().replace('W', 'W-'),
      `масло ${v}`,
    ]),
    ...['205/55 R16', '195/65 R15', '225/45 R17', '185/60 R14', '205/55', '215 60 16'].flatMap((v) => [
      v,
      `шины ${v}`,
    ]),
    ...['H7', 'H4', 'Н1', 'лампа h7', 'HB3'],
    ...['дворники', 'незамерзайка', 'тосол', 'резина', 'щётки стеклоочистителя', 'антифриз g12'],
  ];
  for (const t of asked) codes.add(t);
  for (const p of productList) {
    if (codes.size >= count) break;
    const word = (p.title.toLowerCase().match(/[а-яё]{5,}/gu) ?? [])[0];
    if (word) codes.add(wrongLayout(word));
  }
  const searchCodes = [...codes].map((t, i) => ({ path: searchPath(t, i) }));
  return {
    transports,
    listing,
    categoryListing,
    facets,
    facetsSelected,
    tree: tree2,
    product,
    search,
    searchWord,
    searchTypo,
    searchCodes,
  };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** Sends the requests one after another on one keep-alive connection; latency percentiles in ms. */
export async function singleRequestRun(base, requests) {
  const times = [];
  const slowest = [];
  let errors = 0;
  const started = performance.now();
  for (const r of requests) {
    const t0 = performance.now();
    const res = await fetch(base + r.path, {
      method: r.method ?? 'GET',
      body: r.body,
      headers: { 'content-type': 'application/json', ...r.headers },
    });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    slowest.push([times.at(-1), r.path]);
    if (!res.ok) errors++;
  }
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: times.length / elapsed,
    errors,
    slowest: slowest.sort((a, b) => b[0] - a[0]).slice(0, 8),
  };
}
