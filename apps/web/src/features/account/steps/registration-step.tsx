'use client';

import { RESEND_CODE_SECONDS, registerRequest } from '@podbor/contract';
import { useForm, type FieldError, type Resolver } from 'react-hook-form';
import { useShell } from '@/components/shell/shell-context';
import { Button } from '@/components/ui/button';
import { browserApi } from '@/lib/api/browser';
import { applyServerErrors, formError } from '@/lib/form-errors';
import { requestResolver } from '@/lib/form-resolver';
import { REGISTER_ROUTES } from '../error-routes';
import styles from '../account.module.css';
import {
  codeSentNow,
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
  consent: boolean;
}

const CONSENT_REQUIRED = 'Подтвердите согласие на обработку персональных данных';

const fieldsResolver = requestResolver<Values>(
  registerRequest,
  (v) => ({ phone_number: v.phone, password: v.password, password2: v.password2 }),
  { phone_number: 'phone', password: 'password', password2: 'password2' },
);
/** The contract's rules, and the consent (152-FZ) which an account cannot be opened without. */
const resolver: Resolver<Values> = async (values, context, options) => {
  const result = await fieldsResolver(values, context, options);
  if (values.consent) return result;
  const consent: FieldError = { type: 'required', message: CONSENT_REQUIRED };
  return { values: {}, errors: { ...result.errors, consent } };
};

export function RegistrationStep({
  busy,
  setBusy,
  onRegistered,
}: StepProps & { onRegistered: (value: Registration) => void }) {
  const { session } = useShell();
  const form = useForm<Values>({
    ...FORM_OPTIONS,
    resolver,
    defaultValues: { phone: '', password: '', password2: '', consent: false },
  });
  const consentError = form.formState.errors.consent?.message;
  const revealOnInvalid = useRevealOnInvalid(form);
  useStepFocus();
  useBusy(form, setBusy);

  const submit = form.handleSubmit(async ({ phone, password, password2 }) => {
    const result = await browserApi('register', {
      // The vehicle chosen in the header becomes the new profile's (the city travels as X-City).
      body: {
        phone_number: phoneOut(phone),
        password,
        password2,
        consent: true,
        ...(session.transportId ? { transport: session.transportId } : {}),
      },
    });
    if (result.ok)
      onRegistered({
        phone: phoneOut(phone),
        password,
        codeSent: codeSentNow(result.data.code_time_to_live ?? RESEND_CODE_SECONDS),
      });
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
      <label className={`${styles.consent} ${consentError ? styles.consentInvalid : ''}`}>
        <input
          type="checkbox"
          {...form.register('consent', { onChange: () => form.clearErrors('consent') })}
          aria-invalid={consentError ? true : undefined}
          aria-describedby={consentError ? 'register-consent-error' : undefined}
          data-register-consent=""
        />
        <span>
          Я согласен на обработку персональных данных в соответствии с{' '}
          <a href={session.privacyHref} target="_blank" rel="noopener noreferrer">
            политикой конфиденциальности
          </a>
        </span>
      </label>
      {consentError ? (
        <p id="register-consent-error" className={styles.error} role="alert">
          {consentError}
        </p>
      ) : null}
      <Button type="submit" size="lg" block loading={busy} data-register-submit="">
        Зарегистрироваться
      </Button>
      <GeneralError message={formError(form)} />
    </form>
  );
}
