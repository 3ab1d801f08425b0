'use client';

import {
  API_ROUTES,
  errorBody,
  maskPhone,
  normalizePhone,
  staffLoginRequest,
  TOTP_DIGITS,
  type ErrorBody,
} from '@podbor/contract';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { Button } from '@/components/ui/button';
import { applyServerErrors, formError } from '@/lib/form-errors';
import { requestResolver } from '@/lib/form-resolver';
import { useRevealOnInvalid } from '@/lib/reveal-error';
import styles from './admin-login.module.css';

interface Values {
  phone: string;
  password: string;
  code: string;
}

const FIELDS = { phone_number: 'phone', password: 'password', code: 'code' } as const;
const toRequest = (v: Values) => ({
  phone_number: normalizePhone(v.phone) ?? v.phone,
  password: v.password,
  code: v.code.trim(),
});
const resolver = requestResolver<Values>(staffLoginRequest, toRequest, FIELDS);

/** Six digits out of whatever was typed or pasted («123 456», «код: 123456»). */
const maskTotp = (raw: string) => raw.replace(/\D/g, '').slice(0, TOTP_DIGITS);

/**
 * The sign-in call. Its tokens never reach the page (the proxy keeps them in HttpOnly cookies and answers
 * `{status: 'ok', staff}`), so only success or the error body matters here.
 */
async function signIn(
  body: ReturnType<typeof toRequest>,
): Promise<{ ok: true } | { ok: false; error: ErrorBody | null }> {
  try {
    const res = await fetch(API_ROUTES.staffLogin.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    if (res.ok) return { ok: true };
    const parsed = errorBody.safeParse(await res.json().catch(() => null));
    return { ok: false, error: parsed.success ? parsed.data : null };
  } catch {
    return { ok: false, error: null };
  }
}

/**
 * Staff sign-in: phone, password and the current code of the authenticator app (ASVS: a second factor for
 * administrative access). One answer for any wrong part, so the form cannot be used to probe accounts.
 */
export function AdminLoginForm({ next }: { next: string }) {
  const form = useForm<Values>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    resolver,
    defaultValues: { phone: '', password: '', code: '' },
  });
  const revealOnInvalid = useRevealOnInvalid(form);

  const submit = form.handleSubmit(async (values) => {
    const result = await signIn(toRequest(values));
    if (result.ok) {
      window.location.assign(next);
      return;
    }
    form.setValue('code', '');
    applyServerErrors(
      form,
      result.error,
      { ...FIELDS, detail: 'general' },
      { order: ['phone', 'password', 'code'] },
    );
  }, revealOnInvalid);

  const busy = form.formState.isSubmitting || form.formState.isSubmitSuccessful;
  const general = formError(form);
  return (
    <form noValidate onSubmit={submit} className={styles.form} data-form="admin-login">
      <FormTextField
        form={form}
        name="phone"
        id="admin-phone"
        label="Телефон"
        mask={maskPhone}
        required
        type="tel"
        inputMode="tel"
        autoComplete="username"
        placeholder="+7 (___) ___-__-__"
        autoFocus
      />
      <FormTextField
        form={form}
        name="password"
        id="admin-password"
        label="Пароль"
        type="password"
        required
        autoComplete="current-password"
        maxLength={128}
      />
      <FormTextField
        form={form}
        name="code"
        id="admin-code"
        label="Код из приложения-аутентификатора"
        hint="6 цифр из Яндекс Ключа, Google Authenticator или другого приложения"
        mask={maskTotp}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={TOTP_DIGITS}
      />
      <Button type="submit" size="lg" block loading={busy}>
        Войти
      </Button>
      {general ? (
        <p role="alert" className={styles.error} data-general-error="">
          {general}
        </p>
      ) : null}
    </form>
  );
}
