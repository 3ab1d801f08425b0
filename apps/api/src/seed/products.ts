import {
  FAQ,
  FIRST_NAMES_FEMALE,
  FIRST_NAMES_MALE,
  LAST_NAMES,
  LAST_NAMES_INVARIANT,
  REVIEW_COMMENTS,
} from './demo/content';
import { LEAVES, SERVICES, type ItemCtx, type LeafSpec, type MakerSpec, type Props } from './demo/leaves';
import { MANUFACTURERS } from './demo/manufacturers';
import type { VehicleTypeSlug } from './demo/vehicles';
import {
  IMAGE_KINDS,
  VARIANTS,
  labelledImageUrl,
  productImageUrl,
  type ImageKind,
  type ProductLabel,
} from './media';
import { Rng } from './random';
import type { FlatCategory, Platform, PropertyIndex } from './reference';
import { esc, normalizeArticle, slugify } from './text';

export interface ProductBatch {
  products: unknown[][];
  props: unknown[][];
  stock: unknown[][];
  reviews: unknown[][];
  analogues: unknown[][];
  /** [product id, platform index, first pool position, count, category id] — expanded to product_transports in SQL. */
  fitment: unknown[][];
}

export interface GenContext {
  categories: Map<string, FlatCategory>;
  manufacturerIds: Map<string, number>;
  properties: PropertyIndex;
  platforms: Platform[];
  warehouseIds: number[];
  /** Filled by the generator: the labelled product pictures its products use, by URL (media renders them). */
  images: Map<string, { kind: ImageKind; label: ProductLabel }>;
}

const DAY = 86_400_000;
const CATALOGUE_START = Date.UTC(2023, 0, 1);
const REVIEWS_START = Date.UTC(2025, 0, 1);
/** Data is as of this moment: nothing is created after it. */
const SEED_NOW = Date.UTC(2026, 10, 1);
/** Reviews of the seed's last days stay `new` so the back office's moderation queue has work. */
const NEW_REVIEW_DAYS = 3;
/** Timestamps travel as whole seconds since 1970. */
const epoch = (ms: number) => Math.floor(ms / 1000);

const MAKERS = new Map(MANUFACTURERS.map((m) => [m.slug, m]));
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** Expands an article/line pattern: '#' digit, '@' letter, '{a|b}' one of (nestable). */
export function expand(pattern: string, r: Rng): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '#') out += String(r.int(0, 9));
    else if (ch === '@') out += LETTERS[r.int(0, LETTERS.length - 1)];
    else if (ch === '{') {
      let depth = 1;
      let j = i + 1;
      const options: string[] = [];
      let start = j;
      for (; j < pattern.length && depth > 0; j++) {
        const c = pattern[j];
        if (c === '{') depth++;
        else if (c === '}') depth--;
        if ((c === '|' && depth === 1) || depth === 0) {
          options.push(pattern.slice(start, j));
          start = j + 1;
        }
      }
      out += expand(r.pick(options), r);
      i = j - 1;
    } else out += ch;
  }
  return out;
}

/** Splits `total` by weight with the largest-remainder method, so the parts always add up exactly. */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => [x - Math.floor(x), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    counts[i]!++;
  }
  return counts;
}

function roublePrice(r: Rng, min: number, max: number): number {
  const raw = min + (max - min) * Math.pow(r.next(), 1.6);
  let price = Math.max(10, Math.round(raw / 10) * 10);
  // Some shelf prices end in …99, as real ones do.
  if (price >= 500 && r.chance(0.3)) price = Math.ceil(price / 100) * 100 - 1;
  return price;
}

function reviewer(r: Rng): [string, string] {
  const female = r.chance(0.2);
  const first = r.pick(female ? FIRST_NAMES_FEMALE : FIRST_NAMES_MALE);
  if (r.chance(0.12)) return [first, r.pick(LAST_NAMES_INVARIANT)];
  const last = r.pick(LAST_NAMES);
  return [first, female ? `${last}а` : last];
}

const GRADES = [5, 4, 3, 2, 1] as const;
const GRADE_WEIGHT: Record<number, number> = { 5: 56, 4: 25, 3: 9, 2: 5, 1: 5 };
const TYPE_WEIGHT: Record<VehicleTypeSlug, number> = { legkovye: 85, gruzovye: 12, mototsikly: 5 };
const STOCK_CAP: Partial<Record<ImageKind, number>> = {
  oil: 40,
  coolant: 30,
  tyre: 16,
  'spark-plug': 40,
  bulb: 30,
  filter: 25,
  'panel-filter': 25,
};

