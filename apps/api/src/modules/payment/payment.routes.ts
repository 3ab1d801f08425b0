import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  errorBody,
  formatPrice,
  installmentParams,
  installmentResponse,
  orderCreateHeaders,
  orderCreateRequest,
  orderCreateResponse,
  paymentMethodsResponse,
  paymentStatusQuery,
  paymentStatusResponse,
  type PaymentMethodGroup,
} from '@podbor/contract';
import type { AppDeps } from '../../deps';
import {
  idempotencyKeys,
  orders,
  paymentMethods,
  payments as paymentsTable,
  products,
} from '../../db/schema';
import { detailError, notFound, throttled } from '../../lib/http-error';
import { PaymentProviderError } from '../../lib/payments/provider';
import { ownerScope, requireOwner } from '../cart/cart.owner';
import { installmentOffer } from './installment';
import { createOrder } from './orders.service';
import {
  applyProviderPayment,
  expireUnpaidOrders,
  findOwnedOrder,
  findPayment,
  findPaymentById,
  purgeIdempotencyKeys,
  refreshPayment,
  statusResponse,
} from './payment.service';
import { sandboxPage } from './sandbox.page';
import { sandboxReturnOrigin } from '../../lib/payments/sandbox';

// API-SHAPES §11 plus the provider side: the sandbox's hosted page and YooKassa's notifications.
// Order creation answers 201 (200 when an Idempotency-Key replays an earlier order); 400 bad input (fields
// name, phone, email, cart, branch_office_id, payment_method_id, payment_type, consent), 401 without a token,
// 409 when the stock of the branch's city does not cover a line, 422 when an Idempotency-Key is reused with
// another body, 502 when the online payment could not be created (the order stays awaiting payment).

const GROUP_TITLES = { CARD: 'Онлайн', CASH: 'При получении' } as const;

const yookassaNotification = z.object({
  type: z.string().max(50),
  event: z.string().min(1).max(100),
  object: z.looseObject({ id: z.string().min(1).max(100) }),
});

/**
 * A customer places a few orders an hour at most; every order holds stock until it is paid, collected or expires,
 * so a script placing orders in a loop could empty the shelves for everyone. Per caller (user or visitor token)
 * and, because visitor tokens are free, per address.
 */
export const ORDER_LIMIT_MESSAGE = (minutes: number) =>
  `Слишком много заказов подряд. Повторите попытку через ${minutes} мин. или позвоните нам — мы поможем оформить заказ.`;

const sandboxParams = z.object({ paymentId: z.uuid() });
const sandboxAction = z.object({ action: z.enum(['pay', 'cancel']) });

const paymentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['payment'];
  const security: { [label: string]: string[] }[] = [{ bearer: [] }, { visitor: [] }];

  // The sandbox page posts an HTML form; only this plugin accepts that content type.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get(
    '/payment/methods/',
    { schema: { tags, summary: 'Способы оплаты по группам', response: { 200: paymentMethodsResponse } } },
    async () => {
      const rows = await app.db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.isActive, true))
        .orderBy(asc(paymentMethods.sort), asc(paymentMethods.id));
      const groups: PaymentMethodGroup[] = [];
      for (const type of ['CARD', 'CASH'] as const) {
        const values = rows
          .filter((m) => m.type === type && deps.payments.has(m.gateway))
          .map((m) => ({
            id: m.id,
            title: m.title,
            gateway: m.gateway,
            description: m.description,
            icons: m.icons,
          }));
        if (values.length > 0) groups.push({ title: GROUP_TITLES[type], type, values });
      }
      return groups;
    },
  );

  app.post(
    '/payment/orders/',
    {
      schema: {
        tags,
        summary: 'Оформить заказ с резервированием товара',
        security,
        headers: orderCreateHeaders,
        body: orderCreateRequest,
        response: {
          200: orderCreateResponse,
          201: orderCreateResponse,
          400: errorBody,
          401: errorBody,
          409: errorBody,
          422: errorBody,
          429: errorBody,
          502: errorBody,
        },
      },
    },
    async (request, reply) => {
      const owner = await requireOwner(app, request);
      // A repeat of an Idempotency-Key this caller already used is a replay (or a 422/409 about the key), never
      // a new order: it does not spend the hourly allowance, so a double click or a retried request costs one.
      const key = request.headers['idempotency-key'];
      const replay = key
        ? (
            await app.db
              .select({ key: idempotencyKeys.key })
              .from(idempotencyKeys)
              .where(and(eq(idempotencyKeys.scope, ownerScope(owner)), eq(idempotencyKeys.key, key)))
              .limit(1)
          ).length > 0
        : false;
      const limits = replay
        ? []
        : [
            { key: `orders:owner:${ownerScope(owner)}`, limit: app.config.ordersPerCallerPerHour },
            { key: `orders:ip:${request.ip}`, limit: app.config.ordersPerIpPerHour },
          ];
      for (const { key, limit } of limits) {
        if (limit <= 0) continue;
        const decision = await deps.limiter.hit(key, limit, 3600);
        if (!decision.allowed) {
          throw throttled(
            decision.retryAfterSec,
            ORDER_LIMIT_MESSAGE(Math.max(1, Math.ceil(decision.retryAfterSec / 60))),
          );
        }
      }
      let showcaseId: number | null = null;
      try {
        showcaseId = (await deps.showcases.forRequest(request)).id;
      } catch {
        showcaseId = null; // no showcase configured: the order is still the shop's
      }
      const result = await createOrder(app.db, app.config, deps.payments, request.log, {
        owner,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        showcaseId,
      });
      return reply.status(result.status).send(result.body);
    },
  );

  app.get(
    '/payment/status/',
    {
      schema: {
        tags,
        summary: 'Статус оплаты заказа (только для его владельца)',
        security,
        querystring: paymentStatusQuery,
        response: { 200: paymentStatusResponse, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const owner = await requireOwner(app, request);
      let order = await findOwnedOrder(app.db, owner, request.query.orderId);
      if (!order) throw notFound();
      if (order.status === 'awaiting_payment') {
        // The customer is back from the payment page: ask the provider rather than wait for its notification.
        const [payment] = await app.db
          .select()
          .from(paymentsTable)
          .where(eq(paymentsTable.orderId, order.id));
        if (payment) {
          try {
            await refreshPayment(app.db, deps.payments, request.log, payment);
          } catch (err) {
            if (!(err instanceof PaymentProviderError)) throw err;
            request.log.warn({ err }, 'payment status re-check failed');
          }
          order = (await findOwnedOrder(app.db, owner, order.id)) ?? order;
        }
      }
      return statusResponse(order);
    },
  );

  app.get(
    '/payment/installment/:productSlug/',
    {
      schema: {
        tags,
        summary: 'Предложение оплаты частями для цены товара',
        params: installmentParams,
        response: { 200: installmentResponse, 404: errorBody },
      },
    },
    async (request) => {
      const [product] = await app.db
        .select({ price: products.price })
        .from(products)
        .where(eq(products.slug, request.params.productSlug))
        .limit(1);
      if (!product) throw notFound();
      return installmentOffer(product.price);
    },
  );

  // ---- sandbox provider: hosted payment page ----

  async function sandboxState(paymentId: string) {
    const payment = await findPaymentById(app.db, paymentId);
    if (!payment || payment.provider !== 'sandbox' || !deps.payments.has('sandbox')) throw notFound();
    const [order] = await app.db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        isPaid: orders.isPaid,
        paymentType: orders.paymentType,
      })
      .from(orders)
      .where(eq(orders.id, payment.orderId));
    if (!order) throw notFound();
    return { payment, order, backUrl: `${sandboxReturnOrigin(app.config)}/payment?orderId=${order.id}` };
  }

  app.get(
    '/payment/sandbox/:paymentId/',
    { schema: { tags, summary: 'Тестовая платёжная страница (HTML)', params: sandboxParams } },
    async (request, reply) => {
      const { payment, order, backUrl } = await sandboxState(request.params.paymentId);
      const open = payment.status === 'pending' && order.status === 'awaiting_payment';
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          sandboxPage({
            number: order.number,
            amount: formatPrice(payment.amount),
            action: '',
            open,
            message: statusResponse(order).detail,
            backUrl,
          }),
        );
    },
  );

  app.post(
    '/payment/sandbox/:paymentId/',
    {
      schema: {
        tags,
        summary: 'Ответ тестовой платёжной страницы',
        params: sandboxParams,
        body: sandboxAction,
      },
    },
    async (request, reply) => {
      const { payment, order, backUrl } = await sandboxState(request.params.paymentId);
      const succeeded = request.body.action === 'pay';
      // Only an open payment of an order still waiting for it can be acted on (a second click, the back button or an
      // order that expired meanwhile change nothing).
      if (payment.status === 'pending' && order.status === 'awaiting_payment') {
        await applyProviderPayment(
          app.db,
          request.log,
          payment,
          {
            externalId: payment.id,
            status: succeeded ? 'succeeded' : 'canceled',
            paid: succeeded,
            amount: payment.amount,
            confirmationUrl: null,
            raw: { sandbox: request.body.action },
          },
          `${payment.id}:${succeeded ? 'payment.succeeded' : 'payment.canceled'}`,
        );
      }
      return reply.redirect(backUrl, 303);
    },
  );

  // ---- YooKassa notifications ----

  app.post(
    '/payment/webhooks/yookassa/',
    {
      schema: {
        tags,
        summary: 'Уведомления ЮKassa (проверяются запросом платежа)',
        body: yookassaNotification,
        response: { 200: z.object({}), 400: errorBody, 404: errorBody, 502: errorBody },
      },
    },
    async (request) => {
      if (!deps.payments.has('yookassa')) throw notFound();
      const { event, object } = request.body;
      const payment = await findPayment(app.db, 'yookassa', object.id);
      if (!payment) {
        // Not ours (or a test notification): acknowledge so YooKassa stops retrying.
        request.log.warn({ externalId: object.id, event }, 'YooKassa notification for an unknown payment');
        return {};
      }
      try {
        await refreshPayment(app.db, deps.payments, request.log, payment, { recordEvent: true });
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        request.log.error({ err }, 'YooKassa payment re-check failed; the notification will be retried');
        throw detailError(502, 'Платёжный сервис недоступен.');
      }
      return {};
    },
  );

  // ---- expiry of unpaid online orders ----
  if (app.config.orderExpirySweepSeconds > 0) {
    let timer: NodeJS.Timeout | undefined;
    let running = false;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (running) return;
        running = true;
        expireUnpaidOrders(app.db, deps.payments, app.log)
          .then(async (n) => {
            if (n > 0) app.log.info({ cancelled: n }, 'expired unpaid orders cancelled');
            await purgeIdempotencyKeys(app.db);
          })
          .catch((err: unknown) => app.log.error({ err }, 'order expiry sweep failed'))
          .finally(() => {
            running = false;
          });
      }, app.config.orderExpirySweepSeconds * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }
};

export default paymentRoutes;
