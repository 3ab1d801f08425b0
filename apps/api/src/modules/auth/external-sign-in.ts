import type { TokenPair } from '@podbor/contract';
import { AUTH_MESSAGES, CUSTOMER_MESSAGES } from '@podbor/contract';
import type { OAuthProviderConfig } from '../../config';
import { HttpError } from '../../lib/http-error';
import { startSession } from '../../lib/sessions';
import { createExternalUser, findIdentity, findUserById, linkIdentity } from './auth.repository';
import type { AuthEnv } from './auth.service';
import { mergeVisitorCart } from '../cart/cart.service';
import { exchangeCode, ExternalAuthError, STATE_TTL_SEC, verifyState } from './oauth';

const failed = () => new HttpError(400, { errors: { detail: AUTH_MESSAGES.externalAuthFailed } });

/**
 * Signs in with an external identity: a known identity signs its user in; a new one is linked to the caller
 * when a user is signed in (adding a sign-in method), otherwise it gets a new phone-less account. Accounts are
 * never joined by e-mail: an address alone does not prove who holds a shop account.
 */
export async function signInExternally(
  env: AuthEnv,
  input: {
    method: string;
    provider: OAuthProviderConfig;
    code: string;
    state: string | undefined;
    signedInUserId: number | null;
    visitorToken: string | null;
  },
): Promise<TokenPair> {
  // The state is required: signed here for this method, unexpired, and spent on first use (a shared counter, so
  // the same state cannot be replayed on another API process). The storefront also checks it against the
  // cookie of the browser that started the flow, which is what stops a forged sign-in (login CSRF).
  if (!input.state || !verifyState(env.secret, input.method, input.state)) throw failed();
  const use = await env.limiter.hit(`oauth-state:${input.method}:${input.state}`, 1, STATE_TTL_SEC);
  if (!use.allowed) throw failed();
  let profile;
  try {
    profile = await exchangeCode(input.provider, input.code);
  } catch (err) {
    if (!(err instanceof ExternalAuthError)) throw err;
    env.log.warn({ method: input.method, reason: err.message }, 'external sign-in failed');
    throw failed();
  }
  const known = await findIdentity(env.db, input.method, profile.subject);
  let userId: number;
  if (known) {
    userId = known.userId;
  } else if (input.signedInUserId !== null) {
    userId = input.signedInUserId;
    await linkIdentity(env.db, userId, input.method, profile.subject, profile.email);
  } else {
    userId = await createExternalUser(env.db, profile);
    await linkIdentity(env.db, userId, input.method, profile.subject, profile.email);
    // Two first sign-ins racing: the identity belongs to whichever account linked it first.
    userId = (await findIdentity(env.db, input.method, profile.subject))?.userId ?? userId;
  }
  const user = await findUserById(env.db, userId);
  if (!user || !user.isActive) throw failed();
  if (user.blocked) throw new HttpError(400, { errors: { detail: CUSTOMER_MESSAGES.blocked } });
  const tokens = await startSession(env.db, env.secret, user);
  await mergeVisitorCart(env.db, input.visitorToken, user.id);
  return tokens;
}
