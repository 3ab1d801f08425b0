import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { bannersFor } from './banners.service';

const bannersRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, 'banners', (request) => bannersFor(app.db, deps.showcases, request, request.query.category));
};

export default bannersRoutes;
