'use client';

import { registerRequest } from '@podbor/contract';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { browserApi } from '@/lib/api/browser';
import { applyServerErrors, formError } from '@/lib/form-errors';
import { requestResolver } from '@/lib/form-resolver';
import { REGISTER_ROUTES } from '../error-routes';
import styles from '../account.module.css';
import {
  FORM_OPTIONS,
  GeneralError,
  PasswordField,
  PhoneField,
  phoneOut,
  useBusy,
  useStepFocus,
  type Registration,
  type StepProps,
} from './shared';
import { useRevealOnInvalid } from '@/lib/reveal-error';

interface Values {
  phone: string;
  password: string;
  password2: string;
}

const resolver = requestResolver<Values>(
  registerRequest,
  (v) => ({ phone_number: v.phone, password: v.password, password2: v.password2 }),
  { phone_number: 'phone', password: 'password', password2: 'password2' },
);

export function RegistrationStep({
  busy,
  setBusy,
  onRegistered,
}: StepProps & { onRegistered: (value: Registration) => void }) {
  const form = useForm<Values>({
    ...FORM_OPTIONS,
    resolver,
    defaultValues: { phone: '', password: '', password2: '' },
  });
  const revealOnInvalid = useRevealOnInvalid(form);
  useStepFocus();
  useBusy(form, setBusy);

  const submit = form.handleSubmit(async ({ phone, password, password2 }) => {
    const result = await browserApi('register', {
      body: { phone_number: phoneOut(phone), password, password2 },
    });
    if (result.ok) onRegistered({ phone: phoneOut(phone), password });
    else
      applyServerErrors(form, result.error, REGISTER_ROUTES, { order: ['phone', 'password', 'password2'] });
  }, revealOnInvalid);

  return (
    <form noValidate onSubmit={submit} className={styles.form} data-form="registration">
      <p className={styles.lead}>Мы отправим SMS с кодом, чтобы подтвердить номер.</p>
      <PhoneField form={form} name="phone" id="register-phone" autoFocus />
      <PasswordField
        form={form}
        name="password"
        id="register-password"
        label="Пароль"
        hint="Не меньше 8 символов"
        autoComplete="new-password"
      />
      <PasswordField
        form={form}
        name="password2"
        id="register-password2"
        label="Повторите пароль"
        autoComplete="new-password"
      />
      <Button type="submit" size="lg" block loading={busy} data-register-submit="">
        Зарегистрироваться
      </Button>
      <GeneralError message={formError(form)} />
    </form>
  );
}
