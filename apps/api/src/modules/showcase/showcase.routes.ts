import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { toShowcaseResponse } from './showcase.service';

const showcaseRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, 'showcase', async (request, reply) => {
    const row = await deps.showcases.forRequest(request);
    void reply.header('cache-control', 'public, max-age=30');
    return toShowcaseResponse(row);
  });
};

export default showcaseRoutes;
