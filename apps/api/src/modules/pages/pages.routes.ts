import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { pageDetail, pagesMenu } from './pages.service';

const pagesRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, 'pagesMenu', (request) => pagesMenu(app.db, deps.showcases, request));
  route(app, 'pageDetail', (request) => pageDetail(app.db, deps.showcases, request, request.params.pageSlug));
};

export default pagesRoutes;
