import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { branchesResponse, regionsResponse } from '@podbor/contract';
import type { AppDeps } from '../../deps';
import { listActiveBranches } from './branches.repository';
import { groupByCity, groupByRegion } from './branches.service';

const branchesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app) => {
  app.get(
    '/branches/',
    { schema: { tags: ['branches'], summary: 'Города и филиалы', response: { 200: branchesResponse } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return groupByCity(await listActiveBranches(app.db));
    },
  );

  app.get(
    '/branches/regions/',
    { schema: { tags: ['branches'], summary: 'Регионы с городами и филиалами', response: { 200: regionsResponse } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return groupByRegion(await listActiveBranches(app.db));
    },
  );
};

export default branchesRoutes;
