import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { EMAIL_MAX_LENGTH, sanitizeName, type AuthMethod } from '@podbor/contract';
import { z } from 'zod';
import type { Config, OAuthProviderConfig } from '../../config';

// External sign-in through an OAuth 2.0 authorization-code flow with a confidential client (Yandex ID).
// The API stays stateless: `state` is signed by the server and expires, and the client secret never leaves it.

export const STATE_TTL_SEC = 10 * 60;
const HTTP_TIMEOUT_MS = 10_000;
/** A provider's JSON answer: an object whose fields are read one by one (`str`). */
const jsonObject = z.record(z.string(), z.unknown());

export interface ExternalProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export class ExternalAuthError extends Error {}

export function configuredMethods(config: Config): Map<string, OAuthProviderConfig> {
  const methods = new Map<string, OAuthProviderConfig>();
  if (config.oauth.yandex) methods.set('yandex', config.oauth.yandex);
  return methods;
}

function stateSignature(secret: string, method: string, body: string): string {
  return createHmac('sha256', secret).update(`oauth-state:${method}:${body}`).digest('base64url');
}

/** `<expires>.<nonce>.<signature>`: proves the flow was started here, for this method, recently. */
export function signState(secret: string, method: string, now = Date.now()): string {
  const body = `${Math.floor(now / 1000) + STATE_TTL_SEC}.${randomBytes(16).toString('base64url')}`;
  return `${body}.${stateSignature(secret, method, body)}`;
}

export function verifyState(secret: string, method: string, state: string, now = Date.now()): boolean {
  const parts = state.split('.');
  if (parts.length !== 3) return false;
  const [expires, nonce, signature] = parts as [string, string, string];
  const expected = Buffer.from(stateSignature(secret, method, `${expires}.${nonce}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return Number(expires) * 1000 > now;
}

export function authorizeUrl(provider: OAuthProviderConfig, state: string): string {
  const url = new URL(provider.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', provider.redirectUri);
  url.searchParams.set('state', state);
  if (provider.scope) url.searchParams.set('scope', provider.scope);
  return url.toString();
}

export function listMethods(config: Config): AuthMethod[] {
  return [...configuredMethods(config)].map(([method, provider]) => ({
    method,
    url: authorizeUrl(provider, signState(config.jwtSecret, method)),
  }));
}

async function getJson(url: string, init: RequestInit, what: string): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  } catch (e) {
    throw new ExternalAuthError(`${what}: ${(e as Error).name}`);
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok || typeof body !== 'object' || body === null) {
    // The provider's error code (invalid_grant…) is safe to log; the request itself carried secrets.
    const code = typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : '';
    throw new ExternalAuthError(`${what}: HTTP ${res.status} ${code}`.trim());
  }
  // An array (or any other non-record) has none of the fields asked for.
  const parsed = jsonObject.safeParse(body);
  return parsed.success ? parsed.data : {};
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Exchanges the authorization code for an access token, then reads who the user is. */
export async function exchangeCode(provider: OAuthProviderConfig, code: string): Promise<ExternalProfile> {
  const token = await getJson(
    provider.tokenUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: provider.redirectUri,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
      }).toString(),
    },
    'token',
  );
  const accessToken = str(token.access_token);
  if (!accessToken) throw new ExternalAuthError('token: no access_token');
  const info = await getJson(
    provider.userinfoUrl,
    {
      headers: { authorization: `${provider.userinfoAuthScheme} ${accessToken}`, accept: 'application/json' },
    },
    'userinfo',
  );
  // Yandex ID names the fields id/default_email/first_name/last_name; OIDC sub/email/given_name/family_name.
  const subject = str(info.id) || str(info.sub);
  if (!subject) throw new ExternalAuthError('userinfo: no subject');
  const yandexEmail = str(info.default_email);
  const email = (yandexEmail || str(info.email)).trim().toLowerCase();
  return {
    subject,
    email: email.length <= EMAIL_MAX_LENGTH ? email : '',
    // Yandex's default address is one the account holder confirmed; an OIDC provider says so explicitly.
    emailVerified: Boolean(yandexEmail) || info.email_verified === true,
    firstName: sanitizeName(str(info.first_name) || str(info.given_name)).trim(),
    lastName: sanitizeName(str(info.last_name) || str(info.family_name)).trim(),
  };
}
