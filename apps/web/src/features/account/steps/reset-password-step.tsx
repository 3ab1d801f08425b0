'use client';

import { passwordResetSetRequest } from '@podbor/contract';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { browserApi } from '@/lib/api/browser';
import { applyServerErrors } from '@/lib/form-errors';
import { requestResolver } from '@/lib/form-resolver';
import { RESET_SET_ROUTES } from '../error-routes';
import styles from '../account.module.css';
import { FORM_OPTIONS, PasswordField, useBusy, useStepFocus, type Reset, type StepProps } from './shared';
import { useRevealOnInvalid } from '@/lib/reveal-error';

interface Values {
  password: string;
  password2: string;
}

export function ResetPasswordStep({
  reset,
  busy,
  setBusy,
  onDone,
}: StepProps & { reset: Reset; onDone: () => void }) {
  const toRequest = (v: Values) => ({
    phone_number: reset.phone,
    secret_key: reset.secretKey,
    password: v.password,
    password2: v.password2,
  });
  const form = useForm<Values>({
    ...FORM_OPTIONS,
    resolver: requestResolver<Values>(passwordResetSetRequest, toRequest, {
      password: 'password',
      password2: 'password2',
    }),
    defaultValues: { password: '', password2: '' },
  });
  const revealOnInvalid = useRevealOnInvalid(form);
  useStepFocus();
  useBusy(form, setBusy);

  const submit = form.handleSubmit(async (values) => {
    const result = await browserApi('passwordResetSet', { body: toRequest(values) });
    if (result.ok) onDone();
    else applyServerErrors(form, result.error, RESET_SET_ROUTES, { fallback: 'password' });
  }, revealOnInvalid);

  return (
    <form noValidate onSubmit={submit} className={styles.form} data-form="reset-password">
      <p className={styles.lead}>Придумайте новый пароль для входа.</p>
      <PasswordField
        form={form}
        name="password"
        id="reset-password"
        label="Новый пароль"
        hint="Не меньше 8 символов"
        autoComplete="new-password"
        autoFocus
      />
      <PasswordField
        form={form}
        name="password2"
        id="reset-password2"
        label="Повторите пароль"
        autoComplete="new-password"
      />
      <Button type="submit" size="lg" block loading={busy} data-reset-password-submit="">
        Сохранить пароль
      </Button>
    </form>
  );
}
