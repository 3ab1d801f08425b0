import multipart from '@fastify/multipart';
import { CATALOG_MESSAGES, PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_SIZE } from '@podbor/contract';
import type { FastifyPluginAsync } from 'fastify';
import path from 'node:path';
import type { AppDeps } from '../../deps';
import { badRequest, detailError } from '../../lib/http-error';
import { storeMediaImage } from '../../lib/media-images';
import { route } from '../../lib/route';
import { staffOf } from '../../lib/staff';
import { addProductImage, productForEditing, updateProduct, updateStock } from './admin-catalog.service';

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
    if (!request.isMultipart()) throw badRequest({ image: [CATALOG_MESSAGES.imageMissing] });
    let data: Buffer | undefined;
    try {
      const file = await request.file();
      data = await file?.toBuffer();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw detailError(413, CATALOG_MESSAGES.imageTooLarge);
      throw badRequest({ image: [CATALOG_MESSAGES.imageMissing] });
    }
    if (!data || data.length === 0) throw badRequest({ image: [CATALOG_MESSAGES.imageMissing] });
    const body = data;
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
