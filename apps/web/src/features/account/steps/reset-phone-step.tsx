'use client';

import { RESEND_CODE_SECONDS, passwordResetStartRequest } from '@podbor/contract';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { browserApi } from '@/lib/api/browser';
import { applyServerErrors } from '@/lib/form-errors';
import { requestResolver } from '@/lib/form-resolver';
import { RESET_PHONE_ROUTES } from '../error-routes';
import styles from '../account.module.css';
import {
  FORM_OPTIONS,
  PhoneField,
  phoneOut,
  useBusy,
  useStepFocus,
  codeSentNow,
  type CodeSent,
  type StepProps,
} from './shared';
import { useRevealOnInvalid } from '@/lib/reveal-error';

interface Values {
  phone: string;
}

const resolver = requestResolver<Values>(passwordResetStartRequest, (v) => ({ phone_number: v.phone }), {
  phone_number: 'phone',
});

export function ResetPhoneStep({
  busy,
  setBusy,
  onRequested,
}: StepProps & { onRequested: (phone: string, codeSent: CodeSent) => void }) {
  const form = useForm<Values>({ ...FORM_OPTIONS, resolver, defaultValues: { phone: '' } });
  const revealOnInvalid = useRevealOnInvalid(form);
  useStepFocus();
  useBusy(form, setBusy);

  const submit = form.handleSubmit(async (values) => {
    const phone = phoneOut(values.phone);
    const result = await browserApi('passwordResetStart', { body: { phone_number: phone } });
    if (result.ok) onRequested(phone, codeSentNow(RESEND_CODE_SECONDS));
    else applyServerErrors(form, result.error, RESET_PHONE_ROUTES, { fallback: 'phone' });
  }, revealOnInvalid);

  return (
    <form noValidate onSubmit={submit} className={styles.form} data-form="reset-phone">
      <p className={styles.lead}>
        Укажите номер, на который зарегистрирован кабинет. Мы позвоним на него — отвечать на звонок не нужно.
      </p>
      <PhoneField form={form} name="phone" id="reset-phone" autoFocus />
      <Button type="submit" size="lg" block loading={busy} data-reset-submit="">
        Получить звонок
      </Button>
    </form>
  );
}
