import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db, DbHandle } from '../db/client';
import { BULK_COPY, PRODUCTS_COPY } from './copy';
import { combine, dropSecondaryStructures, insertRows, insertSql, syncIdentity, type Exec } from './bulk';
import { BANNERS, FAQ, INFO_PAGES, INSTALLATION, PAYMENT_METHODS, SHOWCASE } from './demo/content';
import { MAIL_DOMAIN, REGIONS } from './demo/geo';
import { LEAVES, SERVICES } from './demo/leaves';
import type { VehicleTypeSlug } from './demo/vehicles';
import {
  FAVICON_URL,
  IMAGE_KINDS,
  LOGO_URL,
  bannerImageUrl,
  generateLabelledImages,
  generateMedia,
  productImageUrl,
  type ImageKind,
  type ProductLabel,
} from './media';
import { publish } from '../lib/events';
import { refreshSearchWords } from '../modules/search/search.service';
import { generateProducts, type ProductBatch } from './products';
import { SEED_LOCK_SQL, finishBulkLoad, loadBulk, prepareBulkLoad, rebuildStructures } from './postgres';
import { buildGeo, buildManufacturers, buildVehicles, flattenCategories, indexProperties } from './reference';

/** Row counts of every table the seed fills. */
export type SeedSummary = Record<(typeof SEEDED_TABLES)[number], number>;

const SEEDED_TABLES = [
  'showcases',
  'info_pages',
  'banners',
  'payment_methods',
  'regions',
  'cities',
  'branches',
  'warehouses',
  'vehicle_types',
  'vehicle_brands',
  'vehicle_models',
  'engines',
  'transports',
  'transport_years',
  'categories',
  'properties',
  'property_values',
  'category_properties',
  'manufacturers',
  'products',
  'product_property_values',
  'product_transports',
  'stock',
  'analogues',
  'reviews',
  'installation_prices',
] as const;

const IDENTITY_TABLES = [
  'showcases',
  'info_pages',
  'banners',
  'payment_methods',
  'regions',
  'cities',
  'branches',
  'warehouses',
  'vehicle_types',
  'vehicle_brands',
  'vehicle_models',
  'engines',
  'transports',
  'categories',
  'properties',
  'property_values',
  'manufacturers',
  'products',
  'reviews',
  'installation_prices',
];

/** Every service is a product too, and each leaf category should get at least a couple of parts. */
export const MIN_PRODUCTS = SERVICES.length + 2 * LEAVES.length;

/** Tables written in bulk: their secondary indexes and foreign keys are rebuilt after loading. */
const BULK_TABLES = [
  'products',
  'product_property_values',
  'product_transports',
  'stock',
  'analogues',
  'reviews',
] as const;

/** What seedReference writes, parents before children (a seed that did not finish is cleared in reverse). */
const REFERENCE_TABLES = [
  'regions',
  'cities',
  'branches',
  'warehouses',
  'vehicle_types',
  'vehicle_brands',
  'vehicle_models',
  'engines',
  'transports',
  'transport_years',
  'categories',
  'properties',
  'property_values',
  'category_properties',
  'manufacturers',
] as const;

/** Products generated and written per round of statements: large enough for few round-trips, small enough for memory. */
const BATCH = 10_000;

/** The fixed "now" of the demo data (page edits, showcase creation). */
const SEED_DATE = '2026-01-01T09:00:00.000Z';

export interface SeedOptions {
  products?: number;
  /** Where generated images go; the API serves this directory at /media/. */
  mediaDir: string;
  log?: (message: string) => void;
}

export async function isSeeded(db: Exec): Promise<boolean> {
  const res = await db.execute(sql`select exists (select 1 from showcases) as seeded`);
  return Boolean((res.rows[0] as { seeded?: boolean } | undefined)?.seeded);
}

/**
 * Fills an empty, migrated database with the demo shop. The same `products` value always yields the same data.
 * On PGlite it runs in one transaction; on PostgreSQL in several (postgres.ts), and a seed that failed or was killed
 * is cleared by the next one. Either way a failure never leaves a catalogue that counts as seeded.
 */
