import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import {
  productFitmentBrands,
  productFitmentModels,
  productFitmentTransport,
  productFitmentYears,
} from './fitment.service';
import { installationPriceOf, productPage, productsBySlugs } from './products.service';
import { productAnalogues, productRecommendations } from './related.service';

const productsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  const db = app.db;
  route(app, 'productDetail', (request) =>
    productPage(db, request, request.params.productSlug, request.query),
  );
  route(app, 'productsBySlugs', (request) => productsBySlugs(db, request, request.body, request.query));
  route(app, 'productAnalogues', (request) =>
    productAnalogues(db, request.params.productSlug, request.query),
  );
  route(app, 'recommendations', (request) => productRecommendations(db, request.body));
  route(app, 'installationPrice', (request) =>
    installationPriceOf(db, request, request.params.productSlug, request.body),
  );

  route(app, 'fitmentBrands', (request) => productFitmentBrands(db, request.params.productSlug));
  route(app, 'fitmentModels', (request) =>
    productFitmentModels(db, request.params.productSlug, request.params.brandSlug),
  );
  route(app, 'fitmentYears', (request) => {
    const { productSlug, brandSlug, modelSlug } = request.params;
    return productFitmentYears(db, productSlug, brandSlug, modelSlug);
  });
  route(app, 'fitmentTransport', (request) => {
    const { productSlug, brandSlug, modelSlug, yearSlug } = request.params;
    return productFitmentTransport(db, productSlug, brandSlug, modelSlug, yearSlug);
  });
};

export default productsRoutes;
