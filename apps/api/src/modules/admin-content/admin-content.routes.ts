import { BANNER_IMAGE_SIZE } from '@podbor/contract';
import type { FastifyPluginAsync } from 'fastify';
import path from 'node:path';
import { acceptImageUploads, readImageUpload, storeMediaImage } from '../../lib/uploaded-images';
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
  await acceptImageUploads(app); // the banner picture

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
    const body = await readImageUpload(request);
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
