import { sql } from 'drizzle-orm';
import client from 'prom-client';
import type { DbHandle } from '../db/client';
import type { ReplicaObserver } from '../db/replicas';

// The API's Prometheus metrics (issue #16), served at GET /api/metrics (modules/health). One registry per
// process: a production process runs one app; a test file that builds apps reads differences, not totals.
// Labels are bounded: a route is its URL template (never the raw URL), a status its class, a cache and a queue
// their names in the code.

export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

const httpRequests = new client.Counter({
  name: 'podbor_api_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  registers,
});

const httpDuration = new client.Histogram({
  name: 'podbor_api_http_request_duration_seconds',
  help: 'Time from the request to its answer, by method, route template and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

const httpErrors = new client.Counter({
  name: 'podbor_api_http_errors_total',
  help: 'Answers with a 5xx status, by method and route template',
  labelNames: ['method', 'route'] as const,
  registers,
});

const cacheLookups = new client.Counter({
  name: 'podbor_api_cache_lookups_total',
  help: 'Lookups in the catalogue caches (listing pages, facets, search), by cache and hit or miss',
  labelNames: ['cache', 'result'] as const,
  registers,
});

const ordersPlaced = new client.Counter({
  name: 'podbor_api_orders_placed_total',
  help: 'Orders created',
  registers,
});

const jobFailures = new client.Counter({
  name: 'podbor_api_job_failures_total',
  help: 'Job runs that threw (each is retried until its retry limit), by queue',
  labelNames: ['queue'] as const,
  registers,
});

const messagesSent = new client.Counter({
  name: 'podbor_api_messages_sent_total',
  help: 'Texts, reset calls and e-mails a provider accepted, by channel (sms, call, mail) and provider',
  labelNames: ['channel', 'provider'] as const,
  registers,
});

const messagesFailed = new client.Counter({
  name: 'podbor_api_messages_failed_total',
  help: 'Messages given up on, by channel and reason: permanent (the provider refused it) or retries_exhausted',
  labelNames: ['channel', 'reason'] as const,
  registers,
});

const dbQueries = new client.Counter({
  name: 'podbor_api_db_queries_total',
  help: 'Queries sent through the pools outside transactions, by target (primary or replica)',
  labelNames: ['target'] as const,
  registers,
});

const replicaFallbacks = new client.Counter({
  name: 'podbor_api_db_replica_fallbacks_total',
  help:
    'Replica-eligible reads that went to the primary: no replica usable (down, lagging, fenced after a change), ' +
    'or the replica failed the query',
  labelNames: ['reason'] as const,
  registers,
});

const replicaUp = new client.Gauge({
  name: 'podbor_api_db_replica_up',
  help: 'Whether the replica answered its last health check as a standby (1) or not (0)',
  labelNames: ['replica'] as const,
  registers,
});

const replicaLag = new client.Gauge({
  name: 'podbor_api_db_replica_lag_seconds',
  help: "How far the replica's replay is behind the primary's WAL position, in time (last check)",
  labelNames: ['replica'] as const,
  registers,
});

const replicaLagBytes = new client.Gauge({
  name: 'podbor_api_db_replica_lag_bytes',
  help: "How far the replica's replay is behind the primary's WAL position, in bytes (last check)",
  labelNames: ['replica'] as const,
  registers,
});

/** What the read replicas report (db/replicas.ts). */
export const replicaObserver: ReplicaObserver = {
  query: (target) => dbQueries.inc({ target }),
  fallback: (reason) => replicaFallbacks.inc({ reason }),
  state(name, up, lagMs, lagBytes) {
    replicaUp.set({ replica: name }, up ? 1 : 0);
    if (lagMs !== null && Number.isFinite(lagMs)) replicaLag.set({ replica: name }, lagMs / 1000);
    if (lagBytes !== null) replicaLagBytes.set({ replica: name }, lagBytes);
  },
};

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Records one answered request; `route` is the matched URL template, undefined when no route matched. */
export function observeRequest(method: string, route: string | undefined, status: number, seconds: number) {
  const labels = {
    method: METHODS.has(method) ? method : 'OTHER',
    route: route ?? 'unmatched',
    status_class: `${Math.floor(status / 100)}xx`,
  };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
  if (status >= 500) httpErrors.inc({ method: labels.method, route: labels.route });
}

export function cacheLookup(cache: string, hit: boolean): void {
  cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
}

export function orderPlaced(): void {
  ordersPlaced.inc();
}

export function jobFailed(queue: string): void {
  jobFailures.inc({ queue });
}

export function messageSent(channel: string, provider: string): void {
  messagesSent.inc({ channel, provider });
}

export function messageFailed(channel: string, reason: 'permanent' | 'retries_exhausted'): void {
  messagesFailed.inc({ channel, reason });
}

// ---- read on each scrape, from the database handle of the app that serves them ----

/** Apps attached, latest last: the latest still open is reported (a process runs one; tests build several). */
const sources: DbHandle[] = [];
const source = (): DbHandle | undefined => sources[sources.length - 1];

/** The handle whose pools and job queues the scrape reports; returns the function that detaches it. */
export function attachDatabase(handle: DbHandle): () => void {
  sources.push(handle);
  return () => {
    const at = sources.lastIndexOf(handle);
    if (at !== -1) sources.splice(at, 1);
  };
}

new client.Gauge({
  name: 'podbor_api_db_pool_connections',
  help: 'Connections of the node-postgres pools (not reported on the embedded PGlite), by pool and state',
  labelNames: ['pool', 'state'] as const,
  registers,
  collect() {
    this.reset();
    for (const [name, pool] of Object.entries(source()?.pools ?? {})) {
      this.set({ pool: name, state: 'total' }, pool.totalCount);
      this.set({ pool: name, state: 'idle' }, pool.idleCount);
      this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
    }
  },
});

const JOB_STATES = ['created', 'retry', 'active', 'failed'] as const;
/** A scrape must answer even when the database is slow: past this, the queue gauges keep their last values. */
const QUEUE_QUERY_TIMEOUT_MS = 1_000;

const queueScrapeFailures = new client.Counter({
  name: 'podbor_api_job_queue_scrape_failures_total',
  help: 'Scrapes whose job-queue query failed or took longer than its time budget (the gauges kept old values)',
  registers,
});

async function readQueues(handle: DbHandle): Promise<{ queue: string; state: string; jobs: number }[]> {
  const present = await handle.db.execute<{ present: boolean }>(
    sql`select to_regclass('pgboss.job') is not null and to_regclass('pgboss.queue') is not null as present`,
  );
  if (!present.rows[0]?.present) return [];
  const rows = await handle.db.execute<{ queue: string; state: string; jobs: number }>(sql`
    select q.name as queue, s.state, count(j.id)::int as jobs
    from pgboss.queue q
    cross join unnest(array['created', 'retry', 'active', 'failed']) as s(state)
    left join pgboss.job j on j.name = q.name and j.state::text = s.state
    group by q.name, s.state`);
  return rows.rows;
}

new client.Gauge({
  name: 'podbor_api_job_queue_jobs',
  help: `Jobs in the pg-boss queues by queue and state (${JOB_STATES.join(', ')}): created + retry is the backlog`,
  labelNames: ['queue', 'state'] as const,
  registers,
  async collect() {
    const handle = source();
    if (!handle) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      const rows = await Promise.race([
        readQueues(handle),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('job queue query timed out')), QUEUE_QUERY_TIMEOUT_MS);
        }),
      ]);
      this.reset();
      for (const row of rows) this.set({ queue: row.queue, state: row.state }, Number(row.jobs));
    } catch {
      queueScrapeFailures.inc();
    } finally {
      clearTimeout(timer);
    }
  },
});
