import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireOwner } from '../../lib/owner';
import { route } from '../../lib/route';
import { addKitToCart, maintenanceKit } from './maintenance.service';

// Каталог ТО (issue #17): the kit of a vehicle's next service, and the whole kit into the cart in one call.
// 404 for an unknown vehicle (or one without a schedule), 400 in Russian for a bad mileage.

const maintenanceRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  route(app, 'maintenanceKit', async (request) => maintenanceKit(app.db, request, request.query));

  route(app, 'maintenanceKitToCart', async (request) => {
    const owner = await requireOwner(app, request);
    return addKitToCart(app.db, request, owner, app.config, request.body);
  });
};

export default maintenanceRoutes;
