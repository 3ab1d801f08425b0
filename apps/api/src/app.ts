import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type onRouteHookHandler } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { REQUEST_ID_HEADER, isValidRequestId } from '@podbor/contract';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import type { Db, DbHandle } from './db/client';
import type { AppDeps } from './deps';
import { eventHub, startEventListener } from './lib/events';
import { DEFAULT_JOB_OPTIONS, JobEngine } from './lib/jobs';
import { Messenger } from './lib/gateways/messages';
import { createProviders } from './lib/gateways/providers';
import { clientErrorHandler } from './lib/client-error';
import { loggerOptions } from './lib/log';
import { attachDatabase } from './lib/metrics';
import { InFlightHandlers } from './lib/in-flight';
import { Readiness } from './lib/readiness';
import { installReadRouting } from './lib/read-routing';
import { MemoryRateLimiter, type RateLimiter } from './lib/rate-limit';
import { createPaymentProviders } from './lib/payments/providers';
import authContext from './plugins/auth-context';
import housekeeping from './plugins/housekeeping';
import errorHandler from './plugins/error-handler';
import inputGuard from './plugins/input-guard';
import mediaUrls from './plugins/media-urls';
import observability from './plugins/observability';
import { createShowcaseResolver } from './modules/showcase/showcase.service';
import showcaseRoutes from './modules/showcase/showcase.routes';
import pagesRoutes from './modules/pages/pages.routes';
import branchesRoutes from './modules/branches/branches.routes';
import authRoutes from './modules/auth/auth.routes';
import healthRoutes from './modules/health/health.routes';
import feedbackRoutes from './modules/feedback/feedback.routes';
import categoriesRoutes from './modules/categories/categories.routes';
import listingRoutes from './modules/listing/listing.routes';
import productsRoutes from './modules/products/products.routes';
import searchRoutes from './modules/search/search.routes';
import bannersRoutes from './modules/banners/banners.routes';
import manufacturersRoutes from './modules/manufacturers/manufacturers.routes';
import sitemapRoutes from './modules/sitemap/sitemap.routes';
import transportRoutes from './modules/transport/transport.routes';
import reviewsRoutes from './modules/reviews/reviews.routes';
import profileRoutes from './modules/profile/profile.routes';
import garageRoutes from './modules/garage/garage.routes';
import cartRoutes from './modules/cart/cart.routes';
import maintenanceRoutes from './modules/maintenance/maintenance.routes';
import paymentRoutes from './modules/payment/payment.routes';
import ordersRoutes from './modules/orders/orders.routes';
import staffRoutes from './modules/staff/staff.routes';
import adminOrdersRoutes from './modules/admin-orders/admin-orders.routes';
import adminCallbacksRoutes from './modules/admin-callbacks/admin-callbacks.routes';
import adminCustomersRoutes from './modules/admin-customers/admin-customers.routes';
import adminReviewsRoutes from './modules/admin-reviews/admin-reviews.routes';
import adminCatalogRoutes from './modules/admin-catalog/admin-catalog.routes';
import adminBranchesRoutes from './modules/admin-branches/admin-branches.routes';
import adminStructureRoutes from './modules/admin-structure/admin-structure.routes';
import adminContentRoutes from './modules/admin-content/admin-content.routes';
import adminInstallationRoutes from './modules/admin-installation/admin-installation.routes';
import adminImportsRoutes from './modules/admin-imports/admin-imports.routes';
import adminJobsRoutes from './modules/admin-jobs/admin-jobs.routes';
import priceListsRoutes from './modules/price-lists/price-lists.routes';
import exchange1cRoutes from './modules/exchange-1c/exchange-1c.routes';
// Issue #15: the Yandex Market feed and the products export.
import feedsRoutes from './modules/feeds/feeds.routes';
import adminExportRoutes from './modules/admin-export/admin-export.routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    readiness: Readiness;
  }
}

export interface BuildAppOptions {
  config: Config;
  handle: DbHandle;
  limiter?: RateLimiter;
  /** Level and destination for tests; the redaction and error serializer of lib/log.ts always apply. */
  logger?: Parameters<typeof loggerOptions>[1];
  /** Sees every route as it is registered (the route-table test). */
  onRoute?: onRouteHookHandler;
  /** Migrating or not (server.ts listens while it migrates); default: ready. */
  readiness?: Readiness;
}

