import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { showcaseResponse } from '@podbor/contract';
import type { AppDeps } from '../../deps';
import { toShowcaseResponse } from './showcase.service';

const showcaseRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/showcase/',
    {
      schema: {
        tags: ['showcase'],
        summary: 'Настройки витрины (по заголовку X-Client-Host)',
        response: { 200: showcaseResponse },
      },
    },
    async (request, reply) => {
      const row = await deps.showcases.forRequest(request);
      void reply.header('cache-control', 'public, max-age=30');
      return toShowcaseResponse(row);
    },
  );
};

export default showcaseRoutes;
