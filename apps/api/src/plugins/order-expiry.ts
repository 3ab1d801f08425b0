import type { FastifyPluginAsync } from 'fastify';
import type { PaymentProviders } from '../lib/payments/provider';
import { expireUnpaidOrders, purgeIdempotencyKeys } from '../modules/orders/orders.service';

/**
 * Every ORDER_EXPIRY_SWEEP_SECONDS (0 = never; tests run the sweep themselves) the server cancels unpaid online
 * orders past ORDER_PAYMENT_TIMEOUT_MINUTES and cash orders past ORDER_CASH_HOLD_HOURS, releasing their stock, and
 * forgets day-old Idempotency-Keys. Started once the app is ready, stopped when it closes; a sweep still running
 * when the next is due is not overlapped.
 */
const orderExpiry: FastifyPluginAsync<{ payments: PaymentProviders }> = async (app, { payments }) => {
  const everySec = app.config.orderExpirySweepSeconds;
  if (everySec <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = true;
      expireUnpaidOrders(app.db, payments, app.log)
        .then(async (n) => {
          if (n > 0) app.log.info({ cancelled: n }, 'expired unpaid orders cancelled');
          await purgeIdempotencyKeys(app.db);
        })
        .catch((err: unknown) => app.log.error({ err }, 'order expiry sweep failed'))
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

export default orderExpiry;