export async function seed(handle: DbHandle, opts: SeedOptions): Promise<SeedSummary> {
  const total = opts.products ?? 5000;
  const log = opts.log ?? (() => {});
  // The upper bound keeps the in-memory slug bookkeeping (one string per product) within a normal Node heap.
  if (!Number.isInteger(total) || total < MIN_PRODUCTS || total > 5_000_000) {
    throw new Error(`products must be an integer from ${MIN_PRODUCTS} to 5000000 (got ${total})`);
  }
  if (await isSeeded(handle.db)) {
    throw new Error(
      'The database is already seeded (the showcases table has a row). Reset it first: seed --reset.',
    );
  }
  const phases = phaseClock(log);
  const written = await generateMedia(opts.mediaDir);
  log(`media: ${written} new files in ${opts.mediaDir}`);
  phases.end('media');

  let images: Reference['images'] = new Map();
  if (handle.kind === 'postgres' && handle.url) {
    images = await seedPostgres(handle.url, total, log, phases);
  } else {
    // PGlite: one connection, so one transaction; a failure leaves the database empty.
    await handle.db.transaction(async (tx) => {
      // Two seeds started at once: the second waits here and then finds the showcase row.
      await tx.execute(sql`lock table showcases in exclusive mode`);
      if (await isSeeded(tx)) throw new Error('The database was seeded by another process meanwhile.');
      const ctx = await seedReference(tx, log);
      images = ctx.images;
      const restore = await dropSecondaryStructures(tx, [...BULK_TABLES]);
      // The generated fitment rows carry their product's category already: no per-row lookup for a million rows.
      await tx.execute(sql`alter table product_transports disable trigger product_transports_category`);
      phases.end('reference');
      await seedProducts(tx, total, ctx, log);
      await tx.execute(sql`alter table product_transports enable trigger product_transports_category`);
      phases.end('bulk load');
      log('indexes and foreign keys');
      // PGlite runs inside this process's WebAssembly heap: a smaller sort budget than PostgreSQL's.
      await tx.execute(sql.raw(`set local maintenance_work_mem = '256MB'`));
      await restore();
      phases.end('indexes and foreign keys');
      await seedStorefront(tx, ctx);
      await syncIdentity(tx, IDENTITY_TABLES);
      log('search dictionary');
      await refreshSearchWords(tx);
      phases.end('storefront and search dictionary');
    });
  }
  log(`media: ${await generateLabelledImages(opts.mediaDir, images.values())} new product pictures`);
  // VACUUM as well as ANALYZE: it marks the freshly written pages all-visible, which index-only scans (listing,
  // fitment, facets) need to skip the heap; PGlite has no autovacuum to do it later.
  log('vacuum analyze');
  await handle.db.execute(
    sql.raw(`vacuum analyze ${[...SEEDED_TABLES, 'search_words'].map((t) => `"${t}"`).join(', ')}`),
  );
  phases.end('pictures, vacuum analyze');
  phases.report();
  await announceSeeded(handle.db);
  return summarize(handle.db);
}

/**
 * Tells API processes already running on this database (lib/events.ts) that the catalogue and the shop's content
 * were written under them: a seed writes with COPY and without the services, so nothing else announces it, and
 * their directories (categories, filters) and caches would go on serving the empty catalogue they started with.
 */
async function announceSeeded(db: Db): Promise<void> {
  await publish(db, { type: 'catalog.changed', entity: 'product', ids: [] });
  for (const entity of ['showcase', 'banner', 'page'] as const)
    await publish(db, { type: 'content.changed', entity, ids: [] });
}

/** Times the seed's phases; report() prints them in one line (the figure issue #18 is measured by). */
function phaseClock(log: (m: string) => void) {
  const started = performance.now();
  let last = started;
  const done: string[] = [];
  const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return {
    end(name: string) {
      const now = performance.now();
      done.push(`${name} ${secs(now - last)}`);
      last = now;
    },
    report() {
      log(`phases: ${done.join(' · ')} — total ${secs(performance.now() - started)}`);
    },
  };
}

/**
 * PostgreSQL: the reference data and the marker in one transaction, the bulk tables by COPY over two connections,
 * their indexes and foreign keys on two more, then the storefront, identities and search dictionary in the last
 * transaction, which also removes the marker (postgres.ts). Concurrent seeds wait for each other on an advisory lock.
 */
