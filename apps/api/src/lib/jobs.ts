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
  /** One housekeeping sweep (plugins/housekeeping.ts): expired orders and holds, old keys, idle visitors. */
  housekeeping: Record<string, never>;
}
export type JobKind = keyof JobKinds;

/**
 * What one run of a job knows besides its data. `progress` is what earlier runs of the same job recorded with
 * `saveProgress` (empty on the first run): it is kept in the job's row, so it survives the process that wrote it
 * — a run that follows a SIGKILL sees how far the killed one got. An admin's retry from the back office clears it.
 */
export interface JobRun {
  id: string;
  /** No retry follows if this run of the job throws. */
  lastAttempt: boolean;
  progress: JobProgress;
  saveProgress(progress: JobProgress): Promise<void>;
}
export type JobProgress = Record<string, string | number | boolean | null>;
export type JobHandler<K extends JobKind> = (data: JobKinds[K], job: JobRun) => Promise<void>;

/**
 * Thrown by a handler when running the job again cannot help (the provider refused the message for good): the
 * job ends failed at once, with this message as its reason, instead of waiting out its retries.
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/** The key of a job's data under which its progress is kept (pg-boss copies `data` into every retry). */
const PROGRESS_KEY = '_progress';

/** A kind's own limits where the engine's defaults do not fit it. */
export interface QueueOptions {
  expireSeconds?: number;
  /** Jobs one worker takes at once and runs side by side (each still completed or failed on its own). */
  batchSize?: number;
  retryLimit?: number;
  retryDelaySeconds?: number;
}

/**
 * Runs one pg-boss statement again when PostgreSQL broke a deadlock by aborting it (40P01). Processes starting
 * together create their queues at once, and creating one queue attaches a partition to pgboss.job while another
 * process attaches another: each waits for the other's locks (CI saw it with two engines on one database). The
 * aborted statement was rolled back whole, so running it again after a random pause is safe.
 */
async function retryDeadlocks<T>(statement: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * attempt));
    }
  }
}

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
  /** How often a job whose process died is noticed (see MAINTENANCE_SECONDS); tests shorten it. */
  maintenanceSeconds?: number;
}

export const DEFAULT_JOB_OPTIONS: JobEngineOptions = {
  concurrency: 1,
  poolSize: 4,
  pollingSeconds: 2,
  expireSeconds: 15 * 60,
  retryLimit: 5,
  retryDelaySeconds: 10,
};

/** pg-boss's tables live in this schema of the shop's database (the back office reads them, modules/admin-jobs). */
export const JOBS_SCHEMA = 'pgboss';
const SCHEMA = JOBS_SCHEMA;

/** Finished jobs stay in the job table this long (the back office counts them), failed ones a week (retryable). */
const KEEP_COMPLETED_SECONDS = 24 * 60 * 60;
const KEEP_FAILED_SECONDS = 7 * 24 * 60 * 60;
/**
 * How often (across all processes: pg-boss takes turns through a lock) a job whose process died is noticed — its
 * expiry passed while it was still active — and put back in the queue. pg-boss's default is 2 minutes; a
 * registration code that arrives minutes late is no use, and the statements are cheap.
 */
