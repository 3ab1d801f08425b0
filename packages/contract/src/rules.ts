import { z } from 'zod';
import './zod-config';
import {
  CODE_LENGTH,
  EMAIL_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TEXT_INPUT_MAX_LENGTH,
} from './constants';
import { MESSAGES, maxLengthMessage } from './messages';

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

// ---- zod field builders for request schemas ----

/** An empty value gets only the "required" message, not the format errors of later checks too. */
const REQUIRED = { error: MESSAGES.required, abort: true };

/** String type whose "missing" message is SPEC's required-field text. */
function baseString() {
  return z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? MESSAGES.required : undefined),
  });
}

/** Required trimmed text; empty counts as missing. */
export function requiredString(max: number = TEXT_INPUT_MAX_LENGTH) {
  return baseString().trim().min(1, REQUIRED).max(max, maxLengthMessage(max));
}

/** Phone in any SPEC §5 form; output is the canonical `+7XXXXXXXXXX`. */
export const phoneField = baseString()
  .trim()
  .transform((value, ctx) => {
    if (value === '') {
      ctx.issues.push({ code: 'custom', message: MESSAGES.required, input: value });
      return z.NEVER;
    }
    const normalized = PHONE_PATTERN.test(value) ? normalizePhone(value) : null;
    if (normalized === null) {
      ctx.issues.push({ code: 'custom', message: MESSAGES.phoneInvalid, input: value });
      return z.NEVER;
    }
    return normalized;
  });

export const codeField = baseString()
  .trim()
  .min(1, REQUIRED)
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), MESSAGES.codeInvalid);

/** New password (registration, reset, change). Not trimmed: spaces are part of a password. */
export const passwordField = baseString()
  .min(1, REQUIRED)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong);

/** Existing password (login, current password): only required, so old accounts can still sign in. */
export const currentPasswordField = baseString()
  .min(1, REQUIRED)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong);

export const nameField = baseString()
  .trim()
  .min(1, REQUIRED)
  .max(NAME_MAX_LENGTH, maxLengthMessage(NAME_MAX_LENGTH))
  .regex(NAME_PATTERN, MESSAGES.nameInvalid);

/** Optional name part (patronymic, last name in the profile): may be cleared with `""`. */
export const optionalNameField = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, maxLengthMessage(NAME_MAX_LENGTH))
  .regex(/^[A-Za-zА-Яа-яЁё ]*$/, MESSAGES.nameInvalid);

export const messageField = baseString()
  .trim()
  .min(1, REQUIRED)
  .max(MESSAGE_MAX_LENGTH, MESSAGES.messageTooLong);

export const emailField = baseString()
  .trim()
  .min(1, REQUIRED)
  .max(EMAIL_MAX_LENGTH, maxLengthMessage(EMAIL_MAX_LENGTH))
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid);

/** E-mail that may be left out or sent empty. Output: address, null for "none", undefined if absent. */
export const optionalEmailField = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, maxLengthMessage(EMAIL_MAX_LENGTH))
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), MESSAGES.emailInvalid)
  .nullable()
  .optional()
  .transform((value): string | null | undefined => (value === undefined ? undefined : value || null));
