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

/** Phone input as shown by the mask; an 11-digit number with a leading 8 loses the 8. */
export function maskPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('8') ? digits.slice(1) : digits;
  return applyMask(MASKS.phone, raw.trim().startsWith('+') ? raw : national);
}

/** Name mask: drops anything but letters and spaces, collapses repeated spaces, caps the length. */
export function sanitizeName(raw: string): string {
  return raw.replace(NAME_DISALLOWED, '').replace(/ {2,}/g, ' ').slice(0, NAME_MAX_LENGTH);
}