const MAINTENANCE_SECONDS = 15;

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
      // An array is one parameter (pg-boss's `$2::uuid[]`); drizzle would spread a bare one into a list.
      chunks.push(
        Array.isArray(value) ? sql`${sql.param(value)}` : sql`${value === undefined ? null : value}`,
      );
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
  private readonly handlers = new Map<JobKind, { handler: JobHandler<JobKind>; queue: QueueOptions }>();
  private readonly repeats = new Map<JobKind, number>();
  private readonly timers: NodeJS.Timeout[] = [];
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
      maintenanceIntervalSeconds: opts.maintenanceSeconds ?? MAINTENANCE_SECONDS,
      retryLimit: opts.retryLimit,
      retryDelay: opts.retryDelaySeconds,
      retryBackoff: true,
      archiveCompletedAfterSeconds: KEEP_COMPLETED_SECONDS,
      archiveFailedAfterSeconds: KEEP_FAILED_SECONDS,
      // Archived jobs are kept a week for inspection, then deleted by pg-boss's maintenance.
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
  register<K extends JobKind>(kind: K, handler: JobHandler<K>, queue: QueueOptions = {}): void {
    if (this.handlers.has(kind)) throw new Error(`JobEngine: a handler for ${kind} is registered already`);
    this.handlers.set(kind, { handler: handler as JobHandler<JobKind>, queue });
  }

  /**
   * One job of `kind` per `everySeconds` across every process sharing the database, from when the engine starts.
   * Each process offers the job a few times per period, and pg-boss keeps one per period: the job carries the
   * period's start (`singletonSeconds`) and a unique index refuses a second one for the same period, whoever
   * sends it, even after the first has finished. (pg-boss's own cron `schedule` counts in minutes; the periods
   * here may be seconds.) Offering more often than once a period means a period is not skipped when a timer
   * drifts or the process that offered last has stopped.
   */
  repeat(kind: JobKind, everySeconds: number): void {
    if (!Number.isInteger(everySeconds) || everySeconds < 1)
      throw new Error(`JobEngine: ${kind} cannot repeat every ${everySeconds} s`);
    this.repeats.set(kind, everySeconds);
  }

  /** Offers this period's job of a repeating kind; false when the period has one already. */
  private async offer(kind: JobKind): Promise<boolean> {
    const every = this.repeats.get(kind);
    if (!this.started || every === undefined) return false;
    const id = await this.boss.sendThrottled(kind, {}, {}, every, kind);
    return id !== null;
  }

  /**
   * One job of a fetched batch, completed or failed on its own (pg-boss would complete or fail a batch as a
   * whole). Never throws: the batch's other jobs are not affected, and pg-boss's own completion of the batch then
   * finds none of them still active.
   */
  private async runJob(
    kind: JobKind,
    handler: JobHandler<JobKind>,
    job: PgBoss.JobWithMetadata<JobKinds[JobKind]>,
  ): Promise<void> {
    const { [PROGRESS_KEY]: saved, ...data } = job.data as JobKinds[JobKind] & {
      [PROGRESS_KEY]?: JobProgress;
    };
    const run: JobRun = {
      id: job.id,
      lastAttempt: job.retryCount >= job.retryLimit,
      progress: saved ?? {},
      saveProgress: (progress) => this.saveProgress(kind, job.id, progress),
    };
    try {
      await handler(data as JobKinds[JobKind], run);
    } catch (err) {
      jobFailed(kind);
      const permanent = err instanceof PermanentJobError;
      this.log.warn(
        { err, kind, jobId: job.id },
        permanent ? 'job failed for good; it is not retried' : 'job failed; it may be retried',
      );
      try {
        // pg-boss fails a job for good when its retries are used up: this one has none left from now.
        if (permanent)
          await this.exec(
            `update ${SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2 and state = 'active'`,
            [kind, job.id],
          );
        await this.boss.fail(kind, job.id, err as object);
      } catch (e) {
        this.log.error(
          { err: e, kind, jobId: job.id },
          'could not fail a job; it runs again after its expiry',
        );
      }
      return;
    }
    await this.boss
      .complete(kind, job.id)
      .catch((err: unknown) =>
        this.log.error(
          { err, kind, jobId: job.id },
          'could not complete a job; it runs again after its expiry',
        ),
      );
  }

  private async exec(text: string, values: unknown[]): Promise<void> {
    await this.boss.getDb().executeSql(text, values);
  }

  /** Merges `progress` into what the job's later runs will see; only while this run still holds the job. */
  private async saveProgress(kind: JobKind, id: string, progress: JobProgress): Promise<void> {
    await this.exec(
      `update ${SCHEMA}.job set data = jsonb_set(coalesce(data, '{}'::jsonb), '{${PROGRESS_KEY}}',
         coalesce(data->'${PROGRESS_KEY}', '{}'::jsonb) || $3::jsonb)
        where name = $1 and id = $2 and state = 'active'`,
      [kind, id, JSON.stringify(progress)],
    );
  }

  /** Runs after the engine started (e.g. re-queues work a crash left behind). */
  onStart(hook: () => Promise<void>): void {
    this.startHooks.push(hook);
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const [kind, { handler, queue }] of this.handlers) {
      const limits = {
        retryLimit: queue.retryLimit ?? this.opts.retryLimit,
        retryDelay: queue.retryDelaySeconds ?? this.opts.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: queue.expireSeconds ?? this.opts.expireSeconds,
      };
      // createQueue leaves an existing queue as it was: its limits are set again so a changed setting applies.
      await retryDeadlocks(() => this.boss.createQueue(kind, { name: kind, policy: 'standard', ...limits }));
      await retryDeadlocks(() => this.boss.updateQueue(kind, { name: kind, policy: 'standard', ...limits }));
      const batchSize = queue.batchSize ?? 1;
      for (let i = 0; i < this.opts.concurrency; i++) {
        let workerId = '';
        workerId = await this.boss.work<JobKinds[typeof kind]>(
          kind,
          { batchSize, pollingIntervalSeconds: this.opts.pollingSeconds, includeMetadata: true },
          async (jobs) => {
            await Promise.all(jobs.map((job) => this.runJob(kind, handler, job)));
            // pg-boss waits the polling interval after each fetch, busy or not: one batch per poll. A full batch
            // means more are likely waiting, so the worker fetches again at once; an emptied queue is polled.
            if (jobs.length === batchSize && workerId && this.started) this.boss.notifyWorker(workerId);
          },
        );
      }
    }
    this.started = true;
    for (const [kind, every] of this.repeats) {
      const offer = () => {
        this.offer(kind).catch((err: unknown) =>
          this.log.warn({ err, kind }, 'could not queue a repeating job'),
        );
      };
      offer();
      const timer = setInterval(offer, Math.max(1, every / 3) * 1000);
      timer.unref();
      this.timers.push(timer);
    }
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

  /**
   * Gives a job that has no attempts left one more (pg-boss's `retry`), in the caller's transaction. Works without
   * this process's engine running: the job is taken by whichever process runs its kind.
   */
  async retry(kind: string, id: string, tx: Db): Promise<boolean> {
    // pg-boss's typings say void; it answers with what it changed.
    const result = (await this.boss.retry(kind, id, { db: transactionAdapter(tx) })) as unknown as {
      affected: number;
    };
    if (result.affected !== 1) return false;
    // An admin asking for the job again means "do it again": what the failed runs recorded (e.g. "a send was cut
    // off, outcome unknown") must not stop the new run.
    await tx.execute(
      sql`update ${sql.raw(`${SCHEMA}.job`)} set data = data - ${PROGRESS_KEY} where name = ${kind} and id = ${id}::uuid`,
    );
    return true;
  }

  /** Stops taking jobs; a job still running is failed back to the queue (retried) after `timeoutMs`. */
  async stop(timeoutMs = 5_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await this.boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
  }
}
