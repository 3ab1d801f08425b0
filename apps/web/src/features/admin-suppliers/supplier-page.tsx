'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { adminSupplierPatch, type AdminSupplier, type AdminSupplierPatch } from '@podbor/contract';
import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AdminField, placeServerErrors } from '@/components/admin/admin-form';
import { adminCall, useAdminMutation, useAdminQuery } from '@/components/admin/admin-query';
import {
  adminStyles,
  Card,
  EmptyState,
  LoadError,
  PageHeader,
  TableSkeleton,
} from '@/components/admin/admin-ui';
import { ConfirmDelete } from '@/components/admin/confirm-delete';
import { Button } from '@/components/ui/button';
import { MappingForm } from './mapping-form';
import { PriceListUpload } from './price-list-upload';
import { toDays } from './suppliers-desk';
import styles from './suppliers.module.css';

// A supplier's page (issue #15): its details, the columns of its price list and the upload of a price list.

export function SupplierPage({ id }: { id: number }) {
  const query = useAdminQuery('adminSuppliers', {});
  const supplier = query.data?.find((s) => s.id === id);
  return (
    <>
      <PageHeader
        title={supplier?.title ?? 'Поставщик'}
        lead={
          <Link href="/admin/suppliers" className={styles.link}>
            ← Все поставщики
          </Link>
        }
      />
      {query.error && !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Card>
          <TableSkeleton rows={6} />
        </Card>
      ) : !supplier ? (
        <Card>
          <EmptyState title="Поставщик не найден">Возможно, его удалили.</EmptyState>
        </Card>
      ) : (
        <div className={adminStyles.stack}>
          <div className={styles.columns}>
            <SupplierForm key={supplier.updated_at} supplier={supplier} />
            <PriceListUpload supplier={supplier} />
          </div>
          <MappingForm key={supplier.id} supplier={supplier} />
        </div>
      )}
    </>
  );
}

type Values = { title: string; default_delivery_days: number | string; is_active: boolean };

const valuesOf = (s: AdminSupplier): Values => ({
  title: s.title,
  default_delivery_days: s.default_delivery_days,
  is_active: s.is_active,
});

function SupplierForm({ supplier }: { supplier: AdminSupplier }) {
  const router = useRouter();
  const client = useQueryClient();
  const [saved, setSaved] = useState(false);
  const form = useForm<Values, unknown, AdminSupplierPatch>({
    resolver: zodResolver(adminSupplierPatch) as never,
    defaultValues: valuesOf(supplier),
  });
  const { register, formState, handleSubmit, reset, setError } = form;
  const update = useAdminMutation(
    'adminSupplierUpdate',
    (body: AdminSupplierPatch) => ({ params: { id: String(supplier.id) }, body }),
    ['adminSuppliers'],
  );
  const save = handleSubmit(async (values) => {
    setSaved(false);
    const dirty = formState.dirtyFields as Partial<Record<keyof Values, unknown>>;
    const body = Object.fromEntries(
      Object.entries(values).filter(([key]) => dirty[key as keyof Values]),
    ) as AdminSupplierPatch;
    try {
      const next = await update.mutateAsync(body);
      reset(valuesOf(next));
      setSaved(true);
    } catch (error) {
      placeServerErrors(error, setError);
    }
  });
  const err = (name: keyof Values) => formState.errors[name]?.message;
  return (
    <Card title="Поставщик" id="supplier">
      <form noValidate onSubmit={save} data-supplier-form="">
        <div className={styles.editGrid}>
          <AdminField label="Название" error={err('title')} wide>
            <input className={adminStyles.input} {...register('title')} maxLength={200} autoComplete="off" />
          </AdminField>
          <AdminField label="Срок поставки по умолчанию, дней" error={err('default_delivery_days')}>
            <input
              className={adminStyles.input}
              inputMode="numeric"
              {...register('default_delivery_days', { setValueAs: toDays })}
            />
          </AdminField>
          <label className={adminStyles.check}>
            <input type="checkbox" {...register('is_active')} /> Включён: предложения видны и продаются
          </label>
        </div>
        {formState.errors.root?.message ? (
          <p role="alert" className={adminStyles.formError}>
            {formState.errors.root.message}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
            Сохранить
          </Button>
          {saved ? (
            <span className={styles.saved} role="status">
              Сохранено
            </span>
          ) : null}
          <span className={adminStyles.rowActions} style={{ marginLeft: 'auto' }}>
            <ConfirmDelete
              label="Удалить поставщика"
              question="Удалить вместе с предложениями?"
              onDelete={async () => {
                await adminCall('adminSupplierDelete', { params: { id: String(supplier.id) } });
                await client.invalidateQueries({ queryKey: ['adminSuppliers'] });
                router.push('/admin/suppliers');
              }}
            />
          </span>
        </div>
        <p className={styles.hint}>
          Предложений в каталоге: {supplier.offers_count.toLocaleString('ru-RU')}.
        </p>
      </form>
    </Card>
  );
}
