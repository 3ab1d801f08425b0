import multipart from '@fastify/multipart';
import { BANNER_IMAGE_SIZE, CATALOG_MESSAGES, PRODUCT_IMAGE_MAX_BYTES } from '@podbor/contract';
import type { FastifyPluginAsync } from 'fastify';
import path from 'node:path';
import { badRequest, detailError } from '../../lib/http-error';
import { storeMediaImage } from '../../lib/media-images';
import { route } from '../../lib/route';
import { staffOf } from '../../lib/staff';
import {
  bannersForStaff,
  createBanner,
  createPage,
  deleteBanner,
  deletePage,
  pageForEditing,
  pagesForStaff,
  reorderBanners,
  setBannerImage,
  showcaseForEditing,
  updateBanner,
  updatePage,
  updateShowcase,
} from './admin-content.service';

// Back-office content (issue #14): banners, info pages, the showcase's settings — administrators only (the route
// table's staffRoles; 401/403 are answered before a handler runs).
const adminContentRoutes: FastifyPluginAsync = async (app) => {
  const mediaDir = path.join(app.config.dataDir, 'media');
  // multipart/form-data only inside this plugin (the banner picture): one file, nothing else of size.
  await app.register(multipart, {
    limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1_000 },
  });

  route(app, 'adminBanners', async () => bannersForStaff(app.db));
  route(app, 'adminBannerCreate', async (request, reply) =>
    reply.status(201).send(await createBanner(app.db, request.body, staffOf(request).userId)),
  );
  route(app, 'adminBannerUpdate', async (request) =>
    updateBanner(app.db, request.params.id, request.body, staffOf(request).userId),
  );
  route(app, 'adminBannerDelete', async (request) =>
    deleteBanner(app.db, request.params.id, staffOf(request).userId),
  );
  route(app, 'adminBannersReorder', async (request) =>
    reorderBanners(app.db, request.body, staffOf(request).userId),
  );
  route(app, 'adminBannerImageUpload', async (request) => {
    if (!request.isMultipart()) throw badRequest({ image: [CATALOG_MESSAGES.imageMissing] });
    let data: Buffer | undefined;
    try {
      data = await (await request.file())?.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw detailError(413, CATALOG_MESSAGES.imageTooLarge);
      throw badRequest({ image: [CATALOG_MESSAGES.imageMissing] });
    }
    if (!data || data.length === 0) throw badRequest({ image: [CATALOG_MESSAGES.imageMissing] });
    const body = data;
    const id = request.params.id;
    return setBannerImage(
      app.db,
      id,
      () => storeMediaImage(mediaDir, { folder: 'banners/u', ...BANNER_IMAGE_SIZE }, id, body),
      staffOf(request).userId,
    );
  });

  route(app, 'adminPages', async () => pagesForStaff(app.db));
  route(app, 'adminPage', async (request) => pageForEditing(app.db, request.params.id));
  route(app, 'adminPageCreate', async (request, reply) =>
    reply.status(201).send(await createPage(app.db, request.body, staffOf(request).userId)),
  );
  route(app, 'adminPageUpdate', async (request) =>
    updatePage(app.db, request.params.id, request.body, staffOf(request).userId),
  );
  route(app, 'adminPageDelete', async (request) =>
    deletePage(app.db, request.params.id, staffOf(request).userId),
  );

  route(app, 'adminShowcase', async () => showcaseForEditing(app.db));
  route(app, 'adminShowcaseUpdate', async (request) =>
    updateShowcase(app.db, request.body, staffOf(request).userId),
  );
};

export default adminContentRoutes;
