'use client';

import { maskPhone, registerVerifyRequest } from '@podbor/contract';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ResendButton } from '@/components/ui/resend-button';
import { browserApi } from '@/lib/api/browser';
import { applyServerErrors, formError } from '@/lib/form-errors';
import { requestResolver } from '@/lib/form-resolver';
import { VERIFY_ROUTES } from '../error-routes';
import styles from '../account.module.css';
import {
  CodeField,
  FORM_OPTIONS,
  GeneralError,
  signIn,
  useBusy,
  useStepFocus,
  type Registration,
  type StepProps,
} from './shared';
import { useRevealOnInvalid } from '@/lib/reveal-error';

interface Values {
  code: string;
}

export function VerificationStep({
  registration,
  busy,
  setBusy,
  onSignedIn,
}: StepProps & { registration: Registration; onSignedIn: () => void }) {
  const form = useForm<Values>({
    ...FORM_OPTIONS,
    resolver: requestResolver<Values>(
      registerVerifyRequest,
      (v) => ({ phone_number: registration.phone, code: v.code }),
      { code: 'code' },
    ),
    defaultValues: { code: '' },
  });
  const revealOnInvalid = useRevealOnInvalid(form);
  useStepFocus();
  useBusy(form, setBusy);

  const submit = form.handleSubmit(async ({ code }) => {
    const result = await browserApi('registerVerify', { body: { phone_number: registration.phone, code } });
    if (!result.ok) {
      applyServerErrors(form, result.error, VERIFY_ROUTES);
      return;
    }
    // SPEC §4: confirmed — sign in automatically with the phone and password kept from registration.
    await signIn(registration.phone, registration.password);
    onSignedIn();
  }, revealOnInvalid);

  return (
    <form noValidate onSubmit={submit} className={styles.form} data-form="verification">
      <p className={styles.lead}>
        Мы отправили SMS с кодом на номер{' '}
        <strong className={styles.nowrap}>{maskPhone(registration.phone)}</strong>.
      </p>
      <CodeField form={form} name="code" id="verify-code" label="Код из SMS" />
      <Button type="submit" size="lg" block loading={busy} data-verify-submit="">
        Подтвердить
      </Button>
      <GeneralError message={formError(form)} />
      <ResendButton
        send={() => browserApi('registerRetry', { body: { phone_number: registration.phone } })}
        sentAt={registration.codeSent?.at}
        waitSeconds={registration.codeSent?.waitSeconds}
      />
    </form>
  );
}
