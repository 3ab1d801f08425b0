import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { sitemapManufacturers, sitemapProducts } from './sitemap.service';

const sitemapRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  route(app, 'sitemapProducts', (request) => sitemapProducts(app.db, request.query.page, request.query.size));
  route(app, 'sitemapManufacturers', () => sitemapManufacturers(app.db));
};

export default sitemapRoutes;
