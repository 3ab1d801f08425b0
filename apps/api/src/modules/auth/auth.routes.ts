import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  authMethodParams,
  authMethodRequest,
  authMethodResponse,
  authMethodsResponse,
  errorBody,
  loginRequest,
  loginResponse,
  logoutRequest,
  logoutResponse,
  passwordResetSetRequest,
  passwordResetSetResponse,
  passwordResetStartRequest,
  passwordResetStartResponse,
  passwordResetVerifyRequest,
  passwordResetVerifyResponse,
  registerRequest,
  registerResponse,
  registerRetryRequest,
  registerRetryResponse,
  registerVerifyRequest,
  registerVerifyResponse,
  tokenRefreshRequest,
  tokenRefreshResponse,
  unauthorizedTokenResponse,
} from '@podbor/contract';
import type { AppDeps } from '../../deps';
import { HttpError, throttled } from '../../lib/http-error';
import { endSession, rotateSession } from '../../lib/sessions';
import { hashToken, newOpaqueToken } from '../../lib/tokens';
import { tokenNotValid } from '../../plugins/auth-context';
import { createVisitor } from './auth.repository';
import {
  completePasswordReset,
  login,
  register,
  requestPasswordReset,
  resendRegistrationCode,
  verifyPasswordReset,
  verifyRegistration,
  type AuthEnv,
} from './auth.service';
import { signInExternally } from './external-sign-in';
import { configuredMethods, listMethods } from './oauth';

/** A browser needs one anonymous token per visit; far more from one address is a script filling the table. */
export const VISITOR_TOKENS_PER_IP = { limit: 120, windowSec: 600 };
/** Each external sign-in costs two calls to the provider. */
export const EXTERNAL_SIGN_INS_PER_IP = { limit: 30, windowSec: 600 };

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 429: errorBody };

/**
 * The visitor whose anonymous cart joins the user's at sign-in: `visitor_token` in the body, else the raw
 * not-authorized token in Authorization (which is how the existing client calls while not signed in).
 */
function visitorTokenOf(request: FastifyRequest, body: { visitor_token?: string }): string | null {
  return body.visitor_token || request.authState.visitorToken;
}

