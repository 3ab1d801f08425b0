import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type MessagePort } from 'node:worker_threads';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { z } from 'zod';
import {
  BULK_COPY,
  PRODUCTS_COPY,
  copyStatement,
  encodeProducts,
  encodeRows,
  fitmentEncoder,
  type CopyTable,
} from './copy';
import { generationContext } from './context';
import type { ImageKind, ProductLabel } from './media';
import { generateProducts, type GenContext } from './products';

/**
 * The PostgreSQL seed's bulk phase (issue #18): one backend in one transaction was the limit at a million products,
 * so the bulk tables are loaded with COPY over two connections at once and their indexes and foreign keys rebuilt
 * on several connections after. That is several transactions, so the work in between is guarded by a marker: the
 * table seed_unfinished, committed with the dropped structures' definitions before any bulk row and dropped by the
 * seed's last transaction. A seed that finds it (the previous one failed or was killed) restores those structures
 * and clears the half catalogue before loading again.
 */

export const MARKER = 'seed_unfinished';

/** Serialises seeds of one database (held for the seed's whole session; a killed process releases it). */
export const SEED_LOCK_SQL = `select pg_advisory_lock(hashtext('podbor: seed'))`;

const structureRow = z.object({
  kind: z.enum(['index', 'pkey', 'unique', 'fk']),
  tbl: z.string(),
  name: z.string(),
  def: z.string(),
});
export type Structure = z.infer<typeof structureRow>;

const TRIGGER = 'product_transports_category';

/**
 * Run inside the seed's first transaction: records and drops the secondary indexes of `tables`, the foreign keys
 * from and to them, and turns off the fitment trigger (the generator writes the values it would copy). When a
 * marker is already there, its structures are the ones to restore and the half-written rows are cleared first.
 */
export async function prepareBulkLoad(
  client: pg.ClientBase,
  tables: readonly string[],
  referenceTables: readonly string[],
  log: (m: string) => void,
): Promise<Structure[]> {
  const exists = await client.query<{ found: boolean }>(`select to_regclass($1) is not null as found`, [
    `public.${MARKER}`,
  ]);
  let structures: Structure[];
  if (exists.rows[0]?.found) {
    log('a previous seed did not finish: clearing what it wrote');
    structures = z
      .array(structureRow)
      .parse((await client.query(`select kind, tbl, name, def from ${MARKER} order by seq`)).rows);
    // Some may have been rebuilt before it stopped: foreign keys first, then the keys they lean on.
    for (const s of structures.filter((x) => x.kind === 'fk'))
      await client.query(`alter table ${s.tbl} drop constraint if exists "${s.name}"`);
    for (const s of structures.filter((x) => x.kind === 'pkey' || x.kind === 'unique'))
      await client.query(`alter table ${s.tbl} drop constraint if exists "${s.name}"`);
    for (const s of structures.filter((x) => x.kind !== 'fk'))
      await client.query(`drop index if exists "${s.name}"`);
    await client.query(`truncate ${tables.map((t) => `"${t}"`).join(', ')}`);
    // The reference rows were committed with the marker; children before parents.
    for (const t of [...referenceTables].reverse()) await client.query(`delete from "${t}"`);
  } else {
    const list = tables.map((t) => `'${t}'`).join(', ');
    const indexes =
      await client.query(`select 'index' as kind, i.tablename as tbl, i.indexname as name, i.indexdef as def
      from pg_indexes i
      where i.schemaname = 'public' and i.tablename in (${list})
        and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)
      order by i.tablename, i.indexname`);
    // Foreign keys to the bulk tables too (orders, carts, supplier offers → products): TRUNCATE needs them gone.
    const fks = await client.query(`select 'fk' as kind, c.conrelid::regclass::text as tbl, c.conname as name,
        pg_get_constraintdef(c.oid) as def
      from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and (c.conrelid::regclass::text in (${list}) or c.confrelid::regclass::text in (${list}))
      order by 2, 3`);
    // Primary keys and unique constraints too: one sorted build costs less than a million ordered inserts (the
    // slugs arrive in no order). Recorded as their index; the constraint is put back on it after the build.
    const keys = await client.query(`select case c.contype when 'p' then 'pkey' else 'unique' end as kind,
        c.conrelid::regclass::text as tbl, c.conname as name, pg_get_indexdef(c.conindid) as def
      from pg_constraint c
      where c.contype in ('p', 'u') and c.connamespace = 'public'::regnamespace
        and c.conrelid::regclass::text in (${list})
      order by 2, 3`);
    structures = z.array(structureRow).parse([...indexes.rows, ...keys.rows, ...fks.rows]);
    await client.query(
      `create table ${MARKER} (seq int primary key, kind text not null, tbl text not null, name text not null, def text not null)`,
    );
    await client.query(
      `insert into ${MARKER} select * from jsonb_to_recordset($1::jsonb) as r(seq int, kind text, tbl text, name text, def text)`,
      [JSON.stringify(structures.map((s, seq) => ({ seq, ...s })))],
    );
    for (const s of structures.filter((x) => x.kind === 'fk'))
      await client.query(`alter table ${s.tbl} drop constraint "${s.name}"`);
    for (const s of structures.filter((x) => x.kind === 'pkey' || x.kind === 'unique'))
      await client.query(`alter table ${s.tbl} drop constraint "${s.name}"`);
    const idx = structures.filter((x) => x.kind === 'index');
    if (idx.length > 0) await client.query(`drop index ${idx.map((i) => `"${i.name}"`).join(', ')}`);
  }
  await client.query(`alter table product_transports disable trigger ${TRIGGER}`);
  return structures;
}

