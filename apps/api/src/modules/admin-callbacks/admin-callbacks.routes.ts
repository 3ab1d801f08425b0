import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { staffOf } from '../../lib/staff';
import {
  callbacksList,
  callbacksSummary,
  finishCallback,
  noteCallback,
  takeCallback,
} from './admin-callbacks.service';

const adminCallbacksRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'adminCallbacks', async (request) => callbacksList(app.db, request.query));
  route(app, 'adminCallbacksSummary', async () => callbacksSummary(app.db));
  route(app, 'adminCallbackTake', async (request) =>
    takeCallback(app.db, { id: request.params.id, userId: staffOf(request).userId }),
  );
  route(app, 'adminCallbackNote', async (request) =>
    noteCallback(app.db, { id: request.params.id, userId: staffOf(request).userId, note: request.body.note }),
  );
  route(app, 'adminCallbackDone', async (request) =>
    finishCallback(app.db, { id: request.params.id, userId: staffOf(request).userId }),
  );
};

export default adminCallbacksRoutes;
