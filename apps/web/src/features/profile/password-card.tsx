'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import type { FormErrors } from '@/lib/form-errors';
import type { PasswordField as Field } from './profile-actions';
import styles from './profile.module.css';

/** SPEC §8 reset success text, reused for the change (kept literal: the contract loads only on submit). */
const PASSWORD_CHANGED = 'Пароль успешно изменен';
const ORDER: readonly Field[] = ['current_password', 'password', 'password2'];
const EMPTY: Record<Field, string> = { current_password: '', password: '', password2: '' };

/**
 * Password change (old, new, repeat). The API ends every other session and hands this browser a new token pair,
 * which the /api proxy stores as cookies, so the customer stays signed in here.
 */
export function PasswordCard() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setDone(false);
    setErrors((e) => (e[field] || e.general ? { ...e, [field]: undefined, general: undefined } : e));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const { changePassword } = await import('./profile-actions');
    const result = await changePassword(values);
    setBusy(false);
    if (!result.ok) {
      setErrors(result.errors);
      const first = ORDER.find((f) => result.errors[f]);
      if (first) document.getElementById(`password-${first}`)?.focus();
      return;
    }
    setValues(EMPTY);
    setErrors({});
    setDone(true);
  };

  return (
    <section className={styles.card} aria-labelledby="password-title" data-password-card="">
      <div className={styles.cardHead}>
        <h2 id="password-title" className={styles.cardTitle}>
          Смена пароля
        </h2>
      </div>
      <form noValidate onSubmit={submit} className={styles.form} data-password-form="">
        <div className={styles.grid}>
          <TextField
            id="password-current_password"
            label="Текущий пароль"
            type="password"
            value={values.current_password}
            onValueChange={set('current_password')}
            error={errors.current_password}
            required
            autoComplete="current-password"
            maxLength={128}
          />
          <TextField
            id="password-password"
            label="Новый пароль"
            type="password"
            value={values.password}
            onValueChange={set('password')}
            error={errors.password}
            hint="Не меньше 8 символов"
            required
            autoComplete="new-password"
            maxLength={128}
          />
          <TextField
            id="password-password2"
            label="Повторите новый пароль"
            type="password"
            value={values.password2}
            onValueChange={set('password2')}
            error={errors.password2}
            required
            autoComplete="new-password"
            maxLength={128}
          />
        </div>
        {errors.general ? (
          <p role="alert" className={styles.formError}>
            {errors.general}
          </p>
        ) : null}
        {done ? (
          <p role="status" className={styles.notice} data-password-changed="">
            {PASSWORD_CHANGED}. Другие устройства вышли из кабинета.
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" loading={busy} data-password-submit="">
            Сменить пароль
          </Button>
        </div>
      </form>
    </section>
  );
}
