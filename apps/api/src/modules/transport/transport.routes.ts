import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import {
  transportBrands,
  transportById,
  transportEngines,
  transportModels,
  transportYears,
} from './transport.service';
import { decodeVehicleCode } from './vehicle-code.service';

// The walk is v2, the detail v1 (full paths come from the route table).
const transportRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  const db = app.db;
  route(app, 'transportYears', () => transportYears(db));
  route(app, 'transportBrands', (request) => transportBrands(db, request.params.year));
  route(app, 'transportModels', (request) => {
    const { year, type, brand } = request.params;
    return transportModels(db, year, type, brand);
  });
  route(app, 'transportEngines', (request) => {
    const { year, type, brand, model } = request.params;
    return transportEngines(db, year, type, brand, model);
  });
  route(app, 'transportDecode', (request) => decodeVehicleCode(db, request.query.code));
  route(app, 'transportDetail', (request) => transportById(db, request.params.transportId));
};

export default transportRoutes;
