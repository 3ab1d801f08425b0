import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db, DbHandle } from '../db/client';
import type { SendJob } from './gateways/messages';
import { jobFailed } from './metrics';

// The shop's job engine (ARCHITECTURE §2 "Background work"): pg-boss over the shop's own database. A job is a row
// in pg-boss's tables, so it survives a restart; workers take jobs with SELECT … FOR UPDATE SKIP LOCKED, so a job
// runs in one process however many API processes share the database; a job whose handler throws is retried
// with exponential backoff, and one whose process died (SIGKILL, power) goes back to the queue when its
// expiry passes.
//
// On PostgreSQL the engine has its own small pool (JOBS_POOL_SIZE). On the embedded PGlite it talks to the same
// in-process PGlite through pg-boss's `db` adapter, PGlite's own query/exec, which wait for the transaction the
// app has open. (@electric-sql/pglite-socket was tried and not used: its multiplexer serialises single
// statements, not transactions, so a statement of the engine could land inside a transaction of the app and
// commit or roll back with it.)

/** What kind of job, and the data it carries. Add a kind here and register its handler. */
export interface JobKinds {
  /** Run (or resume) the import of `import_runs.id`. */
  import: { importId: number };
  /** Run (or resume) the import of a supplier's price list, `import_runs.id` of kind `price-list`. */
  'price-list': { importId: number };
  /** Send a text, a reset call or an e-mail (lib/gateways/messages.ts); the message itself is sealed. */
  send: SendJob;
}
export type JobKind = keyof JobKinds;
/** `lastAttempt`: no retry follows if this run of the job throws. */
export type JobHandler<K extends JobKind> = (
  data: JobKinds[K],
  job: { lastAttempt: boolean },
) => Promise<void>;

export interface JobEngineOptions {
  /** Workers of each kind in this process. */
  concurrency: number;
  /** Connections of the engine's own pool (PostgreSQL only). */
  poolSize: number;
  /** How often an idle worker looks for a job, seconds (pg-boss's minimum is 0.5). */
  pollingSeconds: number;
  /** A job not finished in this time is considered lost (its process died) and retried. */
  expireSeconds: number;
  /** Retries of a failing job, the first after retryDelaySeconds, then doubling. */
  retryLimit: number;
  retryDelaySeconds: number;
}

export const DEFAULT_JOB_OPTIONS: JobEngineOptions = {
  concurrency: 1,
  poolSize: 4,
  pollingSeconds: 2,
  expireSeconds: 15 * 60,
  retryLimit: 5,
  retryDelaySeconds: 10,
};

const SCHEMA = 'pgboss';

/** pg-boss's statements on PGlite: parameterised ones through query(), scripts (its migrations) through exec(). */
function pgliteAdapter(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const result = await pglite.query(
          text,
          values.map((v) => (v === undefined ? null : v)),
        );
        return { rows: result.rows };
      }
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/** pg-boss's `$1…$n` statement as a drizzle statement, so it runs inside the caller's transaction. */
export function positionalSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)\b/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) chunks.push(sql.raw(part));
    else {
      const value = values[Number(part) - 1];
      chunks.push(sql`${value === undefined ? null : value}`);
    }
  });
  return sql.join(chunks, sql.raw(''));
}

function transactionAdapter(tx: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await tx.execute(positionalSql(text, values ?? []));
      return { rows: result.rows };
    },
  };
}

export class JobEngine {
  private readonly boss: PgBoss;
  private readonly handlers = new Map<JobKind, JobHandler<JobKind>>();
  private started = false;
  private readonly startHooks: (() => Promise<void>)[] = [];

  constructor(
    handle: DbHandle,
    private readonly log: FastifyBaseLogger,
    private readonly opts: JobEngineOptions = DEFAULT_JOB_OPTIONS,
  ) {
    const common = {
      schema: SCHEMA,
      // Several processes start at once: pg-boss serialises its own migrations with an advisory lock.
      migrate: true,
      supervise: true,
      schedule: false,
      expireInSeconds: opts.expireSeconds,
      retryLimit: opts.retryLimit,
      retryDelay: opts.retryDelaySeconds,
      retryBackoff: true,
      // Finished jobs are kept a week for inspection, then deleted by pg-boss's maintenance.
      deleteAfterDays: 7,
    };
    if (handle.pglite) {
      this.boss = new PgBoss({ ...common, db: pgliteAdapter(handle.pglite) });
    } else {
      if (!handle.url) throw new Error('JobEngine: the PostgreSQL handle has no URL');
      this.boss = new PgBoss({
        ...common,
        connectionString: handle.url,
        max: opts.poolSize,
        application_name: 'podbor-jobs',
      });
    }
    this.boss.on('error', (err) => this.log.error({ err }, 'job engine error'));
  }

  get running(): boolean {
    return this.started;
  }

  /** The handler of one kind of job (register before start; one per kind). */
  register<K extends JobKind>(kind: K, handler: JobHandler<K>): void {
    if (this.handlers.has(kind)) throw new Error(`JobEngine: a handler for ${kind} is registered already`);
    this.handlers.set(kind, handler as JobHandler<JobKind>);
  }

  /** Runs after the engine started (e.g. re-queues work a crash left behind). */
  onStart(hook: () => Promise<void>): void {
    this.startHooks.push(hook);
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const [kind, handler] of this.handlers) {
      await this.boss.createQueue(kind, {
        name: kind,
        policy: 'standard',
        retryLimit: this.opts.retryLimit,
        retryDelay: this.opts.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: this.opts.expireSeconds,
      });
      for (let i = 0; i < this.opts.concurrency; i++) {
        await this.boss.work<JobKinds[typeof kind]>(
          kind,
          { batchSize: 1, pollingIntervalSeconds: this.opts.pollingSeconds, includeMetadata: true },
          async ([job]) => {
            if (!job) return;
            try {
              await handler(job.data, { lastAttempt: job.retryCount >= job.retryLimit });
            } catch (err) {
              jobFailed(kind);
              this.log.warn({ err, kind, jobId: job.id }, 'job failed; it will be retried');
              throw err;
            }
          },
        );
      }
    }
    this.started = true;
    for (const hook of this.startHooks) await hook();
  }

  /**
   * Puts a job in the queue. With `tx`, the job is written in that transaction: it exists exactly when what it
   * is about was committed. Without a running engine (tests that do not start it) nothing is written; the
   * kind's start hook finds the work when an engine starts.
   */
  async enqueue<K extends JobKind>(kind: K, data: JobKinds[K], tx?: Db): Promise<boolean> {
    if (!this.started) return false;
    await this.boss.send(kind, data, tx ? { db: transactionAdapter(tx) } : {});
    return true;
  }

  /** Stops taking jobs; a job still running is failed back to the queue (retried) after `timeoutMs`. */
  async stop(timeoutMs = 5_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
  }
}
