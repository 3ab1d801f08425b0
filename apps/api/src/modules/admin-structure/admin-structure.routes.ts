import type { FastifyPluginAsync } from 'fastify';
import path from 'node:path';
import { route } from '../../lib/route';
import { staffOf } from '../../lib/staff';
import { acceptImageUploads, readImageUpload, storeMediaImage } from '../../lib/uploaded-images';
import {
  categoryTree,
  createCategory,
  createManufacturer,
  deleteCategory,
  deleteManufacturer,
  manufacturerList,
  moveCategory,
  setManufacturerLogo,
  updateCategory,
  updateManufacturer,
} from './admin-structure.service';

/** Logos are fitted into this square (never enlarged). */
const LOGO = { folder: 'manufacturers/u', width: 600, height: 600 };

const adminStructureRoutes: FastifyPluginAsync = async (app) => {
  const mediaDir = path.join(app.config.dataDir, 'media');
  await acceptImageUploads(app); // the logo

  route(app, 'adminCategories', async () => categoryTree(app.db));
  route(app, 'adminCategoryCreate', async (request, reply) =>
    reply.status(201).send(await createCategory(app.db, request.body, staffOf(request).userId)),
  );
  route(app, 'adminCategoryUpdate', async (request) =>
    updateCategory(app.db, request.params.id, request.body, staffOf(request).userId),
  );
  route(app, 'adminCategoryMove', async (request) =>
    moveCategory(app.db, request.params.id, request.body, staffOf(request).userId),
  );
  route(app, 'adminCategoryDelete', async (request) =>
    deleteCategory(app.db, request.params.id, staffOf(request).userId),
  );

  route(app, 'adminManufacturers', async (request) => manufacturerList(app.db, request.query));
  route(app, 'adminManufacturerCreate', async (request, reply) =>
    reply.status(201).send(await createManufacturer(app.db, request.body, staffOf(request).userId)),
  );
  route(app, 'adminManufacturerUpdate', async (request) =>
    updateManufacturer(app.db, request.params.id, request.body, staffOf(request).userId),
  );
  route(app, 'adminManufacturerLogo', async (request, reply) => {
    const id = request.params.id;
    const data = await readImageUpload(request);
    const manufacturer = await setManufacturerLogo(
      app.db,
      id,
      () => storeMediaImage(mediaDir, LOGO, id, data),
      staffOf(request).userId,
    );
    return reply.status(201).send(manufacturer);
  });
  route(app, 'adminManufacturerDelete', async (request) =>
    deleteManufacturer(app.db, request.params.id, staffOf(request).userId),
  );
};

export default adminStructureRoutes;
