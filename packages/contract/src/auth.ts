import { z } from 'zod';
import { formatWait } from './format';
import { MESSAGES } from './messages';
import { codeField, currentPasswordField, passwordField, phoneField, requiredString } from './rules';

// Sign-in, registration, password reset and tokens (API-SHAPES §4). Phones arrive in any SPEC §5
// form and leave validation as `+7XXXXXXXXXX`.

/** "Passwords differ" on `password2`; zod runs it only once the fields themselves are valid. */
function passwordsMatch(value: { password: string; password2: string }, ctx: z.RefinementCtx): void {
  if (value.password !== value.password2) {
    ctx.addIssue({ code: 'custom', path: ['password2'], message: MESSAGES.passwordsMismatch });
  }
}

export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const statusResponse = z.object({ status: z.string() });
export type StatusResponse = z.infer<typeof statusResponse>;

/**
 * Podbor adds: the visitor's not-authorized token, whose anonymous cart is merged into the user's cart at
 * sign-in. Optional; without it the raw token in `Authorization` (as the existing client sends it) is used.
 */
const visitorTokenField = z.string().max(200).optional();

export const loginRequest = z.object({
  phone_number: phoneField,
  password: currentPasswordField,
  visitor_token: visitorTokenField,
});
export type LoginRequest = z.infer<typeof loginRequest>;
export const loginResponse = tokenPair;
export type LoginResponse = z.infer<typeof loginResponse>;

