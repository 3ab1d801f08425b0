import { z } from 'zod';

// Back office (issue #16): the background jobs of the API's job engine (pg-boss) — each queue with its jobs by
// state, and the latest failures with their reasons; a failed job can be run again.

/** A job's states as the back office counts them (pg-boss's own, but for `cancelled`, which the shop never uses). */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_STATE_TITLES: Record<JobState, string> = {
  created: 'В очереди',
  retry: 'Ждут повтора',
  active: 'Выполняются',
  completed: 'Выполнено за сутки',
  failed: 'Не удались',
};

/** Queues by name; a queue without a title here is shown by its name. */
export const JOB_QUEUE_TITLES: Record<string, string> = {
  import: 'Импорт применимости и аналогов',
  'price-list': 'Импорт прайс-листов',
  housekeeping: 'Обслуживание: просроченные заказы, резервы, старые ключи и посетители',
  send: 'Отправка SMS, звонков и писем',
};

export function jobQueueTitle(name: string): string {
  return JOB_QUEUE_TITLES[name] ?? name;
}

/** Failures listed, newest first. */
export const ADMIN_JOB_FAILURES_LIMIT = 30;

export const adminJobQueue = z.object({
  name: z.string(),
  title: z.string(),
  counts: z.object({
    created: z.number().int(),
    retry: z.number().int(),
    active: z.number().int(),
    /** Finished in the last 24 hours (older ones are archived). */
    completed: z.number().int(),
    failed: z.number().int(),
  }),
});
export type AdminJobQueue = z.infer<typeof adminJobQueue>;

export const adminJobFailure = z.object({
  id: z.uuid(),
  queue: z.string(),
  queue_title: z.string(),
  /** `failed`: no attempts left (it can be run again); `retry`: the engine tries again by itself at `retry_at`. */
  state: z.enum(['failed', 'retry']),
  /** The error of its last attempt. */
  error: z.string(),
  attempts: z.number().int(),
  created_at: z.string(),
  /** When its last attempt started. */
  failed_at: z.string().nullable(),
  retry_at: z.string().nullable(),
});
export type AdminJobFailure = z.infer<typeof adminJobFailure>;

export const adminJobsResponse = z.object({
  queues: z.array(adminJobQueue),
  failures: z.array(adminJobFailure),
});
export type AdminJobsResponse = z.infer<typeof adminJobsResponse>;

export const JOB_MESSAGES = {
  notFound: 'Задача не найдена среди неудавшихся: её уже повторили или удалили.',
  retried: 'Задача поставлена в очередь снова.',
} as const;

/** A malformed id is answered like an unknown one (404), as every path parameter of the API. */
export const adminJobParams = z.object({ jobId: z.uuid() });
export type AdminJobParams = z.infer<typeof adminJobParams>;

export const adminJobRetryResponse = z.object({ id: z.uuid(), queue: z.string(), state: z.literal('retry') });
export type AdminJobRetryResponse = z.infer<typeof adminJobRetryResponse>;
