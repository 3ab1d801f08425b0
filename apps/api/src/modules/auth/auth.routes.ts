import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@podbor/contract';
import type { AppDeps } from '../../deps';
import { HttpError, throttled } from '../../lib/http-error';
import { CITY_HEADER } from '../../lib/catalog/city.directory';
import { route } from '../../lib/route';
import {
  completePasswordReset,
  issueVisitorToken,
  login,
  logout,
  refreshSession,
  register,
  requestPasswordReset,
  resendRegistrationCode,
  verifyPasswordReset,
  verifyRegistration,
  type AuthEnv,
} from './auth.service';
import { signInExternally } from './external-sign-in';
import { configuredMethods, listMethods } from './oauth';

/**
 * A browser needs one anonymous token per visit; far more from one address is a script filling the table. `limit`
 * is VISITOR_TOKENS_PER_IP's default (the browser suite, all from one address, raises it).
 */
export const VISITOR_TOKENS_PER_IP = { limit: 120, windowSec: 600 };
/** Each external sign-in costs two calls to the provider. */
export const EXTERNAL_SIGN_INS_PER_IP = { limit: 30, windowSec: 600 };

/**
 * The visitor whose anonymous cart joins the user's at sign-in: `visitor_token` in the body, else the raw
 * not-authorized token in Authorization (which is how the existing client calls while not signed in), which is
 * why the signing-in routes are `optional`, not `public`.
 */
function visitorTokenOf(request: FastifyRequest, body: { visitor_token?: string }): string | null {
  return body.visitor_token || request.authState.visitorToken;
}

const authRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const env: AuthEnv = {
    db: app.db,
    secret: app.config.jwtSecret,
    limiter: deps.limiter,
    gateways: { sms: deps.sms, calls: deps.calls, mail: deps.mail },
    log: app.log,
    codeLimits: app.config.codeLimits,
    refreshGraceSec: app.config.refreshGraceSeconds,
    refreshFirstTokenReuse: app.config.refreshFirstTokenReuse,
  };

  route(app, 'unauthorizedToken', async (request) => {
    const rate = await deps.limiter.hit(
      `visitor-token:ip:${request.ip}`,
      app.config.visitorTokensPerIp,
      VISITOR_TOKENS_PER_IP.windowSec,
    );
    if (!rate.allowed) throw throttled(rate.retryAfterSec);
    return { token: await issueVisitorToken(app.db) };
  });

  route(app, 'login', async (request) =>
    login(env, {
      phone: request.body.phone_number,
      password: request.body.password,
      ip: request.ip,
      visitorToken: visitorTokenOf(request, request.body),
    }),
  );

  route(app, 'register', async (request) => {
    // The city chosen in the header (X-City) only when it names one: no default city is put into a profile.
    const header = request.headers[CITY_HEADER];
    return register(env, {
      phone: request.body.phone_number,
      password: request.body.password,
      ip: request.ip,
      consent: request.body.consent,
      citySlug: (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase(),
      transport: request.body.transport,
    });
  });

  route(app, 'registerVerify', async (request) =>
    verifyRegistration(env, {
      phone: request.body.phone_number,
      code: request.body.code,
      ip: request.ip,
      visitorToken: visitorTokenOf(request, request.body),
    }),
  );

  route(app, 'registerRetry', async (request) =>
    resendRegistrationCode(env, { phone: request.body.phone_number, ip: request.ip }),
  );

  route(app, 'tokenRefresh', async (request) => refreshSession(env, request.body.refresh, request.log));

  route(app, 'logout', async (request) => logout(env, request.body.refresh));

  route(app, 'passwordResetStart', async (request) =>
    requestPasswordReset(env, { phone: request.body.phone_number, ip: request.ip }),
  );

  route(app, 'passwordResetVerify', async (request) =>
    verifyPasswordReset(env, { phone: request.body.phone_number, code: request.body.code, ip: request.ip }),
  );

  route(app, 'passwordResetSet', async (request) =>
    completePasswordReset(env, {
      phone: request.body.phone_number,
      secretKey: request.body.secret_key,
      password: request.body.password,
      ip: request.ip,
    }),
  );

  route(app, 'authMethods', async (_request, reply) => {
    // Each answer carries a fresh signed state: never cache it.
    void reply.header('cache-control', 'no-store');
    return listMethods(app.config);
  });

  route(app, 'authByMethod', async (request) => {
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
  });
};

export default authRoutes;