export const registerRequest = z
  .object({
    phone_number: phoneField,
    password: passwordField,
    password2: currentPasswordField,
    /** Podbor adds: the customer ticked the consent to personal-data processing (152-FZ); stored with the time. */
    consent: z.boolean().optional(),
    /** Podbor adds: the vehicle chosen in the header, the new profile's vehicle (the city comes from X-City). */
    transport: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .superRefine(passwordsMatch);
export type RegisterRequest = z.infer<typeof registerRequest>;
export const registerResponse = statusResponse.extend({
  /** Podbor adds: seconds before a new code may be requested. */
  code_time_to_live: z.number().int().optional(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

export const registerVerifyRequest = z.object({
  phone_number: phoneField,
  code: codeField,
  visitor_token: visitorTokenField,
});
export type RegisterVerifyRequest = z.infer<typeof registerVerifyRequest>;
/** Podbor adds the token pair so the client can skip the automatic login. */
export const registerVerifyResponse = statusResponse.extend({
  access: z.string().optional(),
  refresh: z.string().optional(),
});
export type RegisterVerifyResponse = z.infer<typeof registerVerifyResponse>;

export const registerRetryRequest = z.object({ phone_number: phoneField });
export type RegisterRetryRequest = z.infer<typeof registerRetryRequest>;
export const registerRetryResponse = registerResponse;
export type RegisterRetryResponse = z.infer<typeof registerRetryResponse>;

export const tokenRefreshRequest = z.object({ refresh: requiredString(4096) });
export type TokenRefreshRequest = z.infer<typeof tokenRefreshRequest>;
/** Rotated pair: the client must store the new refresh token. */
export const tokenRefreshResponse = tokenPair;
export type TokenRefreshResponse = z.infer<typeof tokenRefreshResponse>;

export const passwordResetStartRequest = z.object({ phone_number: phoneField });
export type PasswordResetStartRequest = z.infer<typeof passwordResetStartRequest>;
export const passwordResetStartResponse = z.object({
  status: z.string(),
  /** Seconds the code stays valid. */
  code_time_to_live: z.number(),
});
export type PasswordResetStartResponse = z.infer<typeof passwordResetStartResponse>;

export const passwordResetVerifyRequest = z.object({
  phone_number: phoneField,
  code: codeField,
});
export type PasswordResetVerifyRequest = z.infer<typeof passwordResetVerifyRequest>;
export const passwordResetVerifyResponse = z.object({ secret_key: z.string() });
export type PasswordResetVerifyResponse = z.infer<typeof passwordResetVerifyResponse>;

export const passwordResetSetRequest = z
  .object({
    phone_number: phoneField,
    /** The value from reset-verify, or the verified code itself (older clients send the code). */
    secret_key: requiredString(512),
    password: passwordField,
    password2: currentPasswordField,
  })
  .superRefine(passwordsMatch);
export type PasswordResetSetRequest = z.infer<typeof passwordResetSetRequest>;
export const passwordResetSetResponse = z.object({ detail: z.string() });
export type PasswordResetSetResponse = z.infer<typeof passwordResetSetResponse>;

/** POST /user/token/unauthorized_user/ has no body. */
export const unauthorizedTokenResponse = z.object({ token: z.string() });
export type UnauthorizedTokenResponse = z.infer<typeof unauthorizedTokenResponse>;

export const authMethod = z.object({ method: z.string(), url: z.string() });
export type AuthMethod = z.infer<typeof authMethod>;
export const authMethodsResponse = z.array(authMethod);
export type AuthMethodsResponse = z.infer<typeof authMethodsResponse>;

export const authMethodParams = z.object({
  method: z.string().regex(/^[a-z0-9_-]{1,50}$/, MESSAGES.slugInvalid),
});
export type AuthMethodParams = z.infer<typeof authMethodParams>;
export const authMethodRequest = z.object({
  code: requiredString(2048),
  /** Podbor adds: the `state` the provider returned; checked (signature, expiry, method) when sent. */
  state: z.string().max(2048).optional(),
  visitor_token: visitorTokenField,
});
export type AuthMethodRequest = z.infer<typeof authMethodRequest>;
export const authMethodResponse = tokenPair;
export type AuthMethodResponse = z.infer<typeof authMethodResponse>;

/** Podbor addition: `POST /v1/user/logout/` revokes the session (the refresh token's whole family). */
export const logoutRequest = z.object({ refresh: requiredString(4096) });
export type LogoutRequest = z.infer<typeof logoutRequest>;
export const logoutResponse = statusResponse;
export type LogoutResponse = z.infer<typeof logoutResponse>;

/** Russian messages of the sign-in, registration and reset calls (SPEC §8 fields). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Неверный номер телефона или пароль.',
  accountInactive: 'Номер телефона не подтвержден. Завершите регистрацию.',
  codeInvalid: 'Неверный код.',
  codeExpired: 'Код недействителен или устарел. Запросите новый код.',
  codeAttemptsExceeded: 'Превышено число попыток ввода кода. Запросите новый код.',
  codeResendTooEarly: (seconds: number) => `Повторно отправить код можно через ${formatWait(seconds)}.`,
  codeSendLimit: (seconds: number) =>
    `Превышено число отправок кода. Повторите попытку через ${formatWait(seconds)}.`,
  /** The shop-wide hourly cap on texts and calls (it says nothing about the phone or its account). */
  codeSendsPaused: (seconds: number) =>
    `Сейчас мы не можем отправить код. Повторите попытку через ${formatWait(seconds)}.`,
  /** Too many wrong codes for this phone: its codes are neither checked nor sent until the wait ends. */
  codeChecksLocked: (seconds: number) =>
    `Слишком много неверных кодов для этого номера. Повторите попытку через ${formatWait(seconds)}.`,
  loginThrottled: (seconds: number) =>
    `Слишком много попыток входа. Повторите попытку через ${formatWait(seconds)}.`,
  secretInvalid: 'Код подтверждения недействителен или устарел. Начните восстановление заново.',
  passwordCommon: 'Этот пароль слишком распространен. Придумайте другой.',
  passwordContainsPhone: 'Пароль не должен содержать номер телефона.',
  currentPasswordInvalid: 'Неверный текущий пароль.',
  registered: 'Код подтверждения отправлен.',
  verified: 'Номер телефона подтвержден.',
  resetRequested: 'Ожидайте звонка: введите последние 4 цифры номера, с которого поступит звонок.',
  loggedOut: 'Вы вышли из учетной записи.',
  methodNotConfigured: 'Способ входа недоступен.',
  externalAuthFailed: 'Не удалось выполнить вход. Попробуйте еще раз.',
  emailCodeInvalid: 'Неверный или устаревший код.',
  emailVerified: 'Email подтвержден.',
  /** verify_email's `status`: the exact text older clients compare the answer with. */
  emailVerifiedStatus: 'Почта подтверждена',
  cityNotFound: 'Город не найден.',
  transportNotFound: 'Транспортное средство не найдено.',
} as const;
