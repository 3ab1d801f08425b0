'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { adminPageCreate, formatDateTime, type AdminPageCreate } from '@podbor/contract';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { AdminField, placeServerErrors } from '@/components/admin/admin-form';
import { useAdminMutation, useAdminQuery } from '@/components/admin/admin-query';
import { adminStyles, Badge, Card, EmptyState, LoadError, TableSkeleton } from '@/components/admin/admin-ui';
import { Button } from '@/components/ui/button';
import styles from './content.module.css';

// Info pages for buyers (delivery, payment, warranty…): the list, drafts included, and a new page by its title —
// its address is made from the title in Latin letters (and kept unique) unless given; it starts as a draft.

export function PagesList() {
  const query = useAdminQuery('adminPages', {});
  const pages = query.data;
  if (query.error && !pages) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className={styles.layout}>
      <div className={adminStyles.tableWrap} role="region" aria-label="Страницы" tabIndex={0}>
        {!pages ? (
          <TableSkeleton />
        ) : pages.length === 0 ? (
          <EmptyState title="Страниц нет">Добавьте первую страницу для покупателей.</EmptyState>
        ) : (
          <table className={adminStyles.table} data-pages="">
            <thead>
              <tr>
                <th scope="col">Страница</th>
                <th scope="col">Статус</th>
                <th scope="col" className={adminStyles.num}>
                  Порядок
                </th>
                <th scope="col">Изменена</th>
              </tr>
            </thead>
            <tbody>
              {pages.map((p) => (
                <tr key={p.id} data-page={p.slug}>
                  <td>
                    <Link className={styles.rowButton} href={`/admin/pages/${p.id}`}>
                      {p.title}
                    </Link>
                    <div className={adminStyles.muted}>/pages/{p.slug}</div>
                  </td>
                  <td>
                    {p.is_published ? (
                      <Badge tone="success">Опубликована</Badge>
                    ) : (
                      <Badge tone="warning">Черновик</Badge>
                    )}
                  </td>
                  <td className={adminStyles.num}>{p.sort}</td>
                  <td className={adminStyles.muted}>{formatDateTime(p.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className={styles.editor}>
        <NewPageForm />
      </div>
    </div>
  );
}

function NewPageForm() {
  const router = useRouter();
  const form = useForm<{ title: string; slug: string }, unknown, AdminPageCreate>({
    resolver: zodResolver(adminPageCreate) as never,
    defaultValues: { title: '', slug: '' },
  });
  const { register, formState, handleSubmit, setError } = form;
  const create = useAdminMutation('adminPageCreate', (body: AdminPageCreate) => ({ body }), ['adminPages']);
  const submit = handleSubmit(async (values) => {
    try {
      const page = await create.mutateAsync(values);
      router.push(`/admin/pages/${page.id}`);
    } catch (error) {
      placeServerErrors(error, setError);
    }
  });
  return (
    <Card title="Новая страница" id="new-page">
      <form noValidate onSubmit={submit} className={styles.form} data-new-page="">
        <AdminField label="Заголовок" error={formState.errors.title?.message}>
          <input className={adminStyles.input} {...register('title')} maxLength={200} />
        </AdminField>
        <AdminField label="Адрес (необязательно, латиницей)" error={formState.errors.slug?.message}>
          <input
            className={adminStyles.input}
            {...register('slug')}
            maxLength={100}
            placeholder="из заголовка"
          />
        </AdminField>
        <p className={styles.hint}>Страница создаётся черновиком: покупатели увидят её после публикации.</p>
        {formState.errors.root?.message ? (
          <div className={adminStyles.alert} role="alert">
            {formState.errors.root.message}
          </div>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" loading={formState.isSubmitting}>
            Создать
          </Button>
        </div>
      </form>
    </Card>
  );
}
