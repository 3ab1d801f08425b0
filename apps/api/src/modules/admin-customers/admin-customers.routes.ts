import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { requireStaff } from '../../lib/staff';
import { customerDetail, customersList, setCustomerBlock } from './admin-customers.service';

const adminCustomersRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'adminCustomers', async (request) =>
    customersList(app.db, await requireStaff(app.db, request), request.query),
  );
  route(app, 'adminCustomer', async (request) =>
    customerDetail(app.db, await requireStaff(app.db, request), request.params.id),
  );
  route(app, 'adminCustomerBlock', async (request) =>
    setCustomerBlock(app.db, await requireStaff(app.db, request), {
      id: request.params.id,
      block: true,
      reason: request.body.reason,
    }),
  );
  route(app, 'adminCustomerUnblock', async (request) =>
    setCustomerBlock(app.db, await requireStaff(app.db, request), { id: request.params.id, block: false }),
  );
};

export default adminCustomersRoutes;
