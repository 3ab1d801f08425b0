import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { toShowcaseResponse } from './showcase.service';

const showcaseRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, 'showcase', async (request, reply) => {
    const row = await deps.showcases.forRequest(request);
    // Browsers and proxies ask again each time (cheap: the process keeps it): a saved change shows at once.
    void reply.header('cache-control', 'no-cache');
    return toShowcaseResponse(row);
  });
};

export default showcaseRoutes;
