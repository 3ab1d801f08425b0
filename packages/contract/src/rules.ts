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

export {
  PHONE_PATTERN,
  EMAIL_PATTERN,
  NAME_PATTERN,
  MASKS,
  isValidPhone,
  normalizePhone,
  applyMask,
  maskCode,
  maskPhone,
  sanitizeName,
} from './masks';
import { EMAIL_PATTERN, NAME_PATTERN, PHONE_PATTERN, normalizePhone } from './masks';

// ---- zod field builders for request schemas ----

/** An empty value gets only the "required" message, not the format errors of later checks too. */
const REQUIRED = { error: MESSAGES.required, abort: true };

/** String type whose "missing" message is SPEC's required-field text. */
export function baseString() {
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
