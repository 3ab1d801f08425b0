import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import { addVehicle, changeVehicle, customerId, garageOf, removeVehicle } from './garage.service';

const garageRoutes: FastifyPluginAsync = async (app) => {
  /** The signed-in, still active account of this request (401 otherwise), as for the profile calls. */
  const userId = (request: FastifyRequest) => customerId(app.db, request.authState.user?.userId);

  route(app, 'garage', async (request) => garageOf(app.db, await userId(request)));

  route(app, 'garageAdd', async (request, reply) =>
    reply.status(201).send(await addVehicle(app.db, await userId(request), request.body)),
  );

  route(app, 'garageUpdate', async (request) =>
    changeVehicle(app.db, await userId(request), request.params.vehicleId, request.body),
  );

  route(app, 'garageDelete', async (request) =>
    removeVehicle(app.db, await userId(request), request.params.vehicleId),
  );
};

export default garageRoutes;
