import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';

const healthResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
const unavailable = z.object({ errors: z.object({ detail: z.string() }) });

const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/health',
    { schema: { tags: ['service'], response: { 200: healthResponse, 503: unavailable } } },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: deps.handle.kind };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ errors: { detail: 'База данных недоступна.' } });
      }
    },
  );
};

export default healthRoutes;