/** Groups in a row that add nothing new before a leaf is taken as exhausted. */
const MAX_BARREN_GROUPS = 200;

interface Draft {
  id: number;
  makerSlug: string;
}

export function* generateProducts(
  total: number,
  ctx: GenContext,
  batchSize: number,
): Generator<ProductBatch> {
  const kindIndex = (k: ImageKind) => IMAGE_KINDS.indexOf(k);
  // Final slugs, and per base the last suffix handed out (so the n-th clash does not rescan suffixes 2…n).
  const usedSlugs = new Set<string>();
  const usedTitles = new Set<string>();
  const lastSuffix = new Map<string, number>();
  let batch = emptyBatch();
  let nextId = 1;
  let reviewId = 1;

  const uniqueSlug = (base: string) => {
    let slug = base;
    let n = lastSuffix.get(base) ?? 1;
    while (usedSlugs.has(slug)) slug = `${base}-${++n}`;
    lastSuffix.set(base, n);
    usedSlugs.add(slug);
    return slug;
  };

  const category = (slug: string) => {
    const c = ctx.categories.get(slug);
    if (!c) throw new Error(`Seed data: unknown category ${slug}`);
    return c;
  };

  // Services: a fixed list, whatever the catalogue size.
  SERVICES.forEach((s, i) => {
    const cat = category(s.category);
    const id = nextId++;
    const article = `SRV-${String(i + 1).padStart(4, '0')}`;
    const r = Rng.for('service', i);
    const popularity = r.int(200, 3000);
    batch.products.push([
      id,
      uniqueSlug(slugify(s.title)),
      s.title,
      article,
      normalizeArticle(article),
      null,
      cat.id,
      s.price,
      null,
      [productImageUrl('service', i % VARIANTS)],
      `<p>${esc(s.about)}</p><p>Стоимость указана для легковых автомобилей; для внедорожников и коммерческого транспорта уточняйте у мастера.</p>`,
      kindIndex('service'),
      false,
      true,
      true,
      false,
      popularity > 2500,
      popularity,
      0,
      0,
      epoch(CATALOGUE_START + r.int(0, 600) * DAY),
    ]);
  });

  const leafCounts = apportion(
    total - SERVICES.length,
    LEAVES.map((l) => l.weight),
  );
  // A shop lists each product once: a title already used (the same maker, line and properties) is not made
  // again under another article and price. A leaf whose combinations run out (a small oil range in a
  // large catalogue) hands what it could not make to the next leaves; parts made for vehicles never run out.
  const nextGroup = LEAVES.map(() => 0);
  let spill = 0;
  for (let li = 0; li < LEAVES.length; li++) {
    const want = leafCounts[li]! + spill;
    spill = want - (yield* fillLeaf(li, want));
  }
  for (let li = 0; spill > 0 && li < LEAVES.length; li++)
    if (!LEAVES[li]!.universal) spill -= yield* fillLeaf(li, spill);
  if (spill > 0) throw new Error(`Seed data: ${spill} products could not be made without repeating a title`);
  if (batch.products.length > 0) yield batch;

  /** Makes up to `want` products of leaf `li`; returns how many it made. */
  function* fillLeaf(li: number, want: number): Generator<ProductBatch, number> {
    const leaf = LEAVES[li]!;
    const cat = category(leaf.slug);
    let left = want;
    let barren = 0;
    for (; left > 0 && barren < MAX_BARREN_GROUPS; nextGroup[li]!++) {
      const g = nextGroup[li]!;
      const r = Rng.for(leaf.slug, g);
      const fit = pickFitment(leaf, r, ctx.platforms);
      const props = leaf.group(r, {
        type: fit?.platform.typeSlug ?? 'legkovye',
        rims: fit?.platform.rims ?? [14, 20],
      });
      const makers = leaf.makers.filter((m) => {
        const oem = MAKERS.get(m.m)?.oemPlatforms;
        return !oem || (fit !== null && oem.includes(fit.platform.slug));
      });
      const size = Math.min(
        left,
        makers.length,
        r.weighted([1, 2, 3, 4, 5], (n) => [20, 25, 25, 20, 10][n - 1] ?? 1),
      );
      const chosen = shuffle(makers, r).slice(0, size);
      const group: Draft[] = [];
      chosen.forEach((maker, k) => {
        const id = nextId;
        if (addPart(batch, Rng.for(leaf.slug, g, k), id, leaf, cat, maker, props, fit)) {
          nextId++;
          group.push({ id, makerSlug: maker.m });
        }
      });
      barren = group.length > 0 ? 0 : barren + 1;
      left -= group.length;
      // Every maker's part in the group is a cross-reference of every other one.
      for (const a of group)
        for (const b of group)
          if (a.id !== b.id)
            batch.analogues.push([a.id, b.id, Boolean(MAKERS.get(b.makerSlug)?.oemPlatforms)]);
      if (batch.products.length >= batchSize) {
        yield batch;
        batch = emptyBatch();
      }
    }
    return want - left;
  }

  function addPart(
    b: ProductBatch,
    r: Rng,
    id: number,
    leaf: LeafSpec,
    cat: FlatCategory,
    maker: MakerSpec,
    props: Props,
    fit: Fit | null,
  ): boolean {
    const m = MAKERS.get(maker.m);
    const makerId = ctx.manufacturerIds.get(maker.m);
    if (!m || makerId === undefined) throw new Error(`Seed data: unknown manufacturer ${maker.m}`);
    const line = expand(maker.lines ? r.pick(maker.lines) : '', r);
    let article = '';
    let slugBase = '';
    // Re-roll a clashing article a few times: two different parts rarely share a maker's number.
    for (let attempt = 0; attempt < 4; attempt++) {
      article = expand(typeof maker.article === 'function' ? maker.article(props) : maker.article, r);
      slugBase = `${maker.m}-${slugify(article)}`;
      if (!usedSlugs.has(slugBase)) break;
    }
    const itemCtx: ItemCtx = { maker: m.title, line, article, p: props, fit: fit?.label ?? '' };
    const title = leaf.title(itemCtx).replace(/\s+/g, ' ').trim();
    if (usedTitles.has(title)) return false;
    usedTitles.add(title);
    const [min, max] = typeof leaf.price === 'function' ? leaf.price(props) : leaf.price;
    const k = maker.k ?? 1;
    const price = roublePrice(r, min * k, max * k);
    const oldPrice = r.chance(0.12) ? Math.round((price * (1.1 + r.next() * 0.25)) / 10) * 10 : null;
    const boost = fit ? fit.platform.weight / 5 : 1;
    const popularity = Math.floor(Math.pow(r.next(), 6) * 8000 * boost) + r.int(0, 40);
    const createdAt = r.chance(0.1)
      ? Date.UTC(2026, 0, 1) + r.int(0, 300) * DAY
      : CATALOGUE_START + r.int(0, 1060) * DAY;
    const createdMs = createdAt + r.int(8 * 3600, 20 * 3600) * 1000;

    let gradeSum = 0;
    let reviews = 0;
    if (r.chance(Math.min(0.85, 0.08 + popularity / 3000))) {
      reviews = 1 + Math.floor(Math.pow(r.next(), 2) * Math.min(15, 2 + popularity / 400));
      const from = Math.max(createdMs, REVIEWS_START);
      for (let i = 0; i < reviews; i++) {
        const grade = r.weighted(GRADES, (gr) => GRADE_WEIGHT[gr] ?? 1);
        const [first, last] = reviewer(r);
        const when = from + Math.floor(r.next() * Math.max(DAY, SEED_NOW - from));
        // Most reviews of a shop that collects them after pickup come from buyers; the rest are marked as not.
        const buyer = r.chance(0.7);
        b.reviews.push([
          reviewId++,
          id,
          first,
          last,
          grade,
          r.pick(REVIEW_COMMENTS[grade]),
          epoch(when),
          buyer,
          // Post-moderation (issue #14): the demo's older reviews are checked; the last days' wait in the queue.
          when > SEED_NOW - NEW_REVIEW_DAYS * DAY ? 'new' : 'published',
        ]);
        gradeSum += grade;
      }
    }

    const kind = cat.kind;
    const label: ProductLabel = {
      maker: maker.m,
      brand: m.title,
      ...(props.obem === undefined ? {} : { volume: String(props.obem) }),
    };
    const image = labelledImageUrl(kind, label);
    if (!ctx.images.has(image)) ctx.images.set(image, { kind, label });
    const images = [image];

    let description = `<p>${esc(leaf.about(itemCtx))}</p><ul><li>Производитель: ${esc(m.title)}, ${esc(m.country)}</li><li>Артикул: ${esc(article)}</li></ul>`;
    if (fit)
      description += `<p>Применяется на: ${esc(fit.models)}. Проверяйте применимость по VIN — поможем по телефону 8 800 555-35-35.</p>`;

    b.products.push([
      id,
      uniqueSlug(slugBase),
      title,
      article,
      normalizeArticle(article),
      makerId,
      cat.id,
      price,
      oldPrice,
      images,
      description,
      IMAGE_KINDS.indexOf(kind),
      FAQ[kind] !== undefined && r.chance(0.35),
      false,
      leaf.universal ?? false,
      leaf.install !== undefined,
      popularity >= 5000,
      popularity,
      reviews ? Math.round((gradeSum / reviews) * 100) / 100 : 0,
      reviews,
      epoch(createdMs),
    ]);

    for (const [slug, value] of Object.entries(props)) {
      if (slug.startsWith('_')) continue;
      const prop = ctx.properties.bySlug.get(slug);
      if (!prop) throw new Error(`Seed data: unknown property ${slug}`);
      if (prop.type === 'RANGE') b.props.push([id, prop.id, null, Number(value)]);
      else {
        const valueId = ctx.properties.valueId.get(`${slug}\u0000${value}`);
        if (valueId === undefined) throw new Error(`Seed data: property ${slug} has no value ${value}`);
        b.props.push([id, prop.id, valueId, null]);
      }
    }

    if (fit) {
      // Analogues fit nearly the same vehicles; one maker may skip an engine at either end of the range.
      const trimStart = fit.length > 4 && r.chance(0.3) ? 1 : 0;
      const trimEnd = fit.length > 4 && r.chance(0.3) ? 1 : 0;
      b.fitment.push([
        id,
        fit.platform.index,
        fit.start + trimStart,
        fit.length - trimStart - trimEnd,
        cat.id,
        // Copied into each fitment row, as the database's trigger (off during the bulk load) would (issue #18).
        popularity,
        price,
        !(leaf.universal ?? false),
      ]);
    }

    // Popular parts are stocked widely; the long tail sits in a few warehouses or is ordered in.
    const stockChance = 0.05 + 0.45 * Math.min(1, popularity / 4000);
    const cap = STOCK_CAP[kind] ?? 12;
    for (const w of ctx.warehouseIds) {
      if (!r.chance(stockChance)) continue;
      b.stock.push([w, id, r.chance(0.2) ? 0 : 1 + Math.floor(Math.pow(r.next(), 2) * cap)]);
    }
    return true;
  }
}