/** 1 MiB: every legitimate body of this API is far smaller; bigger ones get a 413 before parsing. */
export const BODY_LIMIT = 1024 * 1024;

const NOSNIFF = ['x-content-type-options', 'nosniff'] as const;

/**
 * How long a stopping process waits for route handlers whose client has gone: below server.ts's own limit
 * (SHUTDOWN_TIMEOUT_MS, 10 s), so the job engine, Redis and the pool are still closed in order after it.
 */
const HANDLER_DRAIN_MS = 8_000;

/**
 * How a process stops (server.ts on SIGTERM/SIGINT): HTTP first — no new requests, in-flight ones answered, route
 * handlers whose client left finished, then the job engine, the event listener and Redis — and the pool last.
 */
export async function closeApp(app: FastifyInstance, handle: DbHandle): Promise<void> {
  await app.close();
  await handle.close();
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, handle } = opts;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, opts.logger),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 300 },
    // The storefront's request id (issue #16) when it is a sane one, else a new one; pino writes it as `reqId` in
    // every log line of the request, and the answer carries it back (plugins/observability.ts).
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return isValidRequestId(given) ? given : randomUUID();
    },
    clientErrorHandler,
    // Malformed URLs and over-long path segments are refused by the router before any route runs; they still
    // leave in the spec's envelope (Fastify's default body here is its own shape). No hook runs for them, so
    // they set the nosniff header themselves.
    frameworkErrors: (error, request, reply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      void (reply as FastifyReply)
        .status(status)
        .header(...NOSNIFF)
        .header(REQUEST_ID_HEADER, request.id)
        .send({
          errors: {
            detail: status === 414 ? 'Слишком длинный адрес запроса.' : 'Некорректный адрес запроса.',
          },
        });
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Every route registered from here on is counted while its handler runs: shutdown waits for them (onClose below).
  const inFlight = new InFlightHandlers();
  app.addHook('onRoute', (route) => inFlight.track(route));
  // Once closing, each answer ends its connection: close() waits for every connection to end, and a keep-alive one
  // (the storefront's, nginx's, a bench's) would otherwise hold it open until the keep-alive timeout (72 s).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    return payload;
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  // Clients send `content-type: application/json` even on calls without a body (token/unauthorized_user/,
  // cart/clear/): an empty body is "no body", not malformed JSON. Anything else goes to Fastify's own parser,
  // which also refuses __proto__ poisoning.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    jsonParser(request, body as string, done);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', handle.db);
  app.decorate('config', config);
  const readiness = opts.readiness ?? new Readiness();
  app.decorate('readiness', readiness);
  const detachMetrics = attachDatabase(handle);

  const jobs = new JobEngine(handle, app.log, {
    ...DEFAULT_JOB_OPTIONS,
    concurrency: config.jobs.concurrency,
    poolSize: config.jobs.poolSize,
    pollingSeconds: config.jobs.pollingSeconds,
  });
  // Texts, reset calls and e-mails: route modules write `send` jobs; the providers (outbox by default) send them.
  const messenger = new Messenger(createProviders(config.gateways, config.outboxPath, app.log), jobs, {
    db: handle.db,
    secret: config.jwtSecret,
    log: app.log,
    // One provider request at most (GATEWAY_TIMEOUT_MS), and room for the database around it.
    sendExpireSeconds: Math.ceil(config.gateways.timeoutMs / 1000) + 30,
  });
  const deps: AppDeps = {
    handle,
    limiter: opts.limiter ?? new MemoryRateLimiter(),
    showcases: createShowcaseResolver(handle.db),
    ...messenger.gateways,
    payments: createPaymentProviders(config),
    jobs,
  };

  await app.register(errorHandler);
  await app.register(observability);
  // No answer of the API may be sniffed into something a browser renders (issue #12): JSON stays JSON.
  app.addHook('onSend', async (_request, reply) => {
    void reply.header(...NOSNIFF);
  });
  await app.register(inputGuard);
  await app.register(mediaUrls);
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'X-Client-Host', 'X-City', 'Content-Type', 'Idempotency-Key'],
    maxAge: 600,
    // A bare OPTIONS (no Origin or Access-Control-Request-Method) would get the plugin's text/plain 400; it
    // gets an empty 204 without CORS grants instead, as every error of the API is JSON or nothing.
    strictPreflight: false,
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Podbor API',
        description: 'API интернет-магазина автозапчастей «Подбор»',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          visitor: { type: 'apiKey', in: 'header', name: 'Authorization' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authContext);
  // Which reads may go to a replica, and each caller's read-your-writes window (issue #16).
  installReadRouting(
    app,
    handle.replicas,
    deps.limiter,
    (config.databaseReplicas?.maxLagMs ?? 0) + 2 * (config.databaseReplicas?.checkMs ?? 0),
  );

  const mediaDir = path.join(config.dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    immutable: true,
    maxAge: '30d',
    decorateReply: false,
  });

  // Route modules registered through route() (lib/route.ts) take their full paths from the route table: no prefix.
  await app.register(healthRoutes, { deps });
  await app.register(showcaseRoutes, { deps });
  await app.register(pagesRoutes, { deps });
  await app.register(branchesRoutes, { deps });
  await app.register(authRoutes, { deps });
  await app.register(feedbackRoutes, { deps });
  await app.register(profileRoutes, { deps });
  await app.register(garageRoutes);
  await app.register(categoriesRoutes, { deps });
  await app.register(listingRoutes, { deps });
  await app.register(productsRoutes, { deps });
  await app.register(searchRoutes, { deps });
  await app.register(bannersRoutes, { deps });
  await app.register(manufacturersRoutes, { deps });
  await app.register(sitemapRoutes, { deps });
  await app.register(reviewsRoutes, { deps });
  await app.register(cartRoutes, { deps });
  await app.register(maintenanceRoutes, { deps });
  await app.register(ordersRoutes, { deps });
  await app.register(staffRoutes, { deps });
  await app.register(adminOrdersRoutes, { deps });
  await app.register(adminCallbacksRoutes);
  await app.register(adminReviewsRoutes);
  await app.register(adminCustomersRoutes);
  await app.register(adminCatalogRoutes, { deps });
  await app.register(adminBranchesRoutes);
  await app.register(adminStructureRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminInstallationRoutes);
  await app.register(adminImportsRoutes, { deps });
  await app.register(adminJobsRoutes, { deps });
  await app.register(priceListsRoutes, { deps });
  await app.register(feedsRoutes);
  await app.register(adminExportRoutes);
  await app.register(paymentRoutes, { deps });
  await app.register(transportRoutes, { deps });
  await app.register(exchange1cRoutes, { deps });

  await app.register(housekeeping, { payments: deps.payments, jobs: deps.jobs });

  // Catalogue changes committed by any API process clear this process's caches (lib/events.ts).
  // A change committed anywhere fences the replicas until they have replayed it, so caches dropped by the event
  // reload from the primary rather than from a replica that has not seen the change yet (db/replicas.ts).
  const replicas = handle.replicas;
  const stopFencing = replicas ? eventHub(handle.db).on(() => replicas.fenceNow()) : undefined;
  const stopEvents = await startEventListener(handle, {
    onError: (err) =>
      app.log.warn({ err }, 'event listener connection lost; caches fall back to short lifetimes'),
  });

  // Background jobs start once every module registered its handlers (JOBS_ENABLED; off in tests unless asked),
  // and not before the migrations of a starting process are done (its handlers read the shop's tables).
  if (config.jobs.enabled)
    app.addHook('onReady', async () => {
      if (!readiness.migrating) return deps.jobs.start();
      readiness.afterMigrations(() => {
        deps.jobs.start().catch((err: unknown) => app.log.error({ err }, 'job engine did not start'));
      });
    });

  // Registered last, so it runs first of the onClose hooks (Fastify runs them in reverse), after the server stopped
  // taking requests and those with a client still connected were answered: handlers whose client left run on, and
  // must finish before the job engine, Redis and (closeApp) the database pool go.
  app.addHook('onClose', async () => {
    if (!(await inFlight.drained(HANDLER_DRAIN_MS)))
      app.log.warn(
        { running: inFlight.count },
        `shutdown: route handlers still running after ${HANDLER_DRAIN_MS} ms; closing anyway`,
      );
    detachMetrics();
    stopFencing?.();
    await deps.jobs.stop();
    await stopEvents();
    await deps.limiter.close();
  });
  return app;
}
