import { z } from 'zod';

// The health checks of load balancers and container probes, and the metrics scrape (not part of the
// storefront's API).

export const healthResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type HealthResponse = z.infer<typeof healthResponse>;

/** Liveness: the process answers; nothing else is checked (a restart would not help a database outage). */
export const healthLiveResponse = z.object({ status: z.literal('ok') });

/** Readiness: migrations done, the database answers, the process is not shutting down. */
export const healthReadyResponse = healthResponse;

/** Prometheus' text exposition format (version 0.0.4). */
export const metricsResponse = z.string();