interface Fit {
  platform: Platform;
  start: number;
  length: number;
  /** For titles of model-specific parts ('Kia Rio IV (2017–2022)'). */
  label: string;
  /** Models the range covers, for descriptions. */
  models: string;
}

function pickFitment(leaf: LeafSpec, r: Rng, platforms: Platform[]): Fit | null {
  if (leaf.universal) return null;
  const types = leaf.fits ?? ['legkovye'];
  const type = r.weighted(types, (t) => TYPE_WEIGHT[t]);
  const platform = r.weighted(
    platforms.filter((p) => p.typeSlug === type),
    (p) => p.weight,
  );
  let start: number;
  let length: number;
  let label = '';
  if (leaf.scope === 'generation') {
    const run = r.pick(platform.generations);
    ({ start, length, label } = run);
  } else {
    length = Math.min(platform.transports.length, 3 + Math.floor(Math.pow(r.next(), 3) * 37));
    start = r.int(0, platform.transports.length - length);
  }
  const models: string[] = [];
  for (const t of platform.transports.slice(start, start + length))
    if (!models.includes(t.label)) models.push(t.label);
  return {
    platform,
    start,
    length,
    label,
    models: models.length > 6 ? `${models.slice(0, 6).join(', ')} и другие` : models.join(', '),
  };
}

function shuffle<T>(items: T[], r: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function emptyBatch(): ProductBatch {
  return { products: [], props: [], stock: [], reviews: [], analogues: [], fitment: [] };
}
