import { MESSAGES } from '@podbor/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv6 } from 'node:net';
import type { AppDeps } from '../../deps';
import { metricsRegistry } from '../../lib/metrics';
import { route } from '../../lib/route';
import { pingDatabase } from './health.service';

/** Loopback and private networks: where a Prometheus of the shop's own network scrapes from. */
const PRIVATE_NETWORKS = new BlockList();
PRIVATE_NETWORKS.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE_NETWORKS.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE_NETWORKS.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE_NETWORKS.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE_NETWORKS.addAddress('::1', 'ipv6');
PRIVATE_NETWORKS.addSubnet('fc00::', 7, 'ipv6');

function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return PRIVATE_NETWORKS.check(mapped[1]!, 'ipv4');
  return PRIVATE_NETWORKS.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * With METRICS_TOKEN, the bearer token alone decides; without it, the caller's address (request.ip, i.e. after
 * TRUST_PROXY: a customer reaching /api/metrics through the storefront's proxy is seen at their own address).
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') && sameSecret(header.slice('Bearer '.length), token);
  }
  try {
    return isPrivateAddress(request.ip);
  } catch {
    return false;
  }
}

const healthRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, 'health', async (request, reply) => {
    try {
      await pingDatabase(app.db);
      return { status: 'ok' as const, database: deps.handle.kind };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).send({ errors: { detail: MESSAGES.databaseUnavailable } });
    }
  });

  route(app, 'healthLive', () => ({ status: 'ok' as const }));

  route(app, 'healthReady', async (request, reply) => {
    const { readiness } = app;
    if (readiness.migrating || readiness.stopping) {
      const detail = readiness.migrating ? MESSAGES.serviceStarting : MESSAGES.serviceStopping;
      return reply.status(503).header('retry-after', '5').send({ errors: { detail } });
    }
    try {
      await pingDatabase(app.db);
      return { status: 'ok' as const, database: deps.handle.kind };
    } catch (err) {
      request.log.warn({ err }, 'readiness: database unreachable');
      return reply.status(503).send({ errors: { detail: MESSAGES.databaseUnavailable } });
    }
  });

  route(app, 'metrics', async (request, reply) => {
    if (!mayReadMetrics(request, app.config.metricsToken)) {
      return reply.status(403).send({ errors: { detail: MESSAGES.forbidden } });
    }
    const text = await metricsRegistry.metrics();
    return reply.type(metricsRegistry.contentType).header('cache-control', 'no-store').send(text);
  });
};

export default healthRoutes;
