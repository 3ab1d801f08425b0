'use client';

import { changePasswordRequest, MESSAGES } from '@podbor/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { browserApi } from '@/lib/api/browser';
import { hasErrors, serverErrors, validate, type FormErrors } from '@/lib/form-errors';
import styles from './profile.module.css';

type Field = 'current_password' | 'password' | 'password2';
const ORDER: readonly Field[] = ['current_password', 'password', 'password2'];
const ROUTES = {
  current_password: 'current_password',
  password: 'password',
  password2: 'password2',
  non_field_errors: 'general',
  detail: 'general',
} as const;
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
    const found = validate(changePasswordRequest, values, { current_password: 'current_password', password: 'password', password2: 'password2' });
    const after = (errs: FormErrors<Field>) => {
      setErrors(errs);
      const first = ORDER.find((f) => errs[f]);
      if (first) document.getElementById(`password-${first}`)?.focus();
    };
    if (hasErrors(found)) return after(found);
    setBusy(true);
    const result = await browserApi('changePassword', { body: values });
    setBusy(false);
    if (!result.ok) return after(serverErrors(result.error, ROUTES));
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
            {MESSAGES.passwordChanged}. Другие устройства вышли из кабинета.
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
