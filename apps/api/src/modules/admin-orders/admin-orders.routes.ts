import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { staffOf } from '../../lib/staff';
import {
  changeStatus,
  dashboard,
  listOrders,
  listProducts,
  orderDetail,
  releaseHeldOrder,
  type AdminOrdersEnv,
} from './admin-orders.service';

// The back office's order desk (issue #14), `staff` routes (401/403 are answered before the handler): the order
// list (400 bad filter, 403 another branch's filter), the order page (404 unknown or another branch's order), a
// status change (400 bad body or a cancellation without reason, 409 stale version or a move the status machine
// does not allow, 502 refund refused), the release of a stock hold (404 another branch's order), the product search and the dashboard.

const adminOrdersRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const env: AdminOrdersEnv = { db: app.db, payments: deps.payments, sms: deps.sms, log: app.log };

  route(app, 'adminOrders', async (request) => listOrders(app.db, staffOf(request).userId, request.query));
  route(app, 'adminOrder', async (request) =>
    orderDetail(app.db, staffOf(request).userId, request.params.number),
  );
  route(app, 'adminOrderStatus', async (request) =>
    changeStatus(
      { ...env, log: request.log },
      { userId: staffOf(request).userId, number: request.params.number, body: request.body },
    ),
  );
  route(app, 'adminOrderRelease', async (request) =>
    releaseHeldOrder(
      { ...env, log: request.log },
      { userId: staffOf(request).userId, number: request.params.number, reason: request.body.reason },
    ),
  );
  route(app, 'adminProducts', async (request) => listProducts(app.db, request.query));
  route(app, 'adminDashboard', async (request) => dashboard(app.db, staffOf(request).userId));
};

export default adminOrdersRoutes;
