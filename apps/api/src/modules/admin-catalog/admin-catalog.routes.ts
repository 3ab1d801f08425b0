import multipart from '@fastify/multipart';
import { PRODUCT_IMAGE_MAX_BYTES } from '@podbor/contract';
import type { FastifyPluginAsync } from 'fastify';
import path from 'node:path';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { staffOf } from '../../lib/staff';
import { addProductImage, productForEditing, updateProduct, updateStock } from './admin-catalog.service';
import { readImageUpload, storeProductImage } from '../../lib/uploaded-images';

const adminCatalogRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  const mediaDir = path.join(app.config.dataDir, 'media');
  // multipart/form-data only inside this plugin (the image upload): one file, nothing else of size.
  await app.register(multipart, {
    limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1_000 },
  });

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
      () => storeProductImage(mediaDir, request.params.id, body),
      staffOf(request).userId,
    );
    return reply.status(201).send(product);
  });
};

export default adminCatalogRoutes;
