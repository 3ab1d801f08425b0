import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { anonymousVisitors } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { isSessionLive } from '../lib/sessions';
import { hashToken, verifyAccessToken } from '../lib/tokens';

export type Caller =
  { kind: 'user'; userId: number; role: string } | { kind: 'visitor'; visitorId: number } | { kind: 'none' };

interface AuthState {
  /** The bearer's account and session (the refresh-token family its access token names). */
  user: { userId: number; role: string; sessionId: string } | null;
  /** Raw not-authorized token as sent; resolved to a visitor only when a route asks (one query then). */
  visitorToken: string | null;
  resolved?: Caller;
}

declare module 'fastify' {
  interface FastifyRequest {
    authState: AuthState;
  }
}

const NO_TOKEN = new Set(['', 'undefined', 'null', 'Bearer undefined', 'Bearer null', 'Bearer']);

export const tokenNotValid = () =>
  new HttpError(401, {
    errors: { detail: 'Токен недействителен или просрочен.', code: ['token_not_valid'] },
  });

/**
 * Reads Authorization the way the existing client sends it: `Bearer <access>` for a signed-in user, the raw
 * not-authorized token (no scheme) for an anonymous visitor, nothing (or the string 'undefined') otherwise.
 * An invalid or expired bearer is a 401 on every route that reads the caller, so the storefront's
 * refresh-and-retry rule fires. Routes whose table entry is `public` answer the same for everybody: their
 * header is not read at all, so a catalogue call never pays for a token check and a session lookup.
 */
export default fp(async function authContext(app: FastifyInstance) {
  app.decorateRequest('authState', null as unknown as AuthState);
  app.addHook('onRequest', async (request) => {
    request.authState = { user: null, visitorToken: null };
    if (request.routeOptions.config.auth === 'public') return;
    const header = (request.headers.authorization ?? '').trim();
    if (NO_TOKEN.has(header)) return;
    if (/^bearer\s/i.test(header)) {
      const claims = await verifyAccessToken(header.slice(7).trim(), app.config.jwtSecret);
      // A signed, unexpired token whose session has ended (logout, password change) is as dead as a forged one.
      if (!claims || !(await isSessionLive(app.db, claims.sessionId, claims.userId))) throw tokenNotValid();
      request.authState.user = { userId: claims.userId, role: claims.role, sessionId: claims.sessionId };
      return;
    }
    // Opaque tokens are base64url of 32 bytes; anything else cannot be one, so it is simply ignored.
    if (/^[A-Za-z0-9_-]{20,200}$/.test(header)) request.authState.visitorToken = header;
  });
});

/** The caller of this request: a signed-in user, a known anonymous visitor, or nobody. */
export async function getCaller(app: FastifyInstance, request: FastifyRequest): Promise<Caller> {
  const state = request.authState;
  if (state.resolved) return state.resolved;
  let caller: Caller = { kind: 'none' };
  if (state.user) caller = { kind: 'user', ...state.user };
  else if (state.visitorToken) {
    const [row] = await app.db
      .update(anonymousVisitors)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(anonymousVisitors.tokenHash, hashToken(state.visitorToken)))
      .returning({ id: anonymousVisitors.id });
    if (row) caller = { kind: 'visitor', visitorId: row.id };
  }
  state.resolved = caller;
  return caller;
}
