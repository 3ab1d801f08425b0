'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminSupplierCreate,
  formatDateTime,
  type AdminSupplier,
  type AdminSupplierCreate,
} from '@podbor/contract';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AdminField, placeServerErrors } from '@/components/admin/admin-form';
import { useAdminMutation, useAdminQuery } from '@/components/admin/admin-query';
import { adminStyles, Badge, Card, EmptyState, LoadError, TableSkeleton } from '@/components/admin/admin-ui';
import { Button } from '@/components/ui/button';
import { isActive, RunStatus } from './run-summary';
import styles from './suppliers.module.css';

// Suppliers of the back office (issue #15): the list with each supplier's offers and its last price list (live
// while one is imported), and the form that adds a supplier; the supplier's own page sets its columns and takes
// its price lists.

const POLL_MS = 1_500;

const supplierPath = (id: number) => `/admin/suppliers/${id}`;

/** Days as typed → a number for the schema (an empty field stays empty, so the schema's default applies). */
export const toDays = (v: unknown) =>
  typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v;

export function SuppliersDesk() {
  const [polling, setPolling] = useState(false);
  const query = useAdminQuery('adminSuppliers', {}, { refetchInterval: polling ? POLL_MS : false });
  const suppliers = query.data;
  const anyActive = suppliers?.some((s) => s.last_import && isActive(s.last_import.status)) ?? false;
  if (anyActive !== polling) setPolling(anyActive);

  return (
    <div className={adminStyles.stack}>
      <Card title="Новый поставщик" id="supplier-new">
        <CreateForm />
      </Card>
      <Card title="Поставщики" id="suppliers">
        {query.error && !suppliers ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : !suppliers ? (
          <TableSkeleton rows={4} />
        ) : suppliers.length === 0 ? (
          <EmptyState title="Поставщиков пока нет">
            Добавьте поставщика, укажите столбцы его прайс-листа по образцу файла и загрузите прайс-лист.
          </EmptyState>
        ) : (
          <div className={adminStyles.tableWrap} role="region" aria-label="Список поставщиков" tabIndex={0}>
            <table className={adminStyles.table} data-suppliers="">
              <thead>
                <tr>
                  <th scope="col">Поставщик</th>
                  <th scope="col">Состояние</th>
                  <th scope="col" className={adminStyles.num}>
                    Предложений
                  </th>
                  <th scope="col">Последний прайс-лист</th>
                  <th scope="col">Действия</th>
                </tr>
              </thead>
              <tbody>
                {suppliers.map((supplier) => (
                  <SupplierRow key={supplier.id} supplier={supplier} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}

function SupplierRow({ supplier }: { supplier: AdminSupplier }) {
  const run = supplier.last_import;
  return (
    <tr data-supplier={supplier.title}>
      <td>
        <Link href={supplierPath(supplier.id)} className={styles.titleLink}>
          {supplier.title}
        </Link>
        <div className={adminStyles.muted}>
          Срок по умолчанию: {supplier.default_delivery_days} дн.
          {supplier.settings ? '' : ' · столбцы не указаны'}
        </div>
      </td>
      <td>
        {supplier.is_active ? <Badge tone="success">Включён</Badge> : <Badge tone="warning">Выключен</Badge>}
      </td>
      <td className={adminStyles.num}>{supplier.offers_count.toLocaleString('ru-RU')}</td>
      <td>
        {run ? (
          <div className={adminStyles.stack}>
            <RunStatus run={run} label={`Ход импорта прайс-листа ${supplier.title}`} />
            <span className={adminStyles.muted}>
              {run.errors_count > 0 ? `ошибок: ${run.errors_count.toLocaleString('ru-RU')} · ` : ''}
              {run.finished_at ? formatDateTime(run.finished_at) : 'не закончен'}
            </span>
          </div>
        ) : (
          <span className={adminStyles.muted}>ещё не загружался</span>
        )}
      </td>
      <td>
        <Link href={supplierPath(supplier.id)} className={styles.link}>
          Столбцы и загрузка
        </Link>
      </td>
    </tr>
  );
}

type CreateValues = { title: string; default_delivery_days: number | string; is_active: boolean };

function CreateForm() {
  const [created, setCreated] = useState<AdminSupplier | null>(null);
  const form = useForm<CreateValues, unknown, AdminSupplierCreate>({
    resolver: zodResolver(adminSupplierCreate) as never,
    defaultValues: { title: '', default_delivery_days: 3, is_active: true },
  });
  const { register, formState, handleSubmit, reset, setError } = form;
  const create = useAdminMutation('adminSupplierCreate', (body: AdminSupplierCreate) => ({ body }), [
    'adminSuppliers',
  ]);
  const submit = handleSubmit(async (values) => {
    setCreated(null);
    try {
      const supplier = await create.mutateAsync(values);
      reset();
      setCreated(supplier);
    } catch (error) {
      placeServerErrors(error, setError);
    }
  });
  const err = (name: keyof CreateValues) => formState.errors[name]?.message;
  return (
    <form noValidate onSubmit={submit} data-supplier-create="">
      <div className={styles.formGrid}>
        <AdminField label="Название" error={err('title')}>
          <input className={adminStyles.input} {...register('title')} maxLength={200} autoComplete="off" />
        </AdminField>
        <AdminField label="Срок поставки, дней" error={err('default_delivery_days')}>
          <input
            className={adminStyles.input}
            inputMode="numeric"
            {...register('default_delivery_days', { setValueAs: toDays })}
          />
        </AdminField>
        <label className={adminStyles.check}>
          <input type="checkbox" {...register('is_active')} /> Включён
        </label>
        <Button type="submit" loading={formState.isSubmitting}>
          Добавить
        </Button>
      </div>
      {formState.errors.root?.message ? (
        <p role="alert" className={adminStyles.formError}>
          {formState.errors.root.message}
        </p>
      ) : null}
      {created ? (
        <p className={styles.hint} role="status">
          Поставщик «{created.title}» добавлен.{' '}
          <Link href={supplierPath(created.id)} className={styles.link}>
            Указать столбцы прайс-листа
          </Link>
        </p>
      ) : (
        <p className={styles.hint}>
          Срок поставки берётся для строк прайс-листа, где он не указан: дни от заказа до филиала.
        </p>
      )}
    </form>
  );
}
