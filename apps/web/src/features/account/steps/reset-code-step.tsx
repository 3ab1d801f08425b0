'use client';

import { maskPhone, passwordResetVerifyRequest } from '@podbor/contract';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ResendButton } from '@/components/ui/resend-button';
import { browserApi } from '@/lib/api/browser';
import { applyServerErrors } from '@/lib/form-errors';
import { requestResolver } from '@/lib/form-resolver';
import { RESET_CODE_ROUTES } from '../error-routes';
import styles from '../account.module.css';
import { CodeField, FORM_OPTIONS, useBusy, useStepFocus, type CodeSent, type StepProps } from './shared';
import { useRevealOnInvalid } from '@/lib/reveal-error';

interface Values {
  code: string;
}

export function ResetCodeStep({
  phone,
  codeSent,
  busy,
  setBusy,
  onVerified,
}: StepProps & { phone: string; codeSent?: CodeSent; onVerified: (secretKey: string) => void }) {
  const form = useForm<Values>({
    ...FORM_OPTIONS,
    resolver: requestResolver<Values>(
      passwordResetVerifyRequest,
      (v) => ({ phone_number: phone, code: v.code }),
      {
        code: 'code',
      },
    ),
    defaultValues: { code: '' },
  });
  const revealOnInvalid = useRevealOnInvalid(form);
  useStepFocus();
  useBusy(form, setBusy);

  const submit = form.handleSubmit(async ({ code }) => {
    const result = await browserApi('passwordResetVerify', { body: { phone_number: phone, code } });
    if (result.ok) onVerified(result.data.secret_key);
    else applyServerErrors(form, result.error, RESET_CODE_ROUTES, { fallback: 'code' });
  }, revealOnInvalid);

  return (
    <form noValidate onSubmit={submit} className={styles.form} data-form="reset-code">
      <p className={styles.lead}>
        Сейчас на номер <strong className={styles.nowrap}>{maskPhone(phone)}</strong> поступит звонок.
      </p>
      <CodeField
        form={form}
        name="code"
        id="reset-code"
        label="Введите последние 4 цифры номера, с которого поступил звонок"
      />
      <Button type="submit" size="lg" block loading={busy} data-reset-code-submit="">
        Продолжить
      </Button>
      <ResendButton
        send={() => browserApi('passwordResetStart', { body: { phone_number: phone } })}
        sentAt={codeSent?.at}
        waitSeconds={codeSent?.waitSeconds}
      />
    </form>
  );
}
