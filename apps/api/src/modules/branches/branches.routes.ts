import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { branchesByCity, branchesByRegion } from './branches.service';

const branchesRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  route(app, 'branches', async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=60');
    return branchesByCity(app.db);
  });
  route(app, 'regions', async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=60');
    return branchesByRegion(app.db);
  });
};

export default branchesRoutes;
