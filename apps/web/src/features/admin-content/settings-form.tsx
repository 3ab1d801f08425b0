'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { adminShowcasePatch, type AdminShowcase, type AdminShowcasePatch } from '@podbor/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AdminField, placeServerErrors } from '@/components/admin/admin-form';
import { AdminCallError, adminCall, adminKey, useAdminQuery } from '@/components/admin/admin-query';
import { adminStyles, Card, LoadError, TableSkeleton } from '@/components/admin/admin-ui';
import { Button } from '@/components/ui/button';
import styles from './content.module.css';

// The shop's settings (the default showcase): name and contacts in the header and footer, working hours of the
// phone line, the seller's legal details (ИНН and ОГРН checked by their check digits), social links, SEO texts and
// analytics counters. Only the changed fields are sent, with the version the form was loaded at (409 if another
// admin saved in between).

type Values = Omit<AdminShowcase, 'version'>;
type Field = keyof Values;

const valuesOf = ({ version: _version, ...rest }: AdminShowcase): Values => rest;

const SECTIONS: {
  title: string;
  id: string;
  fields: { name: Field; label: string; wide?: boolean; long?: boolean; placeholder?: string }[];
}[] = [
  {
    title: 'Магазин',
    id: 'shop',
    fields: [
      { name: 'title', label: 'Название' },
      { name: 'phone', label: 'Телефон', placeholder: '+7 (800) 555-35-35' },
      { name: 'email', label: 'E-mail' },
      { name: 'tagline', label: 'Слоган' },
      { name: 'description', label: 'Описание магазина', wide: true, long: true },
      { name: 'footer_text', label: 'Текст в подвале', wide: true, long: true },
      {
        name: 'privacy_policy_link',
        label: 'Политика конфиденциальности: /pages/… или https://…',
        wide: true,
      },
    ],
  },
  {
    title: 'Часы работы телефона и обратных звонков',
    id: 'hours',
    fields: [
      { name: 'work_hours_from', label: 'С (ЧЧ:ММ)', placeholder: '08:00' },
      { name: 'work_hours_to', label: 'До (ЧЧ:ММ)', placeholder: '22:00' },
      { name: 'time_zone', label: 'Часовой пояс', placeholder: 'Europe/Moscow' },
    ],
  },
  {
    title: 'Реквизиты продавца',
    id: 'legal',
    fields: [
      { name: 'legal_name', label: 'Наименование', wide: true },
      { name: 'inn', label: 'ИНН (10 или 12 цифр)' },
      { name: 'ogrn', label: 'ОГРН или ОГРНИП (13 или 15 цифр)' },
      { name: 'legal_address', label: 'Юридический адрес', wide: true },
    ],
  },
  {
    title: 'Социальные сети',
    id: 'social',
    fields: [
      { name: 'social_link_vk', label: 'ВКонтакте (https://…)' },
      { name: 'social_link_instagram', label: 'Instagram (https://…)' },
      { name: 'social_link_facebook', label: 'Facebook (https://…)' },
    ],
  },
  {
    title: 'Поисковики и счётчики',
    id: 'seo',
    fields: [
      { name: 'seo_tagline', label: 'Заголовок для поисковиков', wide: true },
      { name: 'seo_description', label: 'Описание для поисковиков', wide: true, long: true },
      { name: 'metric_id', label: 'Номер счётчика Яндекс Метрики' },
      { name: 'ga_id', label: 'Идентификатор Google Analytics' },
    ],
  },
];

export function SettingsForm() {
  const query = useAdminQuery('adminShowcase', {});
  if (query.error && !query.data)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <TableSkeleton rows={10} />;
  return <Form settings={query.data} onReload={() => void query.refetch()} />;
}

function Form({ settings, onReload }: { settings: AdminShowcase; onReload: () => void }) {
  const client = useQueryClient();
  const [conflict, setConflict] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<Values, unknown, Omit<AdminShowcasePatch, 'version'>>({
    resolver: zodResolver(adminShowcasePatch.omit({ version: true })) as never,
    defaultValues: valuesOf(settings),
  });
  const { register, formState, handleSubmit, reset, setError } = form;
  useEffect(() => reset(valuesOf(settings), { keepDirtyValues: true }), [settings, reset]);

  const save = handleSubmit(async (values) => {
    setSaved(false);
    setConflict(null);
    const dirty = formState.dirtyFields as Partial<Record<Field, unknown>>;
    const body: Record<string, unknown> = { version: settings.version };
    for (const key of Object.keys(values) as Field[])
      if (dirty[key]) body[key] = values[key as keyof typeof values];
    try {
      const next = await adminCall('adminShowcaseUpdate', { body: body as AdminShowcasePatch });
      client.setQueryData(adminKey('adminShowcase', {}), next);
      reset(valuesOf(next));
      setSaved(true);
    } catch (error) {
      if (error instanceof AdminCallError && error.status === 409) {
        setConflict(error.message);
        return;
      }
      placeServerErrors(error, setError);
    }
  });

  return (
    <form noValidate onSubmit={save} className={styles.sections} data-settings-form="">
      {SECTIONS.map((section) => (
        <Card key={section.id} title={section.title} id={section.id}>
          <fieldset disabled={formState.isSubmitting} className={styles.fieldset}>
            <legend className="visually-hidden">{section.title}</legend>
            <div className={styles.grid}>
              {section.fields.map((f) => (
                <AdminField
                  key={f.name}
                  label={f.label}
                  error={formState.errors[f.name]?.message}
                  wide={f.wide}
                >
                  {f.long ? (
                    <textarea
                      className={adminStyles.input}
                      rows={3}
                      {...register(f.name)}
                      data-field={f.name}
                    />
                  ) : (
                    <input
                      className={adminStyles.input}
                      {...register(f.name)}
                      placeholder={f.placeholder}
                      data-field={f.name}
                    />
                  )}
                </AdminField>
              ))}
            </div>
          </fieldset>
        </Card>
      ))}
      {conflict ? (
        <div className={adminStyles.alert} role="alert">
          {conflict}{' '}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setConflict(null);
              onReload();
            }}
          >
            Загрузить текущие настройки
          </Button>
        </div>
      ) : null}
      {formState.errors.root?.message ? (
        <div className={adminStyles.alert} role="alert">
          {formState.errors.root.message}
        </div>
      ) : null}
      <div className={styles.stickyActions}>
        <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
          Сохранить настройки
        </Button>
        {saved ? (
          <span className={styles.saved} role="status">
            Сохранено: сайт покажет изменения при следующем открытии страницы
          </span>
        ) : null}
      </div>
    </form>
  );
}
