import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

// Requests Node's HTTP parser refuses before Fastify sees them (headers over 16 KiB, a garbled request line, a
// client too slow to send its headers) get Fastify's own English JSON by default. They leave in the API's
// envelope instead, in Russian and with nosniff, like every other answer (issue #12).

const DETAILS: Record<number, string> = {
  400: 'Некорректный запрос.',
  408: 'Истекло время ожидания запроса.',
  431: 'Слишком большие заголовки запроса.',
};

function statusOf(code: string | undefined): number {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  return 400;
}

export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = statusOf(err.code);
  this.log.trace({ err }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ errors: { detail: DETAILS[status] } });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(err);
}
