import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireOwner } from '../../lib/owner';
import { route } from '../../lib/route';
import {
  installmentFor,
  paymentMethodGroups,
  paymentStatus,
  sandboxAction,
  sandboxPageHtml,
  yookassaNotified,
} from './payment.service';

// API-SHAPES §11 plus the provider side: the sandbox's hosted page and YooKassa's notifications. Order creation
// (POST /payment/orders/) is the orders module's.

const paymentRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  // The sandbox page posts an HTML form; only this plugin accepts that content type.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  route(app, 'paymentMethods', async () => paymentMethodGroups(app.db, deps.payments));

  route(app, 'paymentStatus', async (request) => {
    const owner = await requireOwner(app, request);
    return paymentStatus(app.db, deps.payments, request.log, owner, request.query.orderId);
  });

  route(app, 'installment', async (request) => installmentFor(app.db, request, request.params.productSlug));

  route(app, 'paymentSandboxPage', async (request, reply) => {
    const html = await sandboxPageHtml(app.db, app.config, deps.payments, request.params.paymentId);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  route(app, 'paymentSandboxAction', async (request, reply) => {
    const backUrl = await sandboxAction(
      app.db,
      app.config,
      deps.payments,
      request.log,
      request.params.paymentId,
      request.body.action,
    );
    return reply.redirect(backUrl, 303);
  });

  route(app, 'paymentWebhookYookassa', async (request) =>
    yookassaNotified(app.db, deps.payments, request.log, request.body),
  );
};

export default paymentRoutes;
