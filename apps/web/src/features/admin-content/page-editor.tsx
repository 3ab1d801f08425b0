'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { adminPagePatch, type AdminPage, type AdminPagePatch } from '@podbor/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ConfirmDelete } from '@/components/admin/confirm-delete';
import { AdminField, placeServerErrors } from '@/components/admin/admin-form';
import { AdminCallError, adminCall, adminKey, useAdminQuery } from '@/components/admin/admin-query';
import { adminStyles, Badge, Card, LoadError, PageHeader, TableSkeleton } from '@/components/admin/admin-ui';
import { RichTextEditor } from '@/components/admin/rich-text-loader';
import { Button } from '@/components/ui/button';
import styles from './content.module.css';

// One info page: title, address, text in the rich-text editor (sanitised by the API like a product description),
// order in the menu, published or draft. Saved with the version it was loaded at: someone else's save in between
// gives a clear conflict with a button that loads their version, never a lost update. The storefront shows a
// saved change on its next view.

type Values = {
  title: string;
  slug: string;
  text: string;
  sort: number;
  is_published: boolean;
};

const valuesOf = (p: AdminPage): Values => ({
  title: p.title,
  slug: p.slug,
  text: p.text,
  sort: p.sort,
  is_published: p.is_published,
});

const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v);

export function PageEditor({ id }: { id: number }) {
  const query = useAdminQuery('adminPage', { params: { id: String(id) } });
  const page = query.data;
  if (query.error && !page) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!page) return <TableSkeleton rows={8} />;
  return <PageForm key={page.id} page={page} onReload={() => void query.refetch()} />;
}

function PageForm({ page, onReload }: { page: AdminPage; onReload: () => void }) {
  const client = useQueryClient();
  const router = useRouter();
  const [conflict, setConflict] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<Values, unknown, Omit<AdminPagePatch, 'version'>>({
    resolver: zodResolver(adminPagePatch.omit({ version: true })) as never,
    defaultValues: valuesOf(page),
  });
  const { register, control, formState, handleSubmit, reset, setError } = form;

  // A reload (after a conflict) brings the page's current values; fields this editor changed keep its values.
  useEffect(() => reset(valuesOf(page), { keepDirtyValues: true }), [page, reset]);

  const save = handleSubmit(async (values) => {
    setSaved(false);
    setConflict(null);
    const dirty = formState.dirtyFields as Partial<Record<keyof Values, unknown>>;
    const body: AdminPagePatch = { version: page.version };
    for (const key of Object.keys(values) as (keyof Values)[])
      if (dirty[key]) (body as Record<string, unknown>)[key] = values[key as keyof typeof values];
    try {
      const next = await adminCall('adminPageUpdate', { params: { id: String(page.id) }, body });
      client.setQueryData(adminKey('adminPage', { params: { id: String(page.id) } }), next);
      await client.invalidateQueries({ queryKey: adminKey('adminPages') });
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

  const remove = async () => {
    await adminCall('adminPageDelete', { params: { id: String(page.id) } });
    await client.invalidateQueries({ queryKey: adminKey('adminPages') });
    router.push('/admin/pages');
  };
  const err = (name: keyof Values) => formState.errors[name]?.message;

  return (
    <>
      <PageHeader
        title={page.title}
        lead={
          <>
            {page.is_published ? (
              <Badge tone="success">Опубликована</Badge>
            ) : (
              <Badge tone="warning">Черновик</Badge>
            )}{' '}
            {page.is_published ? (
              <a href={page.url} target="_blank" rel="noreferrer">
                Открыть на сайте
              </a>
            ) : (
              'Черновик не виден покупателям'
            )}
          </>
        }
        actions={
          <Button variant="ghost" onClick={() => router.push('/admin/pages')}>
            Все страницы
          </Button>
        }
      />
      <form noValidate onSubmit={save} className={styles.sections} data-page-form="">
        <Card title="Страница" id="page">
          <fieldset disabled={formState.isSubmitting} className={styles.fieldset}>
            <legend className="visually-hidden">Страница</legend>
            <div className={styles.grid}>
              <AdminField label="Заголовок" error={err('title')}>
                <input className={adminStyles.input} {...register('title')} maxLength={200} />
              </AdminField>
              <AdminField label="Адрес: /pages/…" error={err('slug')}>
                <input className={adminStyles.input} {...register('slug')} maxLength={100} />
              </AdminField>
              <AdminField label="Порядок в меню" error={err('sort')}>
                <input
                  className={adminStyles.input}
                  inputMode="numeric"
                  {...register('sort', { setValueAs: toNumber })}
                />
              </AdminField>
            </div>
            <label className={adminStyles.check}>
              <input type="checkbox" {...register('is_published')} /> Опубликована (видна покупателям)
            </label>
          </fieldset>
        </Card>
        <Card title="Текст" id="text">
          <Controller
            control={control}
            name="text"
            render={({ field }) => (
              <RichTextEditor
                id="page-text"
                label="Текст страницы"
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          {err('text') ? <p className={adminStyles.fieldError}>{err('text')}</p> : null}
          <p className={styles.hint}>
            Подстановки: {'{{branches}}'} — число филиалов, {'{{cities_in}}'} — «в N городах», {'{{hours}}'} —
            часы работы, {'{{seller}}'} — реквизиты продавца.
          </p>
        </Card>
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
              Загрузить текущую версию
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
            Сохранить
          </Button>
          {saved ? (
            <span className={styles.saved} role="status">
              Сохранено
            </span>
          ) : null}
          <ConfirmDelete label="Удалить страницу" question="Удалить страницу?" onDelete={remove} />
        </div>
      </form>
    </>
  );
}
