import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { EXCHANGE_1C_MESSAGES, type Exchange1cQuery } from '@podbor/contract';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { handleExchange } from './exchange-1c.service';

// The 1C exchange endpoint (CommerceML 2). 1C sends file parts as raw bodies of any type (usually
// application/octet-stream, sometimes none at all): this plugin alone takes every body as bytes, up to the
// `file_limit` it announces at init.

const exchange1cRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: app.config.exchange1c.fileLimit },
    (_request, body, done) => done(null, body),
  );

  // Protocol answers even for what never reaches the handler: a part over file_limit, a body cut off.
  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const tooLarge = error.statusCode === 413;
    if (!tooLarge) request.log.error({ err: error }, '1C exchange failed');
    return reply
      .status(tooLarge ? 200 : (error.statusCode ?? 500))
      .type('text/plain; charset=utf-8')
      .send(
        `failure\n${tooLarge ? EXCHANGE_1C_MESSAGES.fileTooLarge : 'Внутренняя ошибка сайта, повторите обмен позже.'}`,
      );
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await handleExchange(app.db, app.config, {
      query: request.query as Exchange1cQuery,
      authorization: request.headers.authorization,
      cookie: request.headers.cookie,
      body: Buffer.isBuffer(request.body) ? request.body : undefined,
    });
    return reply
      .type(answer.contentType ?? 'text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(answer.body);
  };
  route(app, 'exchange1cGet', handler);
  route(app, 'exchange1cPost', handler);
};

export default exchange1cRoutes;
