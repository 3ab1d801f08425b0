import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  reviewCreateRequest,
  reviewCreateResponse,
  reviewsParams,
  reviewsQuery,
  reviewsResponse,
} from '@podbor/contract';
import type { AppDeps } from '../../deps';
import { badRequest, detailError, notFound } from '../../lib/http-error';
import { getCaller } from '../../plugins/auth-context';
import { createReview, findProductForReviews, listReviews } from './reviews.repository';

export const REVIEW_MESSAGES = {
  duplicate: 'Вы уже оставили отзыв на этот товар.',
  productNotFound: 'Товар не найден.',
} as const;

const reviewsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app) => {
  const tags = ['reviews'];

  app.get(
    '/review/:productSlug/',
    {
      schema: {
        tags,
        summary: 'Отзывы о товаре, новые первыми',
        params: reviewsParams,
        querystring: reviewsQuery,
        response: { 200: reviewsResponse },
      },
    },
    async (request) => {
      const product = await findProductForReviews(app.db, request.params.productSlug);
      if (!product) throw notFound();
      return listReviews(app.db, product, request.query.page, request.query.size);
    },
  );

  app.post(
    '/review/',
    {
      schema: {
        tags,
        summary: 'Оставить отзыв (только для вошедших; один на товар)',
        security: [{ bearer: [] }],
        body: reviewCreateRequest,
        response: { 201: reviewCreateResponse },
      },
    },
    async (request, reply) => {
      const caller = await getCaller(app, request);
      if (caller.kind !== 'user') throw detailError(401, MESSAGES.unauthenticated);
      const { product_slug: slug, grade, comment } = request.body;
      const product = await findProductForReviews(app.db, slug);
      if (!product) throw badRequest({ product_slug: [REVIEW_MESSAGES.productNotFound] });
      const result = await createReview(app.db, {
        productId: product.id,
        userId: caller.userId,
        grade,
        comment,
      });
      if (result.kind === 'no-user') throw detailError(401, MESSAGES.unauthenticated);
      if (result.kind === 'duplicate') throw badRequest({ non_field_errors: [REVIEW_MESSAGES.duplicate] });
      return reply.status(201).send(result.review);
    },
  );
};

export default reviewsRoutes;
