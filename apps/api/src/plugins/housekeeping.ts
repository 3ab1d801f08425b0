import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { PaymentProviders } from '../lib/payments/provider';
import { purgeIdleVisitors } from '../lib/visitors';
import { expireUnpaidOrders, purgeIdempotencyKeys } from '../modules/orders/orders.service';

/**
 * One run of the periodic housekeeping: cancels unpaid online orders past ORDER_PAYMENT_TIMEOUT_MINUTES and cash
 * orders past their hold (ORDER_CASH_HOLD_HOURS, ORDER_CASH_HOLD_HOURS_ANONYMOUS), releasing their stock; forgets
 * day-old Idempotency-Keys; deletes anonymous visitors nobody uses any more (VISITOR_IDLE_HOURS without a cart or
 * orders, VISITOR_MAX_IDLE_DAYS in any case). Safe to run from several processes at once.
 */
export async function housekeeping(
  db: Db,
  config: Config,
  payments: PaymentProviders,
  log: FastifyBaseLogger,
): Promise<void> {
  const cancelled = await expireUnpaidOrders(db, payments, log);
  if (cancelled > 0) log.info({ cancelled }, 'expired unpaid orders cancelled');
  await purgeIdempotencyKeys(db);
  const visitors = await purgeIdleVisitors(db, {
    idleHours: config.visitorIdleHours,
    maxIdleDays: config.visitorMaxIdleDays,
  });
  if (visitors > 0) log.info({ visitors }, 'idle anonymous visitors deleted');
}

/**
 * Runs housekeeping every ORDER_EXPIRY_SWEEP_SECONDS (0 = never; tests call it themselves). Started once the app
 * is ready, stopped when it closes; a run still going when the next is due is not overlapped.
 */
const housekeepingPlugin: FastifyPluginAsync<{ payments: PaymentProviders }> = async (app, { payments }) => {
  const everySec = app.config.orderExpirySweepSeconds;
  if (everySec <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running || app.readiness.migrating) return;
      running = true;
      housekeeping(app.db, app.config, payments, app.log)
        .catch((err: unknown) => app.log.error({ err }, 'housekeeping sweep failed'))
        .finally(() => {
          running = false;
        });
    }, everySec * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
};

export default housekeepingPlugin;
