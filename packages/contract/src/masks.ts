import { CODE_LENGTH, NAME_MAX_LENGTH } from './constants';

// The pure half of SPEC §5 (patterns, masks, phone normalisation): no zod, so client code that only masks and checks
// input (`@podbor/contract/masks`) does not load the schemas. rules.ts re-exports all of it.

/**
 * SPEC §5 phone pattern: optional `8` or `+7`, optional `(XXX)` area code, then 7–11 digits or
 * dashes. Spaces are allowed between any of these because the input mask inserts them.
 */
export const PHONE_PATTERN = /^\s*(?:8|\+7)?\s*(?:\(\s*\d{3}\s*\)\s*)?(?:[\d-]\s*){7,11}$/;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Name mask: Russian or Latin letters and spaces. */
export const NAME_PATTERN = /^[A-Za-zА-Яа-яЁё ]+$/;
const NAME_DISALLOWED = /[^A-Za-zА-Яа-яЁё ]/g;

/** Digit masks: `9` stands for one digit, any other character is literal. */
export const MASKS = {
  phone: '+7 (999) 999-99-99',
  code: '9'.repeat(CODE_LENGTH),
  count: '999',
  orderNumber: '999999999',
} as const;

export function isValidPhone(input: string): boolean {
  return PHONE_PATTERN.test(input) && normalizePhone(input) !== null;
}

/**
 * Canonical form `+7XXXXXXXXXX` used for storing, comparing and rate-limiting phones.
 * Accepts 8XXXXXXXXXX, +7XXXXXXXXXX, 7XXXXXXXXXX or 10 bare digits, with spaces, brackets and dashes.
 */
export function normalizePhone(input: string): string | null {
  const compact = input.trim();
  if (!/^\+?[\d\s()-]+$/.test(compact)) return null;
  const hasPlus = compact.startsWith('+');
  const digits = compact.replace(/\D/g, '');
  if (hasPlus) {
    return digits.length === 11 && digits.startsWith('7') ? `+${digits}` : null;
  }
  if (digits.length === 11 && (digits.startsWith('8') || digits.startsWith('7'))) {
    return `+7${digits.slice(1)}`;
  }
  if (digits.length === 10) return `+7${digits}`;
  return null;
}

/**
 * Applies a digit mask to whatever the user typed. Literal digits of the mask (the `7` of `+7`)
 * swallow a matching typed digit, so re-masking an already masked value is stable.
 * Literals after the last typed digit are not emitted, so a partial value stays editable.
 */
export function applyMask(mask: string, raw: string): string {
  const digits = raw.replace(/\D/g, '');
  let out = '';
  let pending = '';
  let di = 0;
  for (const ch of mask) {
    if (di >= digits.length) break;
    if (ch === '9') {
      out += pending + digits.charAt(di);
      pending = '';
      di += 1;
    } else {
      if (/\d/.test(ch) && digits.charAt(di) === ch) di += 1;
      pending += ch;
    }
  }
  return out;
}

/**
 * Phone input as the mask shows it, however it arrived: typed key by key, pasted or autofilled. A Russian number
 * is written `8 916 …`, `+7 916 …` or `7 916 …`, so the leading 8 or 7 is the country prefix, not the first digit of
 * the area code:
 * - the first digit typed into an empty field, if it is 8 or 7, becomes `+7 (` (the customer goes on with 916…);
 * - a pasted or autofilled 11-digit number starting with 8 or 7 loses that digit;
 * - after `+7` an 11-digit national part that starts with 8 or 7 was typed with its prefix (the field already held
 *   `+7 (`, or an old value) and loses it too.
 * A `+7` the customer is deleting disappears with its last national digit, so the field can be emptied.
 */
export function maskPhone(raw: string): string {
  const value = raw.trim();
  const digits = value.replace(/\D/g, '');
  const hasPlus = value.startsWith('+');
  if (!hasPlus && (digits === '8' || digits === '7')) return PHONE_PREFIX;
  if (hasPlus && digits === '') return '+';
  // Something that is no digit typed after the prefix leaves the prefix as it was.
  if (digits === '7' && value.startsWith(PHONE_PREFIX)) return PHONE_PREFIX;
  // `+7` typed so far stays; `+7 ` (the customer deleted the bracket) goes.
  if (raw === '+7') return '+7';
  let national: string;
  if (hasPlus) {
    // `+7…`: the 7 is the country code; another country's number is kept to its first 10 digits as before.
    national = digits.startsWith('7') ? digits.slice(1) : digits;
  } else if (digits.length >= 11 && (digits.startsWith('8') || digits.startsWith('7'))) {
    national = digits.slice(1);
  } else {
    national = digits;
  }
  if (national.length > PHONE_NATIONAL_DIGITS && (national.startsWith('8') || national.startsWith('7'))) {
    national = national.slice(1);
  }
  // Led by `+7`, so the mask's own 7 is matched and a national part starting with 7 keeps its 7.
  return national ? applyMask(MASKS.phone, `+7${national.slice(0, PHONE_NATIONAL_DIGITS)}`) : '';
}

/** What the phone field shows once the country prefix is typed, before the first digit of the area code. */
const PHONE_PREFIX = '+7 (';
const PHONE_NATIONAL_DIGITS = 10;

/** The 4-digit code of an SMS, call or letter: the digits of whatever was typed or pasted ('код 1234' → '1234'). */
export function maskCode(raw: string): string {
  return applyMask(MASKS.code, raw);
}

/** Name mask: drops anything but letters and spaces, collapses repeated spaces, caps the length. */
export function sanitizeName(raw: string): string {
  return raw.replace(NAME_DISALLOWED, '').replace(/ {2,}/g, ' ').slice(0, NAME_MAX_LENGTH);
}