/** Batches queued per loader before generation waits: enough to keep both busy, few enough for memory. */
const QUEUE_DEPTH = 2;

/** A connection with one open transaction that COPYs its tables' chunks in order. */
class Loader {
  private chain: Promise<void> = Promise.resolve();
  private readonly pending: Promise<void>[] = [];
  private failure: unknown = null;
  /** Milliseconds each table's COPY statements took (the bulk load's breakdown). */
  readonly busy = new Map<string, number>();

  constructor(
    private readonly client: pg.Client,
    readonly tables: CopyTable[],
  ) {}

  async begin(): Promise<void> {
    await this.client.query('begin');
    // Nothing else may see these tables half-written, and the marker brings them back if this transaction is lost.
    await this.client.query('set local synchronous_commit = off');
    // Truncated in this transaction: COPY FREEZE writes the rows frozen and their pages all-visible, so the
    // VACUUM after the seed has nothing left to do on them and index-only scans work at once.
    await this.client.query(`truncate ${this.tables.map((t) => `"${t.table}"`).join(', ')}`);
  }

  /** Waits while this loader is QUEUE_DEPTH chunks behind; rethrows its failure. */
  async ready(): Promise<void> {
    while (this.pending.length >= QUEUE_DEPTH && !this.failure) await this.pending.shift();
    if (this.failure) throw this.failure;
  }

  push(chunks: [CopyTable, string][]): void {
    this.chain = this.chain.then(async () => {
      try {
        if (this.failure) return;
        for (const [table, text] of chunks) {
          if (text.length === 0) continue;
          const started = performance.now();
          await pipeline(
            Readable.from([Buffer.from(text)]),
            this.client.query(copyFrom(copyStatement(table, true))),
          );
          this.busy.set(table.table, (this.busy.get(table.table) ?? 0) + performance.now() - started);
        }
      } catch (err) {
        this.failure = err;
      }
    });
    this.pending.push(this.chain);
  }

  async commit(): Promise<void> {
    await this.chain;
    if (this.failure) throw this.failure;
    await this.client.query('commit');
  }
}

const connect = async (url: string): Promise<pg.Client> => {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {
    // A lost connection fails its pending query, which is what reports it.
  });
  await client.connect();
  return client;
};

/** One batch of the catalogue as COPY text, per table; what the generator thread sends. */
interface EncodedBatch {
  count: number;
  products: string;
  reviews: string;
  fitment: string;
  props: string;
  stock: string;
  analogues: string;
}

type ThreadMessage =
  | { kind: 'batch'; batch: EncodedBatch; generateMs: number }
  | { kind: 'done'; images: [string, { kind: ImageKind; label: ProductLabel }][] };

/** Batches the generator thread may run ahead of the connections. */
const AHEAD = 2;

/**
 * The generator thread's side: generates and encodes batches, one per credit from the main thread (so memory stays
 * bounded when PostgreSQL is slower), then sends the product pictures the catalogue uses.
 */
