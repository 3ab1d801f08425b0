import type { ErrorRoutes } from '@/lib/form-errors';

// SPEC §8: which error fields of each sign-in call land on which field of the dialog (`general` is the message
// under the submit button).

export const LOGIN_ROUTES = {
  detail: 'general',
  non_field_errors: 'general',
  password: 'password',
  phone_number: 'phone',
} as const satisfies ErrorRoutes<'phone' | 'password'>;

export const REGISTER_ROUTES = {
  phone_number: 'phone',
  password: 'password',
  password2: 'password2',
  non_field_errors: 'general',
  detail: 'general',
} as const satisfies ErrorRoutes<'phone' | 'password' | 'password2'>;

/** Verification: non_field_errors are general messages; a malformed code stays on the code field. */
export const VERIFY_ROUTES = {
  non_field_errors: 'general',
  detail: 'general',
  code: 'code',
} as const satisfies ErrorRoutes<'code'>;

/** Reset, phone step: detail and phone_number on the phone field. */
export const RESET_PHONE_ROUTES = {
  detail: 'phone',
  phone_number: 'phone',
  non_field_errors: 'phone',
} as const satisfies ErrorRoutes<'phone'>;

/** Reset, code step: detail on the code field. */
export const RESET_CODE_ROUTES = {
  detail: 'code',
  code: 'code',
  non_field_errors: 'code',
  phone_number: 'code',
} as const satisfies ErrorRoutes<'code'>;

/** Reset, new password step: password, password2 and non_field_errors on the password field. */
export const RESET_SET_ROUTES = {
  password: 'password',
  password2: 'password',
  non_field_errors: 'password',
  detail: 'password',
  secret_key: 'password',
  phone_number: 'password',
} as const satisfies ErrorRoutes<'password'>;
