import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { staffOf } from '../../lib/staff';
import { branchesForStaff, updateBranch } from './admin-branches.service';

// Back-office branches: every staff member reads them (order filters, stock, the map); only an administrator
// changes one (404 for an unknown id, 400 for bad fields). 401/403 are answered before the handler.
const adminBranchesRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'adminBranches', async () => branchesForStaff(app.db));
  route(app, 'adminBranchUpdate', async (request) =>
    updateBranch(app.db, request.params.id, request.body, staffOf(request).userId),
  );
};

export default adminBranchesRoutes;
