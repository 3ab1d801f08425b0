import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { pingDatabase } from './health.service';

const healthRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, 'health', async (request, reply) => {
    try {
      await pingDatabase(app.db);
      return { status: 'ok' as const, database: deps.handle.kind };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).send({ errors: { detail: 'База данных недоступна.' } });
    }
  });
};

export default healthRoutes;
