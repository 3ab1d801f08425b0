import { sql } from 'drizzle-orm';
import {
  ADMIN_JOB_FAILURES_LIMIT,
  JOB_MESSAGES,
  JOB_STATES,
  jobQueueTitle,
  type AdminJobRetryResponse,
  type AdminJobsResponse,
  type JobState,
} from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { parseRows, pgIso, pgNumber } from '../../db/sql';
import { recordAudit } from '../../lib/audit';
import { notFound } from '../../lib/http-error';
import { JOBS_SCHEMA, type JobEngine } from '../../lib/jobs';

// The back office's view of the job engine (issue #16). It reads pg-boss's tables in the shop's database with the
// app's own connection, not through this process's engine: a process running no jobs (JOBS_ENABLED=false) still
// shows what the others do. Before any engine has started, pg-boss's tables do not exist yet: nothing to show.

const job = sql.raw(`${JOBS_SCHEMA}.job`);
const queue = sql.raw(`${JOBS_SCHEMA}.queue`);

async function engineInstalled(db: Db): Promise<boolean> {
  const [row] = await parseRows(
    db,
    sql`select to_regclass(${`${JOBS_SCHEMA}.job`}) is not null as installed`,
    z.object({ installed: z.boolean() }),
  );
  return row?.installed ?? false;
}

// A queue without jobs comes once, with a null state.
const countRow = z.object({ name: z.string(), state: z.string().nullable(), n: pgNumber });
const failureRow = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(['failed', 'retry']),
  error: z.string().nullable(),
  retry_count: pgNumber,
  created_on: pgIso,
  started_on: pgIso.nullable(),
  retry_at: pgIso.nullable(),
});

/** Every queue with its jobs by state, and the latest failed attempts, newest first. */
export async function jobsOverview(db: Db): Promise<AdminJobsResponse> {
  if (!(await engineInstalled(db))) return { queues: [], failures: [] };
  // Completed jobs stay in the table a day (lib/jobs.ts), the filter says so rather than relying on it.
  const counts = await parseRows(
    db,
    sql`select q.name, j.state::text as state, count(j.id)::int as n
        from ${queue} q
        left join ${job} j on j.name = q.name
          and (j.state <> 'completed' or j.completed_on > now() - interval '1 day')
        group by q.name, j.state
        order by q.name`,
    countRow,
  );
  const queues = new Map<string, Record<JobState, number>>();
  for (const row of counts) {
    const c = queues.get(row.name) ?? { created: 0, retry: 0, active: 0, completed: 0, failed: 0 };
    if (row.state && (JOB_STATES as readonly string[]).includes(row.state)) c[row.state as JobState] = row.n;
    queues.set(row.name, c);
  }
  // A job waiting for its next attempt (`retry`) failed its last one: its reason is shown too. pg-boss keeps an
  // Error as {message, stack}, a timeout as {value: {message}}.
  const failures = await parseRows(
    db,
    sql`select id::text as id, name, state::text as state,
               coalesce(output->>'message', output->'value'->>'message', output::text) as error,
               retry_count, created_on, started_on,
               case when state = 'retry' then start_after end as retry_at
        from ${job}
        where state = 'failed' or (state = 'retry' and output is not null)
        order by coalesce(completed_on, started_on, created_on) desc
        limit ${ADMIN_JOB_FAILURES_LIMIT}`,
    failureRow,
  );
  return {
    queues: [...queues].map(([name, c]) => ({ name, title: jobQueueTitle(name), counts: c })),
    failures: failures.map((f) => ({
      id: f.id,
      queue: f.name,
      queue_title: jobQueueTitle(f.name),
      state: f.state,
      error: f.error ?? '',
      attempts: f.retry_count + 1,
      created_at: f.created_on,
      failed_at: f.started_on,
      retry_at: f.retry_at,
    })),
  };
}

/** Runs a job that has no attempts left once more (pg-boss gives it one more attempt); 404 for any other. */
export async function retryFailedJob(
  db: Db,
  jobs: JobEngine,
  id: string,
  staffUserId: number,
): Promise<AdminJobRetryResponse> {
  if (!(await engineInstalled(db))) throw notFound(JOB_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [found] = await parseRows(
      tx,
      sql`select name from ${job} where id = ${id}::uuid and state = 'failed' for update`,
      z.object({ name: z.string() }),
    );
    if (!found || !(await jobs.retry(found.name, id, tx))) throw notFound(JOB_MESSAGES.notFound);
    await recordAudit(tx, {
      userId: staffUserId,
      action: 'job.retry',
      entity: 'job',
      entityId: id,
      data: { queue: found.name },
    });
    return { id, queue: found.name, state: 'retry' as const };
  });
}