async function seedPostgres(
  url: string,
  total: number,
  log: (m: string) => void,
  phases: ReturnType<typeof phaseClock>,
): Promise<Reference['images']> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    const db = drizzle(client);
    await client.query(SEED_LOCK_SQL);
    if (await isSeeded(db)) throw new Error('The database was seeded by another process meanwhile.');
    await client.query('begin');
    const structures = await prepareBulkLoad(client, BULK_TABLES, REFERENCE_TABLES, log);
    const ctx = await seedReference(db, log);
    await client.query('commit');
    phases.end('reference');
    const images = await loadBulk(url, total, BATCH, log);
    phases.end('bulk load (COPY)');
    log('indexes and foreign keys');
    // Index builds sort in memory; the default 64 MB spills to disk for millions of fitment rows.
    await rebuildStructures(url, structures, '1GB', log);
    phases.end('indexes and foreign keys');
    await client.query('begin');
    await seedStorefront(db, ctx);
    await syncIdentity(db, IDENTITY_TABLES);
    log('search dictionary');
    await refreshSearchWords(db);
    await finishBulkLoad(client);
    await client.query('commit');
    phases.end('storefront and search dictionary');
    return images;
  } finally {
    // Rolls back an open transaction and releases the advisory lock.
    await client.end().catch(() => {});
  }
}

type Reference = Awaited<ReturnType<typeof seedReference>>;

