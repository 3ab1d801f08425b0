import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { fastifyValidationToBody, MESSAGES, type ErrorBody } from '@podbor/contract';
import { HttpError } from '../lib/http-error';

const detail = (d: string): ErrorBody => ({ errors: { detail: d } });

/**
 * Every failure leaves in the spec's envelope `{"errors": {...}}` with a Russian message. Bad input is always
 * a 4xx; only a genuine fault of ours is a 500, and its details stay in the log.
 */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setNotFoundHandler((_request, reply) => {
    void reply.status(404).send(detail(MESSAGES.notFound));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed path parameter names nothing that exists.
      if (error.validationContext === 'params') return reply.status(404).send(detail(MESSAGES.notFound));
      return reply.status(400).send(fastifyValidationToBody(error.validation));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its contract');
      return reply.status(500).send(detail(MESSAGES.serverError));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(detail(MESSAGES.invalidJson));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(detail(MESSAGES.bodyTooLarge));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(detail('Неподдерживаемый тип содержимого запроса.'));
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.status(400).send(detail(MESSAGES.invalidJson));
    }
    if (error instanceof SyntaxError) return reply.status(400).send(detail(MESSAGES.invalidJson));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send(
          detail(
            status === 404
              ? MESSAGES.notFound
              : status === 405
                ? MESSAGES.methodNotAllowed
                : status === 414
                  ? 'Слишком длинный адрес запроса.'
                  : 'Некорректный запрос.',
          ),
        );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(detail(MESSAGES.serverError));
  });
});
