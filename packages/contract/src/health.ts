import { z } from 'zod';

// The health check of load balancers and container probes (not part of the storefront's API).

export const healthResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type HealthResponse = z.infer<typeof healthResponse>;
