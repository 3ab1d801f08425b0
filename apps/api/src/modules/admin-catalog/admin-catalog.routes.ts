import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { staffOf } from '../../lib/staff';
import { productForEditing, updateProduct, updateStock } from './admin-catalog.service';

const adminCatalogRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  route(app, 'adminProductDetail', async (request) => productForEditing(app.db, request.params.id));
  route(app, 'adminProductUpdate', async (request) =>
    updateProduct(app.db, request.params.id, request.body, staffOf(request).userId),
  );
  route(app, 'adminProductStock', async (request) =>
    updateStock(app.db, request.params.id, request.body, staffOf(request).userId),
  );
};

export default adminCatalogRoutes;
