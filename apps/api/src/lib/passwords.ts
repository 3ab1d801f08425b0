import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './passwords-common';

/**
 * argon2id with OWASP's second recommended parameter set (19 MiB, t=2, p=1): ~20–40 ms here, memory-hard
 * enough to make offline guessing of a leaked hash expensive.
 */
// `Algorithm` is an ambient const enum, which isolatedModules cannot read: 2 = Argon2id.
const ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown phone, external-only account) it still
 * verifies against a throw-away hash, so the answer takes as long as for a real account.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('podbor-dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * Problems with a new password beyond its length (which the contract checks): one of the most common
 * passwords, or the phone number itself. Returns Russian messages for the `password` field.
 */
export function passwordProblem(password: string, phone?: string | null): 'common' | 'phone' | null {
  const lowered = password.trim().toLowerCase();
  if (COMMON_PASSWORDS.has(lowered)) return 'common';
  // Repeats of one character or a straight digit run are as weak as the listed ones.
  if (
    /^(.)\1+$/.test(lowered) ||
    '01234567890123456789'.includes(lowered) ||
    '98765432109876543210'.includes(lowered)
  ) {
    return 'common';
  }
  if (phone) {
    const national = phone.replace(/\D/g, '').slice(-10);
    const digits = password.replace(/\D/g, '');
    if (national.length === 10 && digits.includes(national)) return 'phone';
  }
  return null;
}
