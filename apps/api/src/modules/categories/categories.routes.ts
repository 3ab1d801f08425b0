import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { categoryDetail, categoryNodes } from './categories.service';

const categoriesRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  const db = app.db;
  route(app, 'categories', () => categoryNodes(db, { depth: 0 }));
  route(app, 'categoryTree', () => categoryNodes(db, { depth: Infinity }));
  route(app, 'categoryTreeByTransport', (request) =>
    categoryNodes(db, { depth: Infinity, transportId: request.params.transportId }),
  );
  route(app, 'categoryChildren', (request) =>
    categoryNodes(db, { depth: 0, categorySlug: request.params.categorySlug }),
  );
  route(app, 'categoryChildrenByTransport', (request) =>
    categoryNodes(db, {
      depth: 0,
      categorySlug: request.params.categorySlug,
      transportId: request.params.transportId,
    }),
  );
  route(app, 'categoryDetail', (request) => categoryDetail(db, request.params.categorySlug));
};

export default categoriesRoutes;
