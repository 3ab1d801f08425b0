'use client';

import { maskCode } from '@podbor/contract/masks';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { Button } from '@/components/ui/button';
import { ResendButton } from '@/components/ui/resend-button';
import { emailCodeResolver, resendEmailCode, verifyEmail } from './profile-actions';
import styles from './profile.module.css';
import { useRevealOnInvalid } from '@/lib/reveal-error';

/** Confirms the profile's e-mail with the 4-digit code from the letter (verify_email). */
export default function EmailVerification({ email, onVerified }: { email: string; onVerified: () => void }) {
  const form = useForm<{ code: string }>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    resolver: emailCodeResolver(email),
    defaultValues: { code: '' },
  });
  const revealOnInvalid = useRevealOnInvalid(form);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ code }) => {
    if (await verifyEmail(form, code, email)) onVerified();
  }, revealOnInvalid);

  return (
    <form noValidate onSubmit={submit} className={styles.verify} data-email-verify="">
      <h3 className={styles.verifyTitle}>Подтвердите email</h3>
      <p className={styles.muted}>Введите код из письма, отправленного на {email}. Код действует 10 минут.</p>
      <div className={styles.verifyRow}>
        <FormTextField
          form={form}
          name="code"
          id="email-code"
          label="Код из письма"
          mask={maskCode}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          className={styles.codeField}
        />
        <Button type="submit" loading={busy} data-email-verify-submit="">
          Подтвердить
        </Button>
      </div>
      <ResendButton send={() => resendEmailCode(email)} />
    </form>
  );
}
