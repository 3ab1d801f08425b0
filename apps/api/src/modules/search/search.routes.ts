import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { createSearchResultsService } from './search-results.service';
import { createSearchService } from './search.service';

const searchRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  const search = createSearchService(app.db);
  route(app, 'search', (request) => search.search(request.query));
  const results = createSearchResultsService(app.db);
  route(app, 'searchResults', (request) => results.products(undefined, request.query, request.body));
  route(app, 'searchResultsByTransport', (request) =>
    results.products(request.params.transportId, request.query, request.body),
  );
  route(app, 'searchFilters', (request) => results.filters(request.query.query, undefined));
  route(app, 'searchFiltersByTransport', (request) =>
    results.filters(request.query.query, request.params.transportId),
  );
};

export default searchRoutes;
