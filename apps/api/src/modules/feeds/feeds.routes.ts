import type { FastifyPluginAsync } from 'fastify';
import { detailError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { openYmlFeed } from './feeds.service';

// The Yandex Market feed, served from its file under DATA_DIR (feeds.service.ts keeps it current); the storefront
// passes it on as /feeds/yandex.yml.
const feedsRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'ymlFeed', async (_request, reply) => {
    const feed = await openYmlFeed(app.db, app.config, (err) =>
      app.log.error({ err }, 'YML feed: generation failed'),
    );
    if (!feed) throw detailError(503, 'Фид товаров временно недоступен, попробуйте позже.');
    return reply
      .type('application/xml; charset=utf-8')
      .header('content-length', feed.size)
      .header('last-modified', feed.modified.toUTCString())
      .header('cache-control', 'public, max-age=300')
      .send(feed.stream);
  });
};

export default feedsRoutes;
