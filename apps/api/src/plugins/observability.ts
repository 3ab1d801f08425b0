import { MESSAGES, REQUEST_ID_HEADER } from '@podbor/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { observeRequest } from '../lib/metrics';

// Issue #16, for every route: the request id goes back in the answer (the storefront logs it with its own line),
// each answer is counted and timed by route template, and while the migrations of a starting process run only
// the probes answer.

/** The probes answer while migrations run: they are how a load balancer learns about them. */
const PROBES = new Set(['healthLive', 'healthReady']);

async function observability(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    if (app.readiness.migrating && !PROBES.has(request.routeOptions.config.routeName ?? '')) {
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ errors: { detail: MESSAGES.serviceStarting } });
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
}

export default fp(observability, { name: 'observability' });
