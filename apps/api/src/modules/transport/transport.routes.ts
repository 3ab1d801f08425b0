import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  transportBrandsResponse,
  transportDetailParams,
  transportDetailResponse,
  transportEnginesParams,
  transportEnginesResponse,
  transportModelsParams,
  transportModelsResponse,
  transportYearParams,
  transportYearsResponse,
} from '@podbor/contract';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/http-error';
import { transportDirectory } from './transport.directory';
import { brandsOf, enginesOf, modelsOf, transportDetail, yearsOf } from './transport.service';

// Registered under the bare /api prefix: the walk is v2, the detail v1.
const transportRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app) => {
  const directory = () => transportDirectory(app.db).get();
  const tags = ['transport'];

  app.get(
    '/v2/transport/years/',
    { schema: { tags, summary: 'Годы выпуска, новые первыми', response: { 200: transportYearsResponse } } },
    async () => yearsOf(await directory()),
  );

  app.get(
    '/v2/transport/:year/brands/',
    {
      schema: {
        tags,
        summary: 'Типы транспорта с марками, выпускавшими модели в этом году',
        params: transportYearParams,
        response: { 200: transportBrandsResponse },
      },
    },
    async (request) => brandsOf(await directory(), Number(request.params.year)),
  );

  app.get(
    '/v2/transport/:year/:type/:brand/models/',
    {
      schema: {
        tags,
        summary: 'Модели марки в этом году',
        params: transportModelsParams,
        response: { 200: transportModelsResponse },
      },
    },
    async (request) => {
      const { year, type, brand } = request.params;
      return modelsOf(await directory(), Number(year), type, brand);
    },
  );

  app.get(
    '/v2/transport/:year/:type/:brand/:model/engines/',
    {
      schema: {
        tags,
        summary: 'Двигатели модели в этом году; каждый ведёт к id транспорта',
        params: transportEnginesParams,
        response: { 200: transportEnginesResponse },
      },
    },
    async (request) => {
      const { year, type, brand, model } = request.params;
      return enginesOf(await directory(), Number(year), type, brand, model);
    },
  );

  app.get(
    '/v1/transport/:transportId/',
    {
      schema: {
        tags,
        summary: 'Описание транспорта: марка, модель, годы, двигатель и текстовая форма',
        params: transportDetailParams,
        response: { 200: transportDetailResponse },
      },
    },
    async (request) => {
      const t = (await directory()).byId.get(request.params.transportId);
      if (!t) throw notFound();
      return transportDetail(t);
    },
  );
};

export default transportRoutes;
