'use client';

import { sanitizeName, type ProfileResponse, type TitleSlug } from '@podbor/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import type { FormErrors } from '@/lib/form-errors';
import { savePersonal, type PersonalField } from './profile-actions';
import type { ProfileDisplay } from './profile-display';
import { SelectField } from './select-field';
import styles from './profile.module.css';

const ORDER: readonly PersonalField[] = ['last_name', 'first_name', 'patronymic', 'date_of_birthday', 'email', 'city'];

function valuesOf(p: ProfileResponse): Record<PersonalField, string> {
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

export default function PersonalEditor({
  profile,
  cities,
  onSaved,
  onCancel,
}: {
  profile: ProfileResponse;
  cities: readonly TitleSlug[];
  onSaved: (profile: ProfileResponse, display: ProfileDisplay) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(() => valuesOf(profile));
  const [errors, setErrors] = useState<FormErrors<PersonalField>>({});
  const [saving, setSaving] = useState(false);

  const set = (field: PersonalField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] || e.general ? { ...e, [field]: undefined, general: undefined } : e));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const result = await savePersonal(values);
    setSaving(false);
    if (result.ok) {
      onSaved(result.profile, result.display);
      return;
    }
    setErrors(result.errors);
    const first = ORDER.find((f) => result.errors[f]);
    if (first) document.getElementById(`profile-${first}`)?.focus();
  };

  return (
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
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          Отмена
        </Button>
      </div>
    </form>
  );
}
