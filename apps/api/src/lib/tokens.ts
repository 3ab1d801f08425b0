import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@podbor/contract';

export const ACCESS_TTL_SEC = ACCESS_TOKEN_TTL_SECONDS;
export const REFRESH_TTL_SEC = REFRESH_TOKEN_TTL_SECONDS;

export interface AccessClaims {
  userId: number;
  role: string;
  /**
   * The session (refresh-token family) the token was issued for. Checked on every request, so logout, a
   * password change or a detected refresh-token reuse ends the access token at once, not at its expiry.
   */
  sessionId: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(
  claims: AccessClaims,
  secret: string,
  ttlSec = ACCESS_TTL_SEC,
): Promise<string> {
  return new SignJWT({ role: claims.role, typ: 'access', sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSec)
    .sign(key(secret));
}

/** Returns the claims, or null for a token that is malformed, forged, expired or not an access token. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    // Tokens without a session id (issued before sessions were checked) are refused: the client refreshes.
    if (payload.typ !== 'access' || !payload.sub || typeof payload.sid !== 'string' || !payload.sid)
      return null;
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId)) return null;
    return {
      userId,
      role: typeof payload.role === 'string' ? payload.role : 'customer',
      sessionId: payload.sid,
    };
  } catch (e) {
    if (e instanceof joseErrors.JOSEError) return null;
    throw e;
  }
}

export async function signRefreshToken(
  claims: { userId: number; jti: string; familyId: string; expiresAt: Date },
  secret: string,
): Promise<string> {
  return new SignJWT({ typ: 'refresh', fam: claims.familyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setJti(claims.jti)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(key(secret));
}

export async function verifyRefreshToken(
  token: string,
  secret: string,
): Promise<{ userId: number; jti: string; familyId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    if (payload.typ !== 'refresh' || !payload.sub || !payload.jti || typeof payload.fam !== 'string')
      return null;
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId)) return null;
    return { userId, jti: payload.jti, familyId: payload.fam };
  } catch (e) {
    if (e instanceof joseErrors.JOSEError) return null;
    throw e;
  }
}

/** Opaque bearer secrets (the not-authorized visitor token): 256 random bits, stored only as a SHA-256 hash. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
