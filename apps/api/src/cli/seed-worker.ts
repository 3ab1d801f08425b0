/**
 * The PostgreSQL seed's generator thread (seed/postgres.ts starts it): makes the catalogue's rows and encodes them
 * as COPY text while the main thread keeps the COPY connections fed. In one thread, every batch's generation held up
 * the sockets of both connections for its whole duration.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { runGeneratorThread } from '../seed/postgres';

const data = z.object({ total: z.number().int(), batchSize: z.number().int() }).parse(workerData);
if (!parentPort) throw new Error('seed-worker runs as a worker thread of the seed');
runGeneratorThread(parentPort, data.total, data.batchSize);
