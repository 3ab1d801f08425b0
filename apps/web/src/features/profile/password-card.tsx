'use client';

import { PASSWORD_MAX_LENGTH } from '@podbor/contract/constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { Button } from '@/components/ui/button';
import { lazyResolver } from '@/lib/lazy-resolver';
import type { PasswordValues } from './profile-actions';
import styles from './profile.module.css';
import { useRevealOnInvalid } from '@/lib/reveal-error';

/** SPEC §8 reset success text, reused for the change (kept literal: the contract loads only on submit). */
const PASSWORD_CHANGED = 'Пароль успешно изменен';
const EMPTY: PasswordValues = { current_password: '', password: '', password2: '' };
const resolver = lazyResolver(() => import('./profile-actions').then((m) => m.passwordResolver));

/**
 * Password change (old, new, repeat). The API ends every other session and hands this browser a new token pair,
 * which the /api proxy stores as cookies, so the customer stays signed in here.
 */
export function PasswordCard() {
  const form = useForm<PasswordValues>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    resolver,
    defaultValues: EMPTY,
  });
  const revealOnInvalid = useRevealOnInvalid(form);
  const busy = form.formState.isSubmitting;
  const general = form.formState.errors.root?.server?.message;
  const [done, setDone] = useState(false);
  const typed = () => setDone(false);

  const submit = form.handleSubmit(async (values) => {
    const { changePassword } = await import('./profile-actions');
    if (!(await changePassword(form, values))) return;
    form.reset(EMPTY);
    setDone(true);
  }, revealOnInvalid);

  return (
    <section className={styles.card} aria-labelledby="password-title" data-password-card="">
      <div className={styles.cardHead}>
        <h2 id="password-title" className={styles.cardTitle}>
          Смена пароля
        </h2>
      </div>
      <form noValidate onSubmit={submit} className={styles.form} data-password-form="">
        <div className={styles.grid}>
          <FormTextField
            form={form}
            name="current_password"
            onInput={typed}
            id="password-current_password"
            label="Текущий пароль"
            type="password"
            required
            autoComplete="current-password"
            maxLength={PASSWORD_MAX_LENGTH}
          />
          <FormTextField
            form={form}
            name="password"
            onInput={typed}
            id="password-password"
            label="Новый пароль"
            type="password"
            hint="Не меньше 8 символов"
            required
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
          />
          <FormTextField
            form={form}
            name="password2"
            onInput={typed}
            id="password-password2"
            label="Повторите новый пароль"
            type="password"
            required
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
          />
        </div>
        {general ? (
          <p role="alert" className={styles.formError}>
            {general}
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
