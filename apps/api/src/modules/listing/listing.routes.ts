import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { createListingService } from './listing.service';

const listingRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  const listing = createListingService(app.db);
  route(app, 'categoryFilters', (request) =>
    listing.filters(request.params.categorySlug, undefined, request.query),
  );
  route(app, 'categoryFiltersByTransport', (request) =>
    listing.filters(request.params.categorySlug, request.params.transportId, request.query),
  );
  route(app, 'categoryProducts', (request) =>
    listing.products(request.params.categorySlug, undefined, request.query, request.body),
  );
  route(app, 'categoryProductsByTransport', (request) =>
    listing.products(request.params.categorySlug, request.params.transportId, request.query, request.body),
  );
};

export default listingRoutes;
