import { PRODUCT_IMAGE_SIZE } from '@podbor/contract';
import type { FastifyPluginAsync } from 'fastify';
import path from 'node:path';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { staffOf } from '../../lib/staff';
import { acceptImageUploads, readImageUpload, storeMediaImage } from '../../lib/uploaded-images';
import { addProductImage, productForEditing, updateProduct, updateStock } from './admin-catalog.service';

const adminCatalogRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  const mediaDir = path.join(app.config.dataDir, 'media');
  await acceptImageUploads(app); // the product photos

  route(app, 'adminProductDetail', async (request) => productForEditing(app.db, request.params.id));
  route(app, 'adminProductUpdate', async (request) =>
    updateProduct(app.db, request.params.id, request.body, staffOf(request).userId),
  );
  route(app, 'adminProductStock', async (request) =>
    updateStock(app.db, request.params.id, request.body, staffOf(request).userId),
  );
  route(app, 'adminProductImageUpload', async (request, reply) => {
    const body = await readImageUpload(request);
    const product = await addProductImage(
      app.db,
      request.params.id,
      () =>
        storeMediaImage(
          mediaDir,
          { folder: 'products/u', width: PRODUCT_IMAGE_SIZE, height: PRODUCT_IMAGE_SIZE },
          request.params.id,
          body,
        ),
      staffOf(request).userId,
    );
    return reply.status(201).send(product);
  });
};

export default adminCatalogRoutes;
