import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { createSearchService } from './search.service';

const searchRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  const search = createSearchService(app.db);
  route(app, 'search', (request) => search.search(request.query));
};

export default searchRoutes;
