import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { getCaller } from '../../plugins/auth-context';
import { postReview, productReviews } from './reviews.service';

const reviewsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  route(app, 'reviews', async (request) =>
    productReviews(app.db, await getCaller(app, request), request.params.productSlug, request.query),
  );
  route(app, 'reviewCreate', async (request, reply) => {
    const review = await postReview(app.db, await getCaller(app, request), request.body);
    return reply.status(201).send(review);
  });
};

export default reviewsRoutes;
