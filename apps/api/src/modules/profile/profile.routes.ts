import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import {
  changePassword,
  currentProfile,
  orderDetail,
  orderHistory,
  patchProfile,
  toProfile,
  verifyEmail,
  type ProfileEnv,
} from './profile.service';

export { PASSWORD_CHANGES_PER_USER } from './profile.service';

const profileRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const env: ProfileEnv = {
    db: app.db,
    secret: app.config.jwtSecret,
    limiter: deps.limiter,
    mail: deps.mail,
    log: app.log,
    codeLimits: app.config.codeLimits,
  };
  /** The signed-in, still active account of this request, or 401. */
  const currentUser = (request: FastifyRequest) => currentProfile(env, request.authState.user?.userId);

  route(app, 'profile', async (request) => toProfile(await currentUser(request)));

  route(app, 'profilePatch', async (request) => {
    const user = await currentUser(request);
    return toProfile(await patchProfile(env, user, request.body, request.ip));
  });

  route(app, 'changePassword', async (request) =>
    changePassword(env, await currentUser(request), request.authState.user?.sessionId, request.body),
  );

  route(app, 'verifyEmail', async (request) =>
    verifyEmail(env, await currentUser(request), request.body, request.ip),
  );

  route(app, 'orders', async (request) => orderHistory(env, (await currentUser(request)).id, request.query));

  route(app, 'orderDetail', async (request) => {
    const user = await currentUser(request);
    const order = await orderDetail(env, user.id, request.params.orderId);
    if (!order) throw notFound();
    return order;
  });
};

export default profileRoutes;
