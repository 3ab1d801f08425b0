'use client';

import {
  formatDate,
  maskPhone,
  profilePatchRequest,
  sanitizeName,
  verifyEmailRequest,
  type ProfileResponse,
  type TitleSlug,
} from '@podbor/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ResendButton } from '@/components/ui/resend-button';
import { browserApi } from '@/lib/api/browser';
import { hasErrors, serverErrors, validate, type FormErrors } from '@/lib/form-errors';
import { SelectField } from './select-field';
import styles from './profile.module.css';

type Field = 'last_name' | 'first_name' | 'patronymic' | 'date_of_birthday' | 'email' | 'city';
const FIELDS: readonly Field[] = ['last_name', 'first_name', 'patronymic', 'date_of_birthday', 'email', 'city'];
const IDENTITY = Object.fromEntries(FIELDS.map((f) => [f, f])) as Record<Field, Field>;

function valuesOf(p: ProfileResponse): Record<Field, string> {
  return {
    last_name: p.last_name,
    first_name: p.first_name,
    patronymic: p.patronymic,
    date_of_birthday: p.date_of_birthday ?? '',
    email: p.email,
    city: p.city?.slug ?? '',
  };
}

/** Today as `YYYY-MM-DD` for the birthday picker's upper bound. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Personal data: shown as a list, edited in place; a new e-mail is confirmed with the code sent to it. */
export function PersonalCard({ initial, cities }: { initial: ProfileResponse; cities: readonly TitleSlug[] }) {
  const [profile, setProfile] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(() => valuesOf(initial));
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState('');

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] || e.general ? { ...e, [field]: undefined, general: undefined } : e));
  };

  const startEditing = () => {
    setValues(valuesOf(profile));
    setErrors({});
    setNotice('');
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const body = {
      last_name: values.last_name.trim(),
      first_name: values.first_name.trim(),
      patronymic: values.patronymic.trim(),
      date_of_birthday: values.date_of_birthday || null,
      email: values.email.trim(),
      city: values.city || null,
    };
    const found = validate(profilePatchRequest, body, IDENTITY);
    if (!body.first_name) found.first_name = 'Обязательное поле';
    if (hasErrors(found)) {
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) document.getElementById(`profile-${first}`)?.focus();
      return;
    }
    setSaving(true);
    const result = await browserApi('profilePatch', { body });
    setSaving(false);
    if (!result.ok) {
      const routes = { ...IDENTITY, detail: 'general', non_field_errors: 'general' } as const;
      setErrors(serverErrors(result.error, routes));
      return;
    }
    const emailChanged = result.data.email.toLowerCase() !== profile.email.toLowerCase();
    setProfile(result.data);
    setEditing(false);
    setNotice(
      result.data.email && !result.data.email_verified && emailChanged
        ? `Данные сохранены. Мы отправили код подтверждения на ${result.data.email}.`
        : 'Данные сохранены.',
    );
  };

  const fullName = [profile.last_name, profile.first_name, profile.patronymic].filter(Boolean).join(' ');

  return (
    <section className={styles.card} aria-labelledby="personal-title" data-personal-card="">
      <div className={styles.cardHead}>
        <h2 id="personal-title" className={styles.cardTitle}>
          Личные данные
        </h2>
        {!editing ? (
          <Button variant="secondary" size="sm" onClick={startEditing} data-profile-edit="">
            Изменить
          </Button>
        ) : null}
      </div>
      {notice ? (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      ) : null}
      {editing ? (
        <form noValidate onSubmit={save} className={styles.form} data-profile-form="">
          <div className={styles.grid}>
            <TextField
              id="profile-last_name"
              label="Фамилия"
              value={values.last_name}
              onValueChange={set('last_name')}
              mask={sanitizeName}
              error={errors.last_name}
              autoComplete="family-name"
              maxLength={60}
              data-autofocus=""
              autoFocus
            />
            <TextField
              id="profile-first_name"
              label="Имя"
              value={values.first_name}
              onValueChange={set('first_name')}
              mask={sanitizeName}
              error={errors.first_name}
              required
              autoComplete="given-name"
              maxLength={60}
            />
            <TextField
              id="profile-patronymic"
              label="Отчество"
              value={values.patronymic}
              onValueChange={set('patronymic')}
              mask={sanitizeName}
              error={errors.patronymic}
              autoComplete="additional-name"
              maxLength={60}
            />
            <TextField
              id="profile-date_of_birthday"
              label="Дата рождения"
              type="date"
              value={values.date_of_birthday}
              onValueChange={set('date_of_birthday')}
              error={errors.date_of_birthday}
              min="1900-01-01"
              max={today()}
              autoComplete="bday"
            />
            <TextField
              id="profile-email"
              label="Email"
              type="email"
              value={values.email}
              onValueChange={set('email')}
              error={errors.email}
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              hint="На новый адрес придёт код подтверждения"
            />
            <SelectField
              id="profile-city"
              label="Город"
              value={values.city}
              onChange={(event) => set('city')(event.target.value)}
              error={errors.city}
            >
              <option value="">Не выбран</option>
              {cities.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.title}
                </option>
              ))}
            </SelectField>
          </div>
          {errors.general ? (
            <p role="alert" className={styles.formError}>
              {errors.general}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" loading={saving} data-profile-save="">
              Сохранить
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)} disabled={saving}>
              Отмена
            </Button>
          </div>
        </form>
      ) : (
        <dl className={styles.facts}>
          <div>
            <dt>ФИО</dt>
            <dd data-profile-name="">{fullName || <span className={styles.unset}>Не указано</span>}</dd>
          </div>
          <div>
            <dt>Телефон</dt>
            <dd>{profile.phone_number ? maskPhone(profile.phone_number) : <span className={styles.unset}>Не указан</span>}</dd>
          </div>
          <div>
            <dt>Дата рождения</dt>
            <dd data-profile-birthday="">
              {profile.date_of_birthday ? formatDate(profile.date_of_birthday, 'long') : <span className={styles.unset}>Не указана</span>}
            </dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd data-profile-email="">
              {profile.email ? (
                <>
                  {profile.email}{' '}
                  <span className={profile.email_verified ? styles.badgeOk : styles.badgeWarn}>
                    {profile.email_verified ? 'подтверждён' : 'не подтверждён'}
                  </span>
                </>
              ) : (
                <span className={styles.unset}>Не указан</span>
              )}
            </dd>
          </div>
          <div>
            <dt>Город</dt>
            <dd data-profile-city="">{profile.city?.title ?? <span className={styles.unset}>Не выбран</span>}</dd>
          </div>
          <div>
            <dt>С нами с</dt>
            <dd>{formatDate(profile.date_joined, 'long')}</dd>
          </div>
        </dl>
      )}
      {!editing && profile.email && !profile.email_verified ? (
        <EmailVerification email={profile.email} onVerified={() => setProfile((p) => ({ ...p, email_verified: true }))} />
      ) : null}
    </section>
  );
}

function EmailVerification({ email, onVerified }: { email: string; onVerified: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validate(verifyEmailRequest, { code, email }, { code: 'code' });
    if (found.code) {
      setError(found.code);
      return;
    }
    setBusy(true);
    const result = await browserApi('verifyEmail', { body: { code, email } });
    setBusy(false);
    if (result.ok) {
      onVerified();
      return;
    }
    const errors = serverErrors(result.error, { code: 'code', email: 'code', detail: 'code', non_field_errors: 'code' }, 'code');
    setError(errors.code ?? '');
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
      <ResendButton send={() => browserApi('profilePatch', { body: { email } })} />
    </form>
  );
}