const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const env: AuthEnv = {
    db: app.db,
    secret: app.config.jwtSecret,
    limiter: deps.limiter,
    gateways: { sms: deps.sms, calls: deps.calls, mail: deps.mail },
    log: app.log,
  };

  app.post(
    '/user/token/unauthorized_user/',
    {
      schema: {
        tags: ['user'],
        summary: 'Токен неавторизованного посетителя (владеет анонимной корзиной)',
        response: { 200: unauthorizedTokenResponse, 429: errorBody },
      },
    },
    async (request) => {
      const rate = await deps.limiter.hit(
        `visitor-token:ip:${request.ip}`,
        VISITOR_TOKENS_PER_IP.limit,
        VISITOR_TOKENS_PER_IP.windowSec,
      );
      if (!rate.allowed) throw throttled(rate.retryAfterSec);
      const token = newOpaqueToken();
      await createVisitor(app.db, hashToken(token));
      return { token };
    },
  );

  app.post(
    '/user/login/',
    {
      schema: {
        tags: ['user'],
        summary: 'Вход по телефону и паролю; анонимная корзина переносится в корзину пользователя',
        body: loginRequest,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request) =>
      login(env, {
        phone: request.body.phone_number,
        password: request.body.password,
        ip: request.ip,
        visitorToken: visitorTokenOf(request, request.body),
      }),
  );

  app.post(
    '/user/register/',
    {
      schema: {
        tags: ['user'],
        summary: 'Регистрация: учетная запись активируется кодом из SMS',
        body: registerRequest,
        response: { 200: registerResponse, ...errors },
      },
    },
    async (request) => register(env, { phone: request.body.phone_number, password: request.body.password, ip: request.ip }),
  );

  app.post(
    '/user/register/verify/',
    {
      schema: {
        tags: ['user'],
        summary: 'Подтверждение регистрации кодом; возвращает токены',
        body: registerVerifyRequest,
        response: { 200: registerVerifyResponse, ...errors },
      },
    },
    async (request) =>
      verifyRegistration(env, {
        phone: request.body.phone_number,
        code: request.body.code,
        ip: request.ip,
        visitorToken: visitorTokenOf(request, request.body),
      }),
  );

  app.post(
    '/user/register/verify/retry/',
    {
      schema: {
        tags: ['user'],
        summary: 'Повторная отправка кода регистрации (не чаще раза в 59 с)',
        body: registerRetryRequest,
        response: { 200: registerRetryResponse, ...errors },
      },
    },
    async (request) => resendRegistrationCode(env, { phone: request.body.phone_number, ip: request.ip }),
  );

  app.post(
    '/user/token/refresh/',
    {
      schema: {
        tags: ['user'],
        summary: 'Новая пара токенов; refresh-токен одноразовый, повторное использование завершает сессию',
        body: tokenRefreshRequest,
        response: { 200: tokenRefreshResponse, ...errors },
      },
    },
    async (request) => {
      const result = await rotateSession(app.db, app.config.jwtSecret, request.body.refresh);
      if (!result.ok) {
        if (result.reason === 'reused') request.log.warn({ event: 'refresh_token_reuse' }, 'spent refresh token presented again: session revoked');
        throw tokenNotValid();
      }
      return result.tokens;
    },
  );

  app.post(
    '/user/logout/',
    {
      schema: {
        tags: ['user'],
        summary: 'Выход: refresh-токен и вся его сессия отзываются',
        body: logoutRequest,
        response: { 200: logoutResponse, ...errors },
      },
    },
    async (request) => {
      if (!(await endSession(app.db, app.config.jwtSecret, request.body.refresh))) throw tokenNotValid();
      return { status: AUTH_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/user/reset_password_request/',
    {
      schema: {
        tags: ['user'],
        summary: 'Восстановление пароля: звонок, код — последние 4 цифры номера',
        body: passwordResetStartRequest,
        response: { 200: passwordResetStartResponse, ...errors },
      },
    },
    async (request) => requestPasswordReset(env, { phone: request.body.phone_number, ip: request.ip }),
  );

  app.post(
    '/user/reset_password_verify/',
    {
      schema: {
        tags: ['user'],
        summary: 'Проверка кода восстановления',
        body: passwordResetVerifyRequest,
        response: { 200: passwordResetVerifyResponse, ...errors },
      },
    },
    async (request) => verifyPasswordReset(env, { phone: request.body.phone_number, code: request.body.code, ip: request.ip }),
  );

  app.put(
    '/user/reset_password/',
    {
      schema: {
        tags: ['user'],
        summary: 'Новый пароль по подтвержденному коду (один раз); все сессии завершаются',
        body: passwordResetSetRequest,
        response: { 200: passwordResetSetResponse, ...errors },
      },
    },
    async (request) =>
      completePasswordReset(env, {
        phone: request.body.phone_number,
        secretKey: request.body.secret_key,
        password: request.body.password,
        ip: request.ip,
      }),
  );

  app.get(
    '/auth/methods/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Дополнительные способы входа (только настроенные)',
        response: { 200: authMethodsResponse },
      },
    },
    async (_request, reply) => {
      // Each answer carries a fresh signed state: never cache it.
      void reply.header('cache-control', 'no-store');
      return listMethods(app.config);
    },
  );

  app.post(
    '/auth/:method/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Вход через внешний сервис: обмен кода авторизации на токены',
        params: authMethodParams,
        body: authMethodRequest,
        response: { 200: authMethodResponse, ...errors },
      },
    },
    async (request) => {
      const provider = configuredMethods(app.config).get(request.params.method);
      if (!provider) throw new HttpError(404, { errors: { detail: AUTH_MESSAGES.methodNotConfigured } });
      const rate = await deps.limiter.hit(
        `external-sign-in:ip:${request.ip}`,
        EXTERNAL_SIGN_INS_PER_IP.limit,
        EXTERNAL_SIGN_INS_PER_IP.windowSec,
      );
      if (!rate.allowed) throw throttled(rate.retryAfterSec);
      return signInExternally(env, {
        method: request.params.method,
        provider,
        code: request.body.code,
        state: request.body.state,
        signedInUserId: request.authState.user?.userId ?? null,
        visitorToken: visitorTokenOf(request, request.body),
      });
    },
  );
};

export default authRoutes;
