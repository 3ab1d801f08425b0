import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireOwner } from '../../lib/owner';
import { route } from '../../lib/route';
import { normaliseHost } from '../showcase/showcase.service';
import { cancelOwnOrder, lookupOrder, payOrderAgain, placeOrder, type OrdersEnv } from './orders.service';

// Order creation answers 201 (200 when an Idempotency-Key replays an earlier order); 400 bad input (fields
// name, phone, email, cart, branch_office_id, payment_method_id, payment_type, consent) or an order limit
// (cart: lines, a cash order's units or total; non_field_errors: too many open unpaid orders), 401 without a
// token, 409 when the stock of the branch's city does not cover a line or the line is more than one order may
// take of it, 422 when an Idempotency-Key is reused with another body, 429 past the hourly order limits, 502
// when the online payment could not be created (the order stays awaiting payment).
// After placing (issue #13): the owner of an unpaid online order pays again or switches to paying at pickup
// (orderPay: 200, 400 unknown method or a cash order's limits, 404 not theirs, 409 no longer awaiting payment or
// too many attempts, 502 provider failed) or cancels an unpaid order (orderCancel: 200, 409 paid or in work, 502
// provider cannot say whether it was paid); a guest looks an order up by number and phone (orderLookup: 404 alike
// for an unknown number and a wrong phone, 429 past the per-address and per-number limits).
// Staff release an order's hold (back office, `staff` routes: 401/403 are answered before the handler): 200 with
// the cancelled order, 404 for an unknown number, 409 for a paid or finished order, 502 when the payment
// provider cannot say whether an online order was paid.

const ordersRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const env: OrdersEnv = {
    db: app.db,
    config: app.config,
    payments: deps.payments,
    limiter: deps.limiter,
    log: app.log,
  };

  async function showcaseIdOf(request: FastifyRequest): Promise<number | null> {
    try {
      return (await deps.showcases.forRequest(request)).id;
    } catch {
      return null; // no showcase configured: the order is still the shop's
    }
  }

  route(app, 'orderCreate', async (request, reply) => {
    const owner = await requireOwner(app, request);
    const result = await placeOrder(
      { ...env, log: request.log },
      {
        owner,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        showcaseId: await showcaseIdOf(request),
        clientHost: normaliseHost(request.headers['x-client-host']),
        ip: request.ip,
      },
    );
    return reply.status(result.status).send(result.body);
  });

  route(app, 'orderPay', async (request) => {
    const owner = await requireOwner(app, request);
    return payOrderAgain(
      { ...env, log: request.log },
      { owner, orderId: request.params.orderId, methodId: request.body.payment_method_id },
    );
  });

  route(app, 'orderCancel', async (request) => {
    const owner = await requireOwner(app, request);
    return cancelOwnOrder({ ...env, log: request.log }, { owner, orderId: request.params.orderId });
  });

  route(app, 'orderLookup', async (request) => lookupOrder(env, { body: request.body, ip: request.ip }));
};

export default ordersRoutes;
