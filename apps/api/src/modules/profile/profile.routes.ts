import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  changePasswordRequest,
  changePasswordResponse,
  errorBody,
  MESSAGES,
  orderDetailResponse,
  orderIdParams,
  ordersQuery,
  ordersResponse,
  profilePatchRequest,
  profileResponse,
  verifyEmailRequest,
  verifyEmailResponse,
} from '@podbor/contract';
import type { AppDeps } from '../../deps';
import { HttpError, notFound, throttled } from '../../lib/http-error';
import { checkCode, takeCheckSlot } from '../../lib/one-time-codes';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords';
import { revokeAllSessions, startSession } from '../../lib/sessions';
import { setPassword } from '../auth/auth.repository';
import { findProfile, type ProfileRow } from './profile.repository';
import { emailCodeTarget, markEmailVerified, orderDetail, orderHistory, patchProfile, toProfile, type ProfileEnv } from './profile.service';

/** Guessing the current password with a stolen access token is throttled like a login. */
export const PASSWORD_CHANGES_PER_USER = { limit: 5, windowSec: 15 * 60 };

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 429: errorBody };
const secured = [{ bearer: [] }];

const profileRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const env: ProfileEnv = { db: app.db, secret: app.config.jwtSecret, limiter: deps.limiter, mail: deps.mail, log: app.log };

  /** The signed-in, still active account of this request, or 401. */
  async function currentUser(request: FastifyRequest): Promise<ProfileRow> {
    const claims = request.authState.user;
    const row = claims ? await findProfile(app.db, claims.userId) : undefined;
    if (!row || !row.isActive) throw new HttpError(401, { errors: { detail: MESSAGES.unauthenticated } });
    return row;
  }

  app.get(
    '/user/profile/',
    { schema: { tags: ['profile'], summary: 'Профиль', security: secured, response: { 200: profileResponse, ...errors } } },
    async (request) => toProfile(await currentUser(request)),
  );

  app.patch(
    '/user/profile/',
    {
      schema: {
        tags: ['profile'],
        summary: 'Изменение профиля (любые поля); новый email получает код подтверждения',
        security: secured,
        body: profilePatchRequest,
        response: { 200: profileResponse, ...errors },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      await patchProfile(env, user, request.body, request.ip);
      return toProfile((await findProfile(app.db, user.id)) ?? user);
    },
  );

  app.put(
    '/user/profile/change-password/',
    {
      schema: {
        tags: ['profile'],
        summary: 'Смена пароля: остальные сессии завершаются, эта получает новые токены',
        security: secured,
        body: changePasswordRequest,
        response: { 200: changePasswordResponse, ...errors },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      const rate = await deps.limiter.hit(
        `password-change:user:${user.id}`,
        PASSWORD_CHANGES_PER_USER.limit,
        PASSWORD_CHANGES_PER_USER.windowSec,
      );
      if (!rate.allowed) throw throttled(rate.retryAfterSec);
      if (!(await verifyPassword(user.passwordHash, request.body.current_password))) {
        throw new HttpError(400, { errors: { current_password: [AUTH_MESSAGES.currentPasswordInvalid] } });
      }
      const problem = passwordProblem(request.body.password, user.phoneNumber);
      if (problem) {
        const message = problem === 'common' ? AUTH_MESSAGES.passwordCommon : AUTH_MESSAGES.passwordContainsPhone;
        throw new HttpError(400, { errors: { password: [message] } });
      }
      await setPassword(app.db, user.id, await hashPassword(request.body.password), false);
      await revokeAllSessions(app.db, user.id, 'password_change');
      await deps.limiter.reset(`password-change:user:${user.id}`);
      const tokens = await startSession(app.db, app.config.jwtSecret, { id: user.id, role: user.role });
      return { status: MESSAGES.passwordChanged, ...tokens };
    },
  );

  app.post(
    '/user/profile/verify_email/',
    {
      schema: {
        tags: ['profile'],
        summary: 'Подтверждение email кодом из письма',
        security: secured,
        body: verifyEmailRequest,
        response: { 200: verifyEmailResponse, ...errors },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      await takeCheckSlot(deps.limiter, request.ip);
      const invalid = (message: string = AUTH_MESSAGES.emailCodeInvalid) =>
        new HttpError(400, { errors: { code: [message] } });
      if (!user.email || request.body.email.toLowerCase() !== user.email.toLowerCase()) throw invalid();
      const check = await checkCode(app.db, app.config.jwtSecret, {
        purpose: 'email',
        target: emailCodeTarget(user.id, user.email),
        code: request.body.code,
        mode: 'use',
      });
      if (!check.ok) throw invalid(check.reason === 'attempts' ? AUTH_MESSAGES.codeAttemptsExceeded : AUTH_MESSAGES.emailCodeInvalid);
      await markEmailVerified(env, user.id);
      return { status: 'ok', details: AUTH_MESSAGES.emailVerified };
    },
  );

  app.get(
    '/user/profile/orders/',
    {
      schema: {
        tags: ['profile'],
        summary: 'История заказов',
        security: secured,
        querystring: ordersQuery,
        response: { 200: ordersResponse, ...errors },
      },
    },
    async (request) => orderHistory(env, (await currentUser(request)).id, request.query),
  );

  app.get(
    '/user/profile/orders/:orderId/',
    {
      schema: {
        tags: ['profile'],
        summary: 'Заказ из истории',
        security: secured,
        params: orderIdParams,
        response: { 200: orderDetailResponse, ...errors },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      const order = await orderDetail(env, user.id, request.params.orderId);
      if (!order) throw notFound();
      return order;
    },
  );
};

export default profileRoutes;