async function seedReference(tx: Exec, log: (m: string) => void) {
  const geo = buildGeo(MAIL_DOMAIN);
  await insertRows(tx, 'regions', { id: 'int', slug: 'text', title: 'text', sort: 'int' }, geo.rows.regions);
  await insertRows(
    tx,
    'cities',
    {
      id: 'int',
      region_id: 'int',
      slug: 'text',
      title: 'text',
      latitude: 'numeric',
      longitude: 'numeric',
      sort: 'int',
    },
    geo.rows.cities,
  );
  await insertRows(
    tx,
    'branches',
    {
      id: 'int',
      city_id: 'int',
      terminal_code: 'text',
      title: 'text',
      street: 'text',
      phone_number: 'text',
      email: 'text',
      description: 'text',
      work_hours: 'text',
      latitude: 'numeric',
      longitude: 'numeric',
      sort: 'int',
    },
    geo.rows.branches,
  );
  await insertRows(
    tx,
    'warehouses',
    { id: 'int', branch_id: 'int', title: 'text', address: 'text' },
    geo.rows.warehouses,
  );

  const vehicles = buildVehicles();
  await insertRows(
    tx,
    'vehicle_types',
    { id: 'int', slug: 'text', title: 'text', sort: 'int' },
    vehicles.rows.types,
  );
  await insertRows(tx, 'vehicle_brands', { id: 'int', slug: 'text', title: 'text' }, vehicles.rows.brands);
  await insertRows(
    tx,
    'vehicle_models',
    { id: 'int', brand_id: 'int', type_id: 'int', slug: 'text', title: 'text' },
    vehicles.rows.models,
  );
  await insertRows(
    tx,
    'engines',
    { id: 'int', slug: 'text', title: 'text', fuel: 'text', volume_l: 'text', power_hp: 'int' },
    vehicles.rows.engines,
  );
  await insertRows(
    tx,
    'transports',
    {
      id: 'int',
      model_id: 'int',
      engine_id: 'int',
      generation: 'text',
      year_from: 'smallint',
      year_to: 'smallint',
    },
    vehicles.rows.transports,
  );
  await insertRows(tx, 'transport_years', { transport_id: 'int', year: 'smallint' }, vehicles.rows.years);
  log(`vehicles: ${vehicles.rows.brands.length} brands, ${vehicles.rows.transports.length} transports`);

  const categories = flattenCategories();
  const properties = indexProperties();
  await insertRows(
    tx,
    'categories',
    {
      id: 'int',
      parent_id: 'int',
      slug: 'text',
      title: 'text',
      description: 'text',
      image: 'text',
      depth: 'int',
      path: 'text[]',
      sort: 'int',
      is_service: 'bool',
      seo_title: 'text',
      seo_description: 'text',
    },
    categories.map((c) => {
      const siblings = categories.filter((s) => s.parentId === c.parentId);
      const service = c.data.service ?? false;
      return [
        c.id,
        c.parentId,
        c.data.slug,
        c.data.title,
        service
          ? `${c.data.title} в сервисах «Подбор»: фиксированные цены, запись на удобное время, гарантия на работы 12 месяцев.`
          : `${c.data.title} с подбором по марке, модели и двигателю: оригинальные детали и проверенные аналоги. Самовывоз из филиалов и установка в сервисе.`,
        productImageUrl(c.kind, 0),
        c.depth,
        c.path,
        siblings.indexOf(c),
        service,
        `${c.data.title} — купить в интернет-магазине «Подбор»`,
        `${c.data.title}: цены, наличие в филиалах, подбор по автомобилю${service ? ', запись онлайн' : ', оригинал и аналоги'}.`,
      ];
    }),
  );
  await insertRows(
    tx,
    'properties',
    { id: 'int', slug: 'text', title: 'text', type: 'text', unit: 'text' },
    properties.rows.properties,
  );
  await insertRows(
    tx,
    'property_values',
    { id: 'int', property_id: 'int', value: 'text', title: 'text', sort: 'int' },
    properties.rows.values,
  );
  await insertRows(
    tx,
    'category_properties',
    { category_id: 'int', property_id: 'int', sort: 'int' },
    categories.flatMap((c) => c.props.map((slug, sort) => [c.id, properties.bySlug.get(slug)?.id, sort])),
  );

  const makers = buildManufacturers();
  await insertRows(
    tx,
    'manufacturers',
    { id: 'int', slug: 'text', title: 'text', description: 'text', country: 'text' },
    makers.rows,
  );

  // Per-kind texts and the vehicle pool live in temp tables so each bulk row carries only a small key.
  await tx.execute(
    sql`create temp table seed_kind_text (kind int primary key, installation text not null, faq jsonb) on commit drop`,
  );
  await insertRows(
    tx,
    'seed_kind_text',
    { kind: 'int', installation: 'text', faq: 'jsonb' },
    IMAGE_KINDS.map((k, i) => [i, INSTALLATION[k], FAQ[k] ?? null]),
  );
  await tx.execute(
    sql`create temp table seed_pool (platform int not null, pos int not null, transport_id int not null, primary key (platform, pos)) on commit drop`,
  );
  await insertRows(
    tx,
    'seed_pool',
    { platform: 'int', pos: 'int', transport_id: 'int' },
    vehicles.platforms.flatMap((p) => p.transports.map((t, pos) => [p.index, pos, t.id])),
  );

  return {
    categories: new Map(categories.map((c) => [c.data.slug, c])),
    properties,
    platforms: vehicles.platforms,
    typeIds: vehicles.typeIds,
    cityIds: geo.cityIds,
    warehouseIds: geo.warehouseIds,
    manufacturerIds: makers.ids,
    images: new Map<string, { kind: ImageKind; label: ProductLabel }>(),
  };
}

// The bulk tables' columns are the COPY path's (./copy): both loaders write the same rows.
const PRODUCT_COLUMNS = PRODUCTS_COPY.columns;

/** Product rows carry a kind number instead of the shared installation text and FAQ, which come from seed_kind_text. */
const PRODUCT_SELECT = {
  exprs: [
    '(e->>0)::int',
    'e->>1',
    'e->>2',
    'e->>3',
    'e->>4',
    '(e->>5)::int',
    '(e->>6)::int',
    '(e->>7)::numeric',
    '(e->>8)::numeric',
    '(e->9)::jsonb',
    'e->>10',
    'k.installation',
    `case when (e->>12)::boolean then k.faq else '[]'::jsonb end`,
    '(e->>13)::boolean',
    '(e->>14)::boolean',
    '(e->>15)::boolean',
    '(e->>16)::boolean',
    '(e->>17)::int',
    '(e->>18)::numeric',
    '(e->>19)::int',
    'to_timestamp((e->>20)::bigint)',
  ],
  tail: 'join seed_kind_text k on k.kind = (e->>11)::int',
};

