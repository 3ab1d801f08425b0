'use client';

import { adminBrandSynonymCreate, formatDateTime, type AdminBrandSynonymCreate } from '@podbor/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AdminField, placeServerErrors } from '@/components/admin/admin-form';
import { adminCall, useAdminMutation, useAdminQuery } from '@/components/admin/admin-query';
import { adminStyles, Card, EmptyState, LoadError, Pager, TableSkeleton } from '@/components/admin/admin-ui';
import { ConfirmDelete } from '@/components/admin/confirm-delete';
import { useListSearch } from '@/components/admin/use-search';
import { Button } from '@/components/ui/button';
import { requestResolver } from '@/lib/form-resolver';
import { ManufacturerPicker, type PickedManufacturer } from './manufacturer-picker';
import styles from './suppliers.module.css';

// Brand synonyms (issue #15): how price lists spell a catalogue manufacturer (KAYABA → KYB). The readers' built-in
// table comes first; these are the shop's own additions — searched, added and deleted here.

export function SynonymsDesk() {
  const { typed, setTyped, q, page, setPage } = useListSearch();
  const client = useQueryClient();
  const query = useAdminQuery('adminBrandSynonyms', { query: { page: String(page), ...(q ? { q } : {}) } });
  const list = query.data;
  return (
    <div className={adminStyles.stack}>
      <Card title="Новый синоним" id="synonym-new">
        <SynonymForm />
      </Card>
      <Card title="Синонимы брендов" id="synonyms">
        <div className={adminStyles.toolbar} style={{ marginBottom: 'var(--space-3)' }}>
          <AdminField label="Поиск по написанию или производителю">
            <input
              className={adminStyles.input}
              type="search"
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
            />
          </AdminField>
        </div>
        {query.error && !list ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : !list ? (
          <TableSkeleton rows={6} />
        ) : list.results.length === 0 ? (
          <EmptyState title={q ? 'Ничего не найдено' : 'Своих синонимов пока нет'}>
            {q
              ? 'Проверьте написание или очистите поиск.'
              : 'Добавьте написание бренда, которое встречается в прайс-листах, — строки с ним найдут товары производителя.'}
          </EmptyState>
        ) : (
          <>
            <div className={adminStyles.tableWrap} role="region" aria-label="Список синонимов" tabIndex={0}>
              <table className={adminStyles.table} data-synonyms="">
                <thead>
                  <tr>
                    <th scope="col">Написание в прайс-листе</th>
                    <th scope="col">Ключ сравнения</th>
                    <th scope="col">Производитель</th>
                    <th scope="col">Добавлен</th>
                    <th scope="col">Действия</th>
                  </tr>
                </thead>
                <tbody>
                  {list.results.map((s) => (
                    <tr key={s.id} data-synonym={s.alias}>
                      <td>{s.alias}</td>
                      <td className={adminStyles.muted}>{s.alias_key}</td>
                      <td>{s.manufacturer.title}</td>
                      <td className={adminStyles.muted}>{formatDateTime(s.created_at)}</td>
                      <td>
                        <span className={adminStyles.rowActions}>
                          <ConfirmDelete
                            label="Удалить"
                            onDelete={async () => {
                              await adminCall('adminBrandSynonymDelete', { params: { id: String(s.id) } });
                              await client.invalidateQueries({ queryKey: ['adminBrandSynonyms'] });
                            }}
                          />
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager list={list} onPage={setPage} />
          </>
        )}
      </Card>
    </div>
  );
}

type Values = { alias: string; manufacturer_id: PickedManufacturer | null };

const toRequest = (v: Values) => ({ alias: v.alias, manufacturer_id: v.manufacturer_id?.id });

const resolver = requestResolver<Values>(adminBrandSynonymCreate, toRequest, {
  alias: 'alias',
  manufacturer_id: 'manufacturer_id',
});

function SynonymForm() {
  const [added, setAdded] = useState<string | null>(null);
  const form = useForm<Values>({ resolver, defaultValues: { alias: '', manufacturer_id: null } });
  const { control, formState, handleSubmit, register, reset, setError } = form;
  const create = useAdminMutation('adminBrandSynonymCreate', (body: AdminBrandSynonymCreate) => ({ body }), [
    'adminBrandSynonyms',
  ]);
  const submit = handleSubmit(async (values) => {
    setAdded(null);
    try {
      const synonym = await create.mutateAsync(toRequest(values) as AdminBrandSynonymCreate);
      reset({ alias: '', manufacturer_id: null });
      setAdded(`${synonym.alias} → ${synonym.manufacturer.title}`);
    } catch (error) {
      placeServerErrors(error, setError);
    }
  });
  const err = (name: keyof Values) => formState.errors[name]?.message;
  return (
    <form noValidate onSubmit={submit} data-synonym-form="">
      <div className={styles.synonymGrid}>
        <AdminField label="Написание в прайс-листе" error={err('alias')}>
          <input className={adminStyles.input} {...register('alias')} maxLength={100} autoComplete="off" />
        </AdminField>
        <Controller
          control={control}
          name="manufacturer_id"
          render={({ field }) => (
            <ManufacturerPicker
              label="Производитель"
              emptyLabel="— выберите —"
              value={field.value}
              onChange={field.onChange}
              error={err('manufacturer_id')}
            />
          )}
        />
        <Button type="submit" loading={formState.isSubmitting}>
          Добавить
        </Button>
      </div>
      {formState.errors.root?.message ? (
        <p role="alert" className={adminStyles.formError}>
          {formState.errors.root.message}
        </p>
      ) : null}
      {added ? (
        <p className={styles.hint} role="status">
          Добавлено: {added}
        </p>
      ) : (
        <p className={styles.hint}>
          Регистр, пробелы и дефисы не важны: «Mann-Filter» и «MANN FILTER» — одно написание.
        </p>
      )}
    </form>
  );
}
