'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { adminBranchPatch, type AdminBranch, type AdminBranchPatch } from '@podbor/contract';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AdminField, placeServerErrors } from '@/components/admin/admin-form';
import { useAdminMutation, useAdminQuery } from '@/components/admin/admin-query';
import { adminStyles, Badge, Card, EmptyState, LoadError, TableSkeleton } from '@/components/admin/admin-ui';
import { Button } from '@/components/ui/button';
import styles from './branches.module.css';

// Branches of the back office: the list (with their warehouses) and, for an administrator, the form that changes a
// branch's address, hours, contacts and pickup availability, and moves it on the map by a click or a dragged pin.

const PickMap = dynamic(() => import('./pick-map'), {
  ssr: false,
  loading: () => <div className={styles.map} aria-hidden="true" />,
});

interface MapSettings {
  tileUrl: string;
  attribution: string;
}

export function BranchesDesk({ canEdit, map }: { canEdit: boolean; map: MapSettings }) {
  const query = useAdminQuery('adminBranches', {});
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const branches = query.data;
  const selected = branches?.find((b) => b.id === selectedId) ?? null;

  if (query.error && !branches) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className={styles.layout}>
      <div className={adminStyles.tableWrap} role="region" aria-label="Филиалы" tabIndex={0}>
        {!branches ? (
          <TableSkeleton />
        ) : branches.length === 0 ? (
          <EmptyState title="Филиалов нет" />
        ) : (
          <table className={adminStyles.table} data-branches="">
            <thead>
              <tr>
                <th scope="col">Город</th>
                <th scope="col">Филиал</th>
                <th scope="col">Склады</th>
                <th scope="col">Самовывоз</th>
              </tr>
            </thead>
            <tbody>
              {branches.map((branch) => (
                <tr key={branch.id} className={branch.id === selectedId ? styles.selected : undefined}>
                  <td>{branch.city.title}</td>
                  <td>
                    <button
                      type="button"
                      className={styles.rowButton}
                      onClick={() => setSelectedId(branch.id)}
                      aria-pressed={branch.id === selectedId}
                    >
                      {branch.title}
                    </button>
                    <div className={adminStyles.muted}>{branch.street}</div>
                  </td>
                  <td className={adminStyles.muted}>
                    {branch.warehouses.map((w) => w.title).join(', ') || '—'}
                  </td>
                  <td>
                    {branch.is_active ? (
                      <Badge tone="success">Работает</Badge>
                    ) : (
                      <Badge tone="warning">Выключен</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className={styles.editor}>
        {selected ? (
          <BranchForm key={selected.id} branch={selected} canEdit={canEdit} map={map} />
        ) : (
          <Card>
            <EmptyState title="Выберите филиал">
              {canEdit
                ? 'Адрес, часы работы, контакты и точку на карте можно изменить здесь.'
                : 'Изменять филиалы может администратор.'}
            </EmptyState>
          </Card>
        )}
      </div>
    </div>
  );
}

type Values = {
  title: string;
  street: string;
  phone_number: string;
  email: string;
  work_time: string;
  description: string;
  latitude: number;
  longitude: number;
  is_active: boolean;
};

const valuesOf = (b: AdminBranch): Values => ({
  title: b.title,
  street: b.street,
  phone_number: b.phone_number,
  email: b.email,
  work_time: b.work_time,
  description: b.description,
  latitude: b.latitude,
  longitude: b.longitude,
  is_active: b.is_active,
});

const toNumber = (v: unknown) => (typeof v === 'string' ? Number(v.replace(',', '.').trim()) : v);

function BranchForm({ branch, canEdit, map }: { branch: AdminBranch; canEdit: boolean; map: MapSettings }) {
  const [saved, setSaved] = useState(false);
  const form = useForm<Values, unknown, AdminBranchPatch>({
    resolver: zodResolver(adminBranchPatch) as never,
    defaultValues: valuesOf(branch),
  });
  const { register, control, formState, handleSubmit, reset, setError, setValue } = form;
  const [latitude, longitude] = useWatch({ control, name: ['latitude', 'longitude'] });
  const update = useAdminMutation(
    'adminBranchUpdate',
    (body: AdminBranchPatch) => ({ params: { id: String(branch.id) }, body }),
    ['adminBranches'],
  );

  const save = handleSubmit(async (values) => {
    setSaved(false);
    const dirty = formState.dirtyFields as Partial<Record<keyof Values, unknown>>;
    const body = Object.fromEntries(
      Object.entries(values).filter(([key]) => dirty[key as keyof Values]),
    ) as AdminBranchPatch;
    try {
      const next = await update.mutateAsync(body);
      reset(valuesOf(next));
      setSaved(true);
    } catch (error) {
      placeServerErrors(error, setError);
    }
  });

  const pick = (lat: number, lng: number) => {
    if (!canEdit) return;
    setValue('latitude', Math.round(lat * 1e6) / 1e6, { shouldDirty: true });
    setValue('longitude', Math.round(lng * 1e6) / 1e6, { shouldDirty: true });
    setSaved(false);
  };
  const err = (name: keyof Values) => formState.errors[name]?.message;

  return (
    <Card title={`${branch.city.title}, ${branch.title}`} id="branch">
      <form noValidate onSubmit={save} className={styles.form} data-branch-form="">
        <fieldset
          disabled={!canEdit || formState.isSubmitting}
          className={styles.form}
          style={{ border: 0, padding: 0 }}
        >
          <legend className="visually-hidden">Филиал</legend>
          <div className={styles.grid}>
            <AdminField label="Название" error={err('title')}>
              <input className={adminStyles.input} {...register('title')} maxLength={200} />
            </AdminField>
            <AdminField label="Адрес" error={err('street')}>
              <input className={adminStyles.input} {...register('street')} maxLength={200} />
            </AdminField>
            <AdminField label="Телефон" error={err('phone_number')}>
              <input className={adminStyles.input} {...register('phone_number')} maxLength={200} />
            </AdminField>
            <AdminField label="E-mail" error={err('email')}>
              <input className={adminStyles.input} {...register('email')} maxLength={200} />
            </AdminField>
            <AdminField label="Часы работы" error={err('work_time')} wide>
              <input className={adminStyles.input} {...register('work_time')} maxLength={200} />
            </AdminField>
            <AdminField label="Как добраться" error={err('description')} wide>
              <textarea
                className={adminStyles.input}
                rows={3}
                {...register('description')}
                maxLength={2000}
              />
            </AdminField>
            <AdminField label="Широта" error={err('latitude')}>
              <input
                className={adminStyles.input}
                inputMode="decimal"
                {...register('latitude', { setValueAs: toNumber })}
                data-field="latitude"
              />
            </AdminField>
            <AdminField label="Долгота" error={err('longitude')}>
              <input
                className={adminStyles.input}
                inputMode="decimal"
                {...register('longitude', { setValueAs: toNumber })}
                data-field="longitude"
              />
            </AdminField>
          </div>
          <PickMap
            latitude={Number(latitude)}
            longitude={Number(longitude)}
            onPick={pick}
            tileUrl={map.tileUrl}
            attribution={map.attribution}
          />
          {canEdit ? (
            <p className={styles.hint}>
              Щёлкните по карте или перетащите метку, чтобы поставить филиал в новую точку.
            </p>
          ) : null}
          <label className={adminStyles.check}>
            <input type="checkbox" {...register('is_active')} /> Принимает заказы на самовывоз (виден на
            сайте)
          </label>
        </fieldset>
        {formState.errors.root?.message ? (
          <div className={adminStyles.alert} role="alert">
            {formState.errors.root.message}
          </div>
        ) : null}
        {canEdit ? (
          <div className={styles.actions}>
            <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
              Сохранить
            </Button>
            {saved ? (
              <span className={styles.saved} role="status">
                Сохранено
              </span>
            ) : null}
          </div>
        ) : null}
      </form>
    </Card>
  );
}
