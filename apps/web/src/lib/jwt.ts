/**
 * Seconds since the epoch at which a JWT expires, read without verifying the signature: the web app only uses
 * it to size the cookie and to refresh early; the API verifies every token it receives.
 */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof json.exp === 'number' && Number.isFinite(json.exp) ? json.exp : null;
  } catch {
    return null;
  }
}

/** True when the token is missing, unreadable or expires within `marginSec`. */
export function isExpiring(token: string | undefined, marginSec = 30, nowSec = Date.now() / 1000): boolean {
  if (!token) return true;
  const exp = jwtExpiry(token);
  return exp === null || exp - nowSec <= marginSec;
}
