import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS } from '@podbor/contract';

// Staff's second factor (issue #14; ASVS V2.8 for administrative access): RFC 6238 TOTP codes from an
// authenticator app. The shared secret is kept encrypted (AES-256-GCM under a key derived from STAFF_TOTP_KEY or
// JWT_SECRET), so a copy of the database alone does not give anyone the codes.

const PERIOD_SEC = 30;
const ISSUER = 'Podbor';
/** Codes of the step before and after the current one are accepted too: a phone's clock a little off. */
const WINDOW = 1;

const keyOf = (material: string) =>
  Buffer.from(hkdfSync('sha256', material, 'podbor', 'staff-totp-secret', 32));

export function encryptSecret(base32: string, material: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(material), iv);
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or null when it was encrypted under another key (STAFF_TOTP_KEY or JWT_SECRET changed) or garbled. */
export function decryptSecret(stored: string, material: string): string | null {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(material), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

const totpOf = (base32: string, label = 'staff') =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(base32),
    digits: TOTP_DIGITS,
    period: PERIOD_SEC,
  });

/** A new secret (160 bits, RFC 4226's recommendation) and the otpauth:// address an authenticator app reads. */
export function newTotpSecret(label: string): { base32: string; uri: string } {
  const base32 = new Secret({ size: 20 }).base32;
  return { base32, uri: totpOf(base32, label).toString() };
}

/** The time step a code belongs to (within the window around `now`), or null for a wrong code. */
export function totpStep(base32: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(base32).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SEC) + delta;
}

/** The code an authenticator app shows at `now` (tests, and the demo's printed sign-in help). */
export function totpCode(base32: string, now = Date.now()): string {
  return totpOf(base32).generate({ timestamp: now });
}
