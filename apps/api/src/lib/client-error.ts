import { answerRefusedRequest } from '@podbor/contract';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

// Requests Node's HTTP parser refuses before Fastify sees them get Fastify's own English JSON by default; they
// leave in the API's envelope instead (parserErrorResponse).
export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string },
  socket: Socket,
): void {
  this.log.trace({ err }, 'client error');
  answerRefusedRequest(err, socket);
}