function batchSql(batch: ProductBatch): SQL {
  return combine([
    insertSql('products', PRODUCT_COLUMNS, batch.products, PRODUCT_SELECT),
    insertSql(BULK_COPY.props.table, BULK_COPY.props.columns, batch.props),
    // category_id, popularity, price and listed are the product's own (the trigger that copies them is off during
    // the bulk load, see seed()).
    insertSql(BULK_COPY.fitment.table, BULK_COPY.fitment.columns, batch.fitment, {
      exprs: [
        '(e->>0)::int',
        'f.transport_id',
        '(e->>4)::int',
        '(e->>5)::int',
        '(e->>6)::numeric',
        '(e->>7)::boolean',
      ],
      tail: 'join seed_pool f on f.platform = (e->>1)::int and f.pos >= (e->>2)::int and f.pos < (e->>2)::int + (e->>3)::int',
    }),
    insertSql(BULK_COPY.stock.table, BULK_COPY.stock.columns, batch.stock),
    insertSql(BULK_COPY.analogues.table, BULK_COPY.analogues.columns, batch.analogues),
    insertSql(BULK_COPY.reviews.table, BULK_COPY.reviews.columns, batch.reviews),
  ]);
}

async function seedProducts(tx: Exec, total: number, ref: Reference, log: (m: string) => void) {
  let done = 0;
  let pending: Promise<unknown> | null = null;
  // While the database stores one batch, the next one is generated (on PostgreSQL that is a second core at work).
  for (const batch of generateProducts(total, ref, BATCH)) {
    if (pending) await pending;
    // drizzle runs a query each time its result is awaited: .then() starts it now, once, and gives a plain promise.
    pending = tx.execute(batchSql(batch)).then(() => undefined);
    // Awaited on the next turn; this only keeps an early failure from being reported as unhandled meanwhile.
    pending.catch(() => {});
    done += batch.products.length;
    log(`products: ${done} / ${total}`);
  }
  await pending;
}

/** City price levels against the base installation price: Moscow and St Petersburg workshops cost more. */
const CITY_PRICE_FACTOR: Record<string, number> = {
  moskva: 1.25,
  khimki: 1.1,
  podolsk: 1.05,
  'sankt-peterburg': 1.15,
  gatchina: 0.95,
  kazan: 0.95,
  'nizhniy-novgorod': 0.95,
  samara: 0.9,
  ekaterinburg: 1,
  chelyabinsk: 0.9,
  krasnodar: 0.95,
  'rostov-na-donu': 0.95,
};
const TYPE_PRICE_FACTOR: Partial<Record<VehicleTypeSlug, number>> = { gruzovye: 1.6, mototsikly: 0.8 };
const round50 = (x: number) => Math.round(x / 50) * 50;

