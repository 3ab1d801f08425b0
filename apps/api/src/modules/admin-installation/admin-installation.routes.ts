import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { staffOf } from '../../lib/staff';
import {
  installationCategories,
  installationTable,
  updateInstallationPrices,
} from './admin-installation.service';

// Back-office installation price table: every staff member reads it (to answer a customer's question); only an
// administrator saves it (403 for a manager, answered before the handler with 401 for no session).
const adminInstallationRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'adminInstallationCategories', async () => installationCategories(app.db));
  route(app, 'adminInstallationPrices', async (request) => installationTable(app.db, request.params.id));
  route(app, 'adminInstallationPricesUpdate', async (request) =>
    updateInstallationPrices(app.db, request.params.id, request.body, staffOf(request).userId),
  );
};

export default adminInstallationRoutes;
