import {
  changePasswordRequest,
  MESSAGES,
  profilePatchRequest,
  verifyEmailRequest,
  type ProfileResponse,
} from '@podbor/contract';
import type { Resolver, UseFormReturn } from 'react-hook-form';
import { browserApi } from '@/lib/api/browser';
import { applyServerErrors } from '@/lib/form-errors';
import { requestResolver } from '@/lib/form-resolver';
import { profileDisplay, type ProfileDisplay } from './profile-display';

// What the profile's forms check and do when submitted. The password card loads this with its first submit
// (import()), so the contract's schemas and the API client stay out of the profile page's first load.

export type PersonalField = 'last_name' | 'first_name' | 'patronymic' | 'date_of_birthday' | 'email' | 'city';
export type PersonalValues = Record<PersonalField, string>;
const PERSONAL_FIELDS = {
  last_name: 'last_name',
  first_name: 'first_name',
  patronymic: 'patronymic',
  date_of_birthday: 'date_of_birthday',
  email: 'email',
  city: 'city',
} as const;

function personalBody(values: PersonalValues) {
  return {
    last_name: values.last_name.trim(),
    first_name: values.first_name.trim(),
    patronymic: values.patronymic.trim(),
    date_of_birthday: values.date_of_birthday || null,
    email: values.email.trim(),
    city: values.city || null,
  };
}

const patchResolver = requestResolver<PersonalValues>(profilePatchRequest, personalBody, PERSONAL_FIELDS);

/** The PATCH schema leaves every field optional; on this form the first name is required. */
export const personalResolver: Resolver<PersonalValues> = async (values, context, options) => {
  const result = await patchResolver(values, context, options);
  if (values.first_name.trim() || result.errors.first_name) return result;
  return {
    values: {},
    errors: { ...result.errors, first_name: { type: 'required', message: MESSAGES.required } },
  };
};

export async function savePersonal(
  form: UseFormReturn<PersonalValues>,
  values: PersonalValues,
): Promise<{ profile: ProfileResponse; display: ProfileDisplay } | null> {
  const result = await browserApi('profilePatch', { body: personalBody(values) });
  if (result.ok) return { profile: result.data, display: profileDisplay(result.data) };
  applyServerErrors(
    form,
    result.error,
    { ...PERSONAL_FIELDS, detail: 'general', non_field_errors: 'general' },
    { order: Object.values(PERSONAL_FIELDS) },
  );
  return null;
}

export function emailCodeResolver(email: string) {
  return requestResolver<{ code: string }>(verifyEmailRequest, (v) => ({ code: v.code, email }), {
    code: 'code',
  });
}

export async function verifyEmail(
  form: UseFormReturn<{ code: string }>,
  code: string,
  email: string,
): Promise<boolean> {
  const result = await browserApi('verifyEmail', { body: { code, email } });
  if (result.ok) return true;
  applyServerErrors(
    form,
    result.error,
    { code: 'code', email: 'code', detail: 'code', non_field_errors: 'code' },
    { fallback: 'code' },
  );
  return false;
}

/** A new e-mail code: saving the same, still unconfirmed address sends one (not more often than every 59 s). */
export function resendEmailCode(email: string) {
  return browserApi('profilePatch', { body: { email } });
}

export type PasswordField = 'current_password' | 'password' | 'password2';
export type PasswordValues = Record<PasswordField, string>;
const PASSWORD_FIELDS = {
  current_password: 'current_password',
  password: 'password',
  password2: 'password2',
} as const;

export const passwordResolver = requestResolver<PasswordValues>(
  changePasswordRequest,
  (v) => v,
  PASSWORD_FIELDS,
);

export async function changePassword(
  form: UseFormReturn<PasswordValues>,
  values: PasswordValues,
): Promise<boolean> {
  const result = await browserApi('changePassword', { body: values });
  if (result.ok) return true;
  applyServerErrors(
    form,
    result.error,
    { ...PASSWORD_FIELDS, non_field_errors: 'general', detail: 'general' },
    { order: Object.values(PASSWORD_FIELDS) },
  );
  return false;
}

/** Saves (or with null removes) the profile's vehicle; returns its SPEC §3 text. */
export async function saveTransport(
  id: number | null,
): Promise<{ ok: true; label: string } | { ok: false; error: string }> {
  const result = await browserApi('profilePatch', { body: { transport: id } });
  if (!result.ok) {
    return {
      ok: false,
      error:
        result.error?.errors.transport?.[0] ??
        result.error?.errors.detail ??
        'Не удалось сохранить автомобиль',
    };
  }
  if (id === null) return { ok: true, label: '' };
  const detail = await browserApi('transportDetail', { params: { transportId: id } });
  return { ok: true, label: detail.ok ? detail.data.label : `Автомобиль № ${id}` };
}
