'use client';

import { loginRequest, maskPhone } from '@podbor/contract';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button, buttonClass } from '@/components/ui/button';
import { browserApi } from '@/lib/api/browser';
import { applyServerErrors, formError } from '@/lib/form-errors';
import { requestResolver } from '@/lib/form-resolver';
import { LOGIN_ROUTES } from '../error-routes';
import styles from '../account.module.css';
import {
  FORM_OPTIONS,
  GeneralError,
  PasswordField,
  PhoneField,
  phoneOut,
  signIn,
  useBusy,
  useStepFocus,
  type StepProps,
} from './shared';
import { useRevealOnInvalid } from '@/lib/reveal-error';

const METHOD_LABELS: Record<string, string> = { yandex: 'Войти с Яндекс ID' };

interface Values {
  phone: string;
  password: string;
}

const resolver = requestResolver<Values>(
  loginRequest,
  (v) => ({ phone_number: v.phone, password: v.password }),
  { phone_number: 'phone', password: 'password' },
);

/** External sign-in methods (Yandex ID …); none shown when the call fails. */
function useAuthMethods() {
  return useQuery({
    queryKey: ['authMethods'],
    queryFn: async ({ signal }) => {
      const result = await browserApi('authMethods', { signal });
      return result.ok ? result.data : [];
    },
    staleTime: 5 * 60_000,
  });
}

export function AuthorizationStep({
  initialPhone,
  busy,
  setBusy,
  onSignedIn,
  onRegister,
  onForgot,
}: StepProps & {
  initialPhone: string;
  onSignedIn: () => void;
  onRegister: () => void;
  onForgot: () => void;
}) {
  const form = useForm<Values>({
    ...FORM_OPTIONS,
    resolver,
    defaultValues: { phone: initialPhone ? maskPhone(initialPhone) : '', password: '' },
  });
  const revealOnInvalid = useRevealOnInvalid(form);
  const methods = useAuthMethods().data ?? [];
  useStepFocus();
  useBusy(form, setBusy);

  const submit = form.handleSubmit(async ({ phone, password }) => {
    const result = await signIn(phoneOut(phone), password);
    if (result.ok) onSignedIn();
    else applyServerErrors(form, result.error, LOGIN_ROUTES, { order: ['phone', 'password'] });
  }, revealOnInvalid);

  return (
    <>
      <form noValidate onSubmit={submit} className={styles.form} data-form="authorization">
        <p className={styles.lead}>
          Войдите по номеру телефона и паролю, чтобы видеть историю заказов и сохранённый автомобиль.
        </p>
        <PhoneField form={form} name="phone" id="login-phone" autoFocus />
        <PasswordField
          form={form}
          name="password"
          id="login-password"
          label="Пароль"
          autoComplete="current-password"
        />
        <p className={styles.forgot}>
          <button type="button" className={styles.linkButton} onClick={onForgot} disabled={busy}>
            Забыли пароль?
          </button>
        </p>
        <Button type="submit" size="lg" block loading={busy} data-login-submit="">
          Войти
        </Button>
        <GeneralError message={formError(form)} />
      </form>
      {methods.length > 0 ? (
        <div className={styles.methods}>
          <p className={styles.divider}>
            <span>или</span>
          </p>
          {methods.map((m) => (
            <a
              key={m.method}
              href={`/api/session/oauth/${encodeURIComponent(m.method)}?next=${encodeURIComponent(currentPath())}`}
              className={buttonClass('secondary', 'lg', true, styles.methodButton)}
              data-auth-method={m.method}
            >
              {m.method === 'yandex' ? (
                <span className={styles.yandexMark} aria-hidden="true">
                  Я
                </span>
              ) : null}
              {METHOD_LABELS[m.method] ?? `Войти через ${m.method}`}
            </a>
          ))}
        </div>
      ) : null}
      <p className={styles.switch}>
        Нет учётной записи?{' '}
        <button
          type="button"
          className={styles.linkButton}
          onClick={onRegister}
          disabled={busy}
          data-to-registration=""
        >
          Зарегистрироваться
        </button>
      </p>
    </>
  );
}

function currentPath(): string {
  return typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
}