async function seedStorefront(tx: Exec, ref: Reference) {
  // Installation price table: a fallback row per category, per vehicle type, and per city for cars and trucks.
  const prices: unknown[][] = [];
  for (const leaf of LEAVES) {
    if (leaf.install === undefined) continue;
    const categoryId = ref.categories.get(leaf.slug)?.id;
    const add = (cityId: number | null, type: VehicleTypeSlug | null, price: number) =>
      prices.push([
        prices.length + 1,
        categoryId,
        cityId,
        type ? ref.typeIds.get(type) : null,
        round50(price),
      ]);
    const fits = leaf.fits ?? ['legkovye'];
    add(null, null, leaf.install);
    for (const type of fits) add(null, type, leaf.install * (TYPE_PRICE_FACTOR[type] ?? 1));
    for (const region of REGIONS) {
      for (const city of region.cities) {
        const factor = CITY_PRICE_FACTOR[city.slug] ?? 1;
        for (const type of fits.filter((t) => t !== 'mototsikly')) {
          add(
            ref.cityIds.get(city.slug) ?? null,
            type,
            leaf.install * factor * (TYPE_PRICE_FACTOR[type] ?? 1),
          );
        }
      }
    }
  }
  await insertRows(
    tx,
    'installation_prices',
    { id: 'int', category_id: 'int', city_id: 'int', vehicle_type_id: 'int', price: 'numeric' },
    prices,
  );

  await insertRows(
    tx,
    'showcases',
    {
      id: 'int',
      host: 'text',
      is_default: 'bool',
      title: 'text',
      logo: 'text',
      favicon: 'text',
      email: 'text',
      phone: 'text',
      description: 'text',
      tagline: 'text',
      footer_text: 'text',
      privacy_policy_link: 'text',
      show_logo_in_footer: 'bool',
      social_link_vk: 'text',
      social_link_instagram: 'text',
      social_link_facebook: 'text',
      metrics: 'jsonb',
      ga_id: 'text',
      seo_tagline: 'text',
      seo_description: 'text',
      work_hours_from: 'text',
      work_hours_to: 'text',
      time_zone: 'text',
      legal_name: 'text',
      inn: 'text',
      ogrn: 'text',
      legal_address: 'text',
      created_at: 'timestamptz',
    },
    [
      [
        1,
        null,
        true,
        SHOWCASE.title,
        LOGO_URL,
        FAVICON_URL,
        SHOWCASE.email,
        SHOWCASE.phone,
        SHOWCASE.description,
        SHOWCASE.tagline,
        SHOWCASE.footerText,
        SHOWCASE.privacyPolicyLink,
        true,
        SHOWCASE.socialLinkVk,
        SHOWCASE.socialLinkInstagram,
        SHOWCASE.socialLinkFacebook,
        SHOWCASE.metrics,
        SHOWCASE.gaId,
        SHOWCASE.seoTagline,
        SHOWCASE.seoDescription,
        SHOWCASE.workHoursFrom,
        SHOWCASE.workHoursTo,
        SHOWCASE.timeZone,
        SHOWCASE.legalName,
        SHOWCASE.inn,
        SHOWCASE.ogrn,
        SHOWCASE.legalAddress,
        SEED_DATE,
      ],
    ],
  );
  // Pages and banners with no showcase are shared by every storefront host.
  await insertRows(
    tx,
    'info_pages',
    {
      id: 'int',
      showcase_id: 'int',
      slug: 'text',
      title: 'text',
      text: 'text',
      sort: 'int',
      is_published: 'bool',
      updated_at: 'timestamptz',
    },
    INFO_PAGES.map((p, i) => [i + 1, null, p.slug, p.title, p.text, i, true, SEED_DATE]),
  );
  const categoryOf = (slug: string) => {
    const cat = ref.categories.get(slug);
    if (!cat) throw new Error(`Seed data: banner category ${slug} is missing`);
    return cat;
  };
  // A banner with a category is shown on that category's page; one without is the home page's.
  await insertRows(
    tx,
    'banners',
    {
      id: 'int',
      showcase_id: 'int',
      category_id: 'int',
      title: 'text',
      subtitle: 'text',
      image: 'text',
      url: 'text',
      sort: 'int',
      is_active: 'bool',
    },
    BANNERS.map((b, i) => {
      const own = b.category === undefined ? null : categoryOf(b.category);
      let url: string;
      if (b.link && 'page' in b.link) {
        const slug = b.link.page;
        if (!INFO_PAGES.some((p) => p.slug === slug))
          throw new Error(`Seed data: banner page ${slug} is missing`);
        url = `/pages/${slug}`;
      } else {
        const target = b.link ? categoryOf(b.link.category) : own;
        if (!target) throw new Error(`Seed data: banner "${b.title}" leads nowhere`);
        url = `/catalog/${target.path.join('/')}`;
      }
      return [i + 1, null, own?.id ?? null, b.title, b.subtitle, bannerImageUrl(i), url, i, true];
    }),
  );
  await insertRows(
    tx,
    'payment_methods',
    {
      id: 'int',
      title: 'text',
      type: 'text',
      gateway: 'text',
      description: 'text',
      icons: 'text',
      sort: 'int',
      is_active: 'bool',
    },
    PAYMENT_METHODS.map((m, i) => [i + 1, m.title, m.type, m.gateway, m.description, m.icons, i, true]),
  );
}

async function summarize(db: Db): Promise<SeedSummary> {
  const res = await db.execute(
    sql.raw(`select ${SEEDED_TABLES.map((t) => `(select count(*) from "${t}")::int as "${t}"`).join(', ')}`),
  );
  const row = (res.rows[0] ?? {}) as Record<string, number>;
  return Object.fromEntries(SEEDED_TABLES.map((t) => [t, Number(row[t] ?? 0)])) as SeedSummary;
}
