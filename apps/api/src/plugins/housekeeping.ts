import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { JobEngine } from '../lib/jobs';
import type { PaymentProviders } from '../lib/payments/provider';
import { foldCategoryCounts } from '../lib/catalog/category.directory';
import { purgeIdleVisitors } from '../lib/visitors';
import { expireUnpaidOrders, purgeIdempotencyKeys } from '../modules/orders/orders.service';

/**
 * One run of the periodic housekeeping: cancels unpaid online orders past ORDER_PAYMENT_TIMEOUT_MINUTES and cash
 * orders past their hold (ORDER_CASH_HOLD_HOURS, ORDER_CASH_HOLD_HOURS_ANONYMOUS), releasing their stock; forgets
 * day-old Idempotency-Keys; deletes anonymous visitors nobody uses any more (VISITOR_IDLE_HOURS without a cart or
 * orders, VISITOR_MAX_IDLE_DAYS in any case); folds the category counts' change rows (foldCategoryCounts). Answers the number of orders it cancelled. Safe to run from several processes at once: each order moves to
 * `cancelled` (and its stock back) in one guarded transaction, so overlapping sweeps release it once.
 */
export async function housekeeping(
  db: Db,
  config: Config,
  payments: PaymentProviders,
  log: FastifyBaseLogger,
): Promise<number> {
  const cancelled = await expireUnpaidOrders(db, payments, log);
  if (cancelled > 0) log.info({ cancelled }, 'expired unpaid orders cancelled');
  await purgeIdempotencyKeys(db);
  const visitors = await purgeIdleVisitors(db, {
    idleHours: config.visitorIdleHours,
    maxIdleDays: config.visitorMaxIdleDays,
  });
  if (visitors > 0) log.info({ visitors }, 'idle anonymous visitors deleted');
  await foldCategoryCounts(db);
  return cancelled;
}

/** A sweep cut off by its process's death is retried after this long (a sweep takes well under a second). */
const SWEEP_EXPIRE_SECONDS = 5 * 60;

/**
 * Housekeeping is a job of the job engine (lib/jobs.ts), one per ORDER_EXPIRY_SWEEP_SECONDS across all API
 * processes (0 = never; tests call `housekeeping` themselves): a sweep that throws is retried and shows in the
 * back office's «Фоновые задачи», and one whose process died goes back to the queue when it expires. The handler
 * is registered even when sweeps are off, so a failed sweep can still be retried from the back office.
 */
const housekeepingPlugin: FastifyPluginAsync<{ payments: PaymentProviders; jobs: JobEngine }> = async (
  app,
  { payments, jobs },
) => {
  jobs.register(
    'housekeeping',
    async () => {
      await housekeeping(app.db, app.config, payments, app.log);
    },
    {
      expireSeconds: SWEEP_EXPIRE_SECONDS,
      retryLimit: 3,
      retryDelaySeconds: 5,
    },
  );
  const everySec = app.config.orderExpirySweepSeconds;
  if (everySec > 0) jobs.repeat('housekeeping', everySec);
};

export default housekeepingPlugin;
