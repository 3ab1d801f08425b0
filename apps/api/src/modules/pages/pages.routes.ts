import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageDetailResponse, pageSlugParams, pagesMenuResponse } from '@podbor/contract';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/http-error';
import { findPage, listMenu } from './pages.repository';

const pagesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/pages/menu/',
    { schema: { tags: ['pages'], summary: 'Меню информационных страниц', response: { 200: pagesMenuResponse } } },
    async (request) => {
      const showcase = await deps.showcases.forRequest(request);
      return listMenu(app.db, showcase.id);
    },
  );

  app.get(
    '/pages/:pageSlug/',
    {
      schema: {
        tags: ['pages'],
        summary: 'Информационная страница',
        params: pageSlugParams,
        response: { 200: pageDetailResponse },
      },
    },
    async (request) => {
      const showcase = await deps.showcases.forRequest(request);
      const page = await findPage(app.db, showcase.id, request.params.pageSlug);
      if (!page) throw notFound();
      return page;
    },
  );
};

export default pagesRoutes;
