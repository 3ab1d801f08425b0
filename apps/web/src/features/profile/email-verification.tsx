'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ResendButton } from '@/components/ui/resend-button';
import { resendEmailCode, verifyEmail } from './profile-actions';
import styles from './profile.module.css';

/** Confirms the profile's e-mail with the 4-digit code from the letter (verify_email). */
export default function EmailVerification({ email, onVerified }: { email: string; onVerified: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await verifyEmail(code, email);
    setBusy(false);
    if (result.ok) onVerified();
    else setError(result.error);
  };

  return (
    <form noValidate onSubmit={submit} className={styles.verify} data-email-verify="">
      <h3 className={styles.verifyTitle}>Подтвердите email</h3>
      <p className={styles.muted}>Введите код из письма, отправленного на {email}. Код действует 10 минут.</p>
      <div className={styles.verifyRow}>
        <TextField
          id="email-code"
          label="Код из письма"
          value={code}
          onValueChange={(v) => {
            setCode(v.replace(/\D/g, '').slice(0, 4));
            setError('');
          }}
          error={error}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
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
