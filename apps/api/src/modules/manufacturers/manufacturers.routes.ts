import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { manufacturerPage } from './manufacturers.service';

const manufacturersRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  route(app, 'manufacturer', (request) => manufacturerPage(app.db, request.params.slug));
};

export default manufacturersRoutes;