export function runGeneratorThread(port: MessagePort, total: number, batchSize: number): void {
  const ctx = generationContext();
  const encodeFitment = fitmentEncoder(ctx.platforms);
  const batches = generateProducts(total, ctx, batchSize);
  let credits = 0;
  let running = false;
  const step = () => {
    running = true;
    while (credits > 0) {
      const started = performance.now();
      const next = batches.next();
      if (next.done) {
        const done: ThreadMessage = { kind: 'done', images: [...ctx.images] };
        port.postMessage(done);
        port.close();
        return;
      }
      const b = next.value;
      credits--;
      const msg: ThreadMessage = {
        kind: 'batch',
        batch: {
          count: b.products.length,
          products: encodeProducts(b.products),
          reviews: encodeRows(BULK_COPY.reviews, b.reviews),
          fitment: encodeFitment(b.fitment),
          props: encodeRows(BULK_COPY.props, b.props),
          stock: encodeRows(BULK_COPY.stock, b.stock),
          analogues: encodeRows(BULK_COPY.analogues, b.analogues),
        },
        generateMs: performance.now() - started,
      };
      port.postMessage(msg);
    }
    running = false;
  };
  port.on('message', (n: number) => {
    credits += n;
    if (!running) step();
  });
}

/** The generator thread's entry: the bundle's dist/seed-worker.js, or the source through tsx (tests, dev). */
function startGeneratorThread(total: number, batchSize: number): Worker {
  const bundled = new URL('./seed-worker.js', import.meta.url);
  const workerData = { total, batchSize };
  // The generator allocates many short-lived strings and arrays: a larger young generation collects less often.
  const resourceLimits = { maxYoungGenerationSizeMb: 96 };
  if (existsSync(fileURLToPath(bundled))) return new Worker(bundled, { workerData, resourceLimits });
  // Node 20 does not take --import in a worker's execArgv: the thread registers tsx itself, then loads the source.
  // require.resolve gives the CommonJS build; its ES module twin sits next to it.
  const tsxCjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  const tsx = pathToFileURL(tsxCjs.replace(/\.cjs$/, '.mjs')).href;
  const source = new URL('../cli/seed-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(boot, { eval: true, workerData, resourceLimits });
}

/**
 * Generates the catalogue (in a thread of its own) and COPYs it over two connections: products and reviews on
 * one; fitment, properties, stock and analogues on the other (about the same work each). Each commits when done.
 * Returns the product pictures the catalogue uses.
 */
export async function loadBulk(
  url: string,
  total: number,
  batchSize: number,
  log: (m: string) => void,
): Promise<GenContext['images']> {
  const clients = await Promise.all([connect(url), connect(url)]);
  const worker = startGeneratorThread(total, batchSize);
  try {
    const products = new Loader(clients[0]!, [PRODUCTS_COPY, BULK_COPY.reviews]);
    const rest = new Loader(clients[1]!, [
      BULK_COPY.fitment,
      BULK_COPY.props,
      BULK_COPY.stock,
      BULK_COPY.analogues,
    ]);
    await Promise.all([products.begin(), rest.begin()]);

    const inbox: ThreadMessage[] = [];
    let wake: (() => void) | null = null;
    let failure: unknown = null;
    worker.on('message', (m: ThreadMessage) => {
      inbox.push(m);
      wake?.();
    });
    worker.on('error', (err) => {
      failure = err;
      wake?.();
    });
    worker.on('exit', (code) => {
      // After its last message (which is read first), or in the middle: then this is the error reported.
      failure ??= new Error(`The seed's generator thread stopped early (exit code ${code})`);
      wake?.();
    });
    const receive = async (): Promise<ThreadMessage> => {
      for (;;) {
        const m = inbox.shift();
        if (m) return m;
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    };

    // Where the time goes (the phase figure's breakdown): the thread making rows, or the main thread waiting.
    const spent = { generate: 0, waitThread: 0, waitProducts: 0, waitRest: 0 };
    let mark = performance.now();
    const lap = (key: keyof typeof spent) => {
      const now = performance.now();
      spent[key] += now - mark;
      mark = now;
    };
    worker.postMessage(AHEAD);
    let done = 0;
    let images: GenContext['images'] = new Map();
    for (;;) {
      const m = await receive();
      lap('waitThread');
      if (m.kind === 'done') {
        images = new Map(m.images);
        break;
      }
      spent.generate += m.generateMs;
      const b = m.batch;
      await products.ready();
      lap('waitProducts');
      products.push([
        [PRODUCTS_COPY, b.products],
        [BULK_COPY.reviews, b.reviews],
      ]);
      await rest.ready();
      lap('waitRest');
      rest.push([
        [BULK_COPY.fitment, b.fitment],
        [BULK_COPY.props, b.props],
        [BULK_COPY.stock, b.stock],
        [BULK_COPY.analogues, b.analogues],
      ]);
      worker.postMessage(1);
      done += b.count;
      log(`products: ${done} / ${total}`);
    }
    await products.commit();
    lap('waitProducts');
    await rest.commit();
    lap('waitRest');
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const busy = [...products.busy, ...rest.busy].map(([t, ms]) => `${t} ${s(ms)}`).join(', ');
    log(
      `bulk load: COPY ${busy}; generator thread busy ${s(spent.generate)}; waited for the thread ${s(spent.waitThread)}, the products connection ${s(spent.waitProducts)}, the fitment connection ${s(spent.waitRest)}`,
    );
    return images;
  } finally {
    await worker.terminate();
    // An unfinished transaction is rolled back by the server when its connection closes.
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
  }
}

/** Connections for the index builds: this machine's two cores, each build on its own (see rebuild's comment). */
const BUILDERS = 2;

/**
 * Recreates the recorded structures on BUILDERS connections at once, each statement committed on its own.
 * Indexes first, largest tables and GIN (the slowest to build) first; several builds of one table may run together
 * (CREATE INDEX takes a share lock). Then the foreign keys: each is added NOT VALID (a catalogue change) and
 * validated in a second statement, which locks its tables lightly enough for the checks to run side by side.
 */
export async function rebuildStructures(
  url: string,
  structures: Structure[],
  sortMemory: string,
  log: (m: string) => void,
): Promise<void> {
  const clients = await Promise.all(Array.from({ length: BUILDERS }, () => connect(url)));
  try {
    const sizes = new Map(
      (
        await clients[0]!.query<{ tbl: string; bytes: string }>(
          `select relname as tbl, pg_relation_size(oid)::text as bytes from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`,
        )
      ).rows.map((r) => [r.tbl, Number(r.bytes)]),
    );
    for (const c of clients) {
      await c.query(`set maintenance_work_mem = '${sortMemory}'`);
      // Two builds at once already fill both cores; parallel workers per build would only compete with them.
      await c.query('set max_parallel_maintenance_workers = 0');
      await c.query('set synchronous_commit = off');
    }
    const weight = (s: Structure) => (sizes.get(s.tbl) ?? 0) * (/ using gin /i.test(s.def) ? 4 : 1);
    const indexes = structures.filter((s) => s.kind !== 'fk').sort((a, b) => weight(b) - weight(a));
    await runAll(
      clients,
      indexes.map((s) => async (c) => {
        const started = performance.now();
        await c.query(s.def);
        log(`  index ${s.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }),
    );
    // The keys become constraints again on their new indexes (a catalogue change each).
    for (const s of structures) {
      if (s.kind === 'pkey' || s.kind === 'unique') {
        const key = s.kind === 'pkey' ? 'primary key' : 'unique';
        await clients[0]!.query(
          `alter table ${s.tbl} add constraint "${s.name}" ${key} using index "${s.name}"`,
        );
      }
    }
    const fks = structures.filter((s) => s.kind === 'fk');
    for (const s of fks)
      await clients[0]!.query(`alter table ${s.tbl} add constraint "${s.name}" ${s.def} not valid`);
    // Validations of one table would wait for each other: one job per table, the largest first.
    const byTable = new Map<string, Structure[]>();
    for (const s of fks) byTable.set(s.tbl, [...(byTable.get(s.tbl) ?? []), s]);
    const groups = [...byTable.values()].sort(
      (a, b) => (sizes.get(b[0]!.tbl) ?? 0) - (sizes.get(a[0]!.tbl) ?? 0),
    );
    await runAll(
      clients,
      groups.map((group) => async (c) => {
        for (const s of group) await c.query(`alter table ${s.tbl} validate constraint "${s.name}"`);
      }),
    );
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
  }
}

/** Runs the jobs in order on whichever connection is free; the first failure stops handing out more. */
async function runAll(clients: pg.Client[], jobs: ((c: pg.Client) => Promise<void>)[]): Promise<void> {
  let next = 0;
  let failed = false;
  await Promise.all(
    clients.map(async (c) => {
      while (!failed && next < jobs.length) {
        const job = jobs[next++]!;
        try {
          await job(c);
        } catch (err) {
          failed = true;
          throw err;
        }
      }
    }),
  );
}

/** The seed's last transaction ends with this: the catalogue is whole. */
export async function finishBulkLoad(client: pg.ClientBase): Promise<void> {
  await client.query(`alter table product_transports enable trigger ${TRIGGER}`);
  await client.query(`drop table ${MARKER}`);
}
