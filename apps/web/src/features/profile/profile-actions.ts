import {
  changePasswordRequest,
  profilePatchRequest,
  verifyEmailRequest,
  type ProfileResponse,
} from '@podbor/contract';
import { browserApi } from '@/lib/api/browser';
import { hasErrors, serverErrors, validate, type FormErrors } from '@/lib/form-errors';
import { profileDisplay, type ProfileDisplay } from './profile-display';

// What the profile's forms do when submitted. Loaded with the first submit (import()), so the contract's
// schemas and the API client stay out of the profile page's first load.

export type PersonalField = 'last_name' | 'first_name' | 'patronymic' | 'date_of_birthday' | 'email' | 'city';
const PERSONAL_FIELDS = {
  last_name: 'last_name',
  first_name: 'first_name',
  patronymic: 'patronymic',
  date_of_birthday: 'date_of_birthday',
  email: 'email',
  city: 'city',
} as const;

export async function savePersonal(
  values: Record<PersonalField, string>,
): Promise<{ ok: true; profile: ProfileResponse; display: ProfileDisplay } | { ok: false; errors: FormErrors<PersonalField> }> {
  const body = {
    last_name: values.last_name.trim(),
    first_name: values.first_name.trim(),
    patronymic: values.patronymic.trim(),
    date_of_birthday: values.date_of_birthday || null,
    email: values.email.trim(),
    city: values.city || null,
  };
  const found = validate(profilePatchRequest, body, PERSONAL_FIELDS);
  if (!body.first_name) found.first_name = 'Обязательное поле';
  if (hasErrors(found)) return { ok: false, errors: found };
  const result = await browserApi('profilePatch', { body });
  if (!result.ok) {
    return { ok: false, errors: serverErrors(result.error, { ...PERSONAL_FIELDS, detail: 'general', non_field_errors: 'general' }) };
  }
  return { ok: true, profile: result.data, display: profileDisplay(result.data) };
}

export async function verifyEmail(code: string, email: string): Promise<{ ok: true } | { ok: false; error: string }> {
  const found = validate(verifyEmailRequest, { code, email }, { code: 'code' });
  if (found.code) return { ok: false, error: found.code };
  const result = await browserApi('verifyEmail', { body: { code, email } });
  if (result.ok) return { ok: true };
  const errors = serverErrors(result.error, { code: 'code', email: 'code', detail: 'code', non_field_errors: 'code' }, 'code');
  return { ok: false, error: errors.code ?? '' };
}

/** A new e-mail code: saving the same, still unconfirmed address sends one (not more often than every 59 s). */
export function resendEmailCode(email: string) {
  return browserApi('profilePatch', { body: { email } });
}

export type PasswordField = 'current_password' | 'password' | 'password2';

export async function changePassword(
  values: Record<PasswordField, string>,
): Promise<{ ok: true } | { ok: false; errors: FormErrors<PasswordField> }> {
  const found = validate(changePasswordRequest, values, {
    current_password: 'current_password',
    password: 'password',
    password2: 'password2',
  });
  if (hasErrors(found)) return { ok: false, errors: found };
  const result = await browserApi('changePassword', { body: values });
  if (result.ok) return { ok: true };
  return {
    ok: false,
    errors: serverErrors(result.error, {
      current_password: 'current_password',
      password: 'password',
      password2: 'password2',
      non_field_errors: 'general',
      detail: 'general',
    }),
  };
}

/** Saves (or with null removes) the profile's vehicle; returns its SPEC §3 text. */
export async function saveTransport(id: number | null): Promise<{ ok: true; label: string } | { ok: false; error: string }> {
  const result = await browserApi('profilePatch', { body: { transport: id } });
  if (!result.ok) {
    return { ok: false, error: result.error?.errors.transport?.[0] ?? result.error?.errors.detail ?? 'Не удалось сохранить автомобиль' };
  }
  if (id === null) return { ok: true, label: '' };
  const detail = await browserApi('transportDetail', { params: { transportId: id } });
  return { ok: true, label: detail.ok ? detail.data.label : `Автомобиль № ${id}` };
}
