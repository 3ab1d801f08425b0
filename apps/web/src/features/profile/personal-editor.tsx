'use client';

import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '@podbor/contract/constants';
import { sanitizeName, type ProfileResponse, type TitleSlug } from '@podbor/contract';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { FormTextField, useFormField } from '@/components/form/form-text-field';
import { Button } from '@/components/ui/button';
import { formError } from '@/lib/form-errors';
import { personalResolver, savePersonal, type PersonalValues } from './profile-actions';
import type { ProfileDisplay } from './profile-display';
import { SelectField } from './select-field';
import styles from './profile.module.css';
import { useRevealOnInvalid } from '@/lib/reveal-error';

function valuesOf(p: ProfileResponse): PersonalValues {
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
  const form = useForm<PersonalValues>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    resolver: personalResolver,
    defaultValues: valuesOf(profile),
  });
  const revealOnInvalid = useRevealOnInvalid(form);
  const saving = form.formState.isSubmitting;
  const general = formError(form);

  const save = form.handleSubmit(async (values) => {
    const saved = await savePersonal(form, values);
    if (saved) onSaved(saved.profile, saved.display);
  }, revealOnInvalid);

  return (
    <form noValidate onSubmit={save} className={styles.form} data-profile-form="">
      <div className={styles.grid}>
        <FormTextField
          form={form}
          name="last_name"
          id="profile-last_name"
          label="Фамилия"
          mask={sanitizeName}
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
          autoFocus
        />
        <FormTextField
          form={form}
          name="first_name"
          id="profile-first_name"
          label="Имя"
          mask={sanitizeName}
          required
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
        />
        <FormTextField
          form={form}
          name="patronymic"
          id="profile-patronymic"
          label="Отчество"
          mask={sanitizeName}
          autoComplete="additional-name"
          maxLength={NAME_MAX_LENGTH}
        />
        <FormTextField
          form={form}
          name="date_of_birthday"
          id="profile-date_of_birthday"
          label="Дата рождения"
          type="date"
          min="1900-01-01"
          max={today()}
          autoComplete="bday"
        />
        <FormTextField
          form={form}
          name="email"
          id="profile-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_MAX_LENGTH}
          hint="На новый адрес придёт код подтверждения"
        />
        <CitySelect form={form} cities={cities} />
      </div>
      {general ? (
        <p role="alert" className={styles.formError}>
          {general}
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

function CitySelect({ form, cities }: { form: UseFormReturn<PersonalValues>; cities: readonly TitleSlug[] }) {
  const { onValueChange, ...bound } = useFormField({ form, name: 'city' });
  return (
    <SelectField
      id="profile-city"
      label="Город"
      {...bound}
      onChange={(event) => onValueChange(event.target.value)}
    >
      <option value="">Не выбран</option>
      {cities.map((c) => (
        <option key={c.slug} value={c.slug}>
          {c.title}
        </option>
      ))}
    </SelectField>
  );
}
