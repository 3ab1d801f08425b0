'use client';

import {
  adminInstallationUpdate,
  formatPrice,
  type AdminInstallationTable,
  type InstallationCell,
} from '@podbor/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AdminCallError, adminCall, adminKey, useAdminQuery } from '@/components/admin/admin-query';
import { adminStyles, Badge, Card, EmptyState, LoadError, TableSkeleton } from '@/components/admin/admin-ui';
import { Button } from '@/components/ui/button';
import styles from './installation.module.css';

// The installation price table of the back office: pick a category (searchable), then a grid of cities × vehicle
// types with the fallback row («Любой город») and column («Любой тип»); empty cell = no price there. The whole
// table is saved in one request (administrators only); the storefront's product pages show it at once.

export function InstallationDesk({ canEdit }: { canEdit: boolean }) {
  const categories = useAdminQuery('adminInstallationCategories', {});
  const [typed, setTyped] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const found = useMemo(() => {
    const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
    return (categories.data ?? []).filter((c) => words.every((w) => c.path.toLowerCase().includes(w)));
  }, [categories.data, typed]);

  if (categories.error && !categories.data)
    return <LoadError error={categories.error} onRetry={() => void categories.refetch()} />;
  return (
    <div className={styles.layout}>
      <Card title="Категория">
        <label className={adminStyles.control}>
          Найти категорию
          <input
            className={adminStyles.input}
            type="search"
            value={typed}
            maxLength={200}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="например, колодки"
            data-category-search=""
          />
        </label>
        {!categories.data ? (
          <TableSkeleton rows={6} />
        ) : found.length === 0 ? (
          <p className={adminStyles.muted}>Такой категории нет.</p>
        ) : (
          <ul className={styles.categories} role="list" aria-label="Категории">
            {found.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={styles.category}
                  aria-pressed={c.id === selected}
                  onClick={() => setSelected(c.id)}
                  data-category={c.id}
                >
                  <span>{c.path}</span>
                  {c.priced > 0 ? <Badge tone="info">{c.priced}</Badge> : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {selected === null ? (
        <EmptyState title="Выберите категорию">
          Цены задаются для категории и действуют для её подкатегорий, у которых нет своих.
        </EmptyState>
      ) : (
        <PriceTable key={selected} categoryId={selected} canEdit={canEdit} />
      )}
    </div>
  );
}

/** Form field name of a cell: c<city id>t<type id>, 0 for the fallback. */
const cellName = (cityId: number | null, typeId: number | null) => `c${cityId ?? 0}t${typeId ?? 0}`;

type Cells = Record<string, string>;

/** Every cell of the grid (empty where there is no price), so an untouched form is not dirty. */
function cellsOf(table: AdminInstallationTable): Cells {
  const cells: Cells = {};
  for (const city of [null, ...table.cities.map((c) => c.id)])
    for (const type of [null, ...table.vehicle_types.map((t) => t.id)]) cells[cellName(city, type)] = '';
  for (const c of table.prices)
    cells[cellName(c.city_id, c.vehicle_type_id)] = String(c.price).replace('.', ',');
  return cells;
}

function PriceTable({ categoryId, canEdit }: { categoryId: number; canEdit: boolean }) {
  const options = { params: { id: String(categoryId) } } as const;
  const query = useAdminQuery('adminInstallationPrices', options);
  const table = query.data;
  if (query.error && !table) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!table) return <TableSkeleton rows={8} />;
  return <PriceForm table={table} canEdit={canEdit} />;
}

function PriceForm({ table, canEdit }: { table: AdminInstallationTable; canEdit: boolean }) {
  const client = useQueryClient();
  const [saved, setSaved] = useState(false);
  const form = useForm<{ cells: Cells }>({ defaultValues: { cells: cellsOf(table) } });
  const { register, handleSubmit, formState, reset, setError } = form;
  useEffect(() => reset({ cells: cellsOf(table) }), [table, reset]);

  const rows = [{ id: null, title: 'Любой город' }, ...table.cities];
  const columns = [{ id: null, title: 'Любой тип' }, ...table.vehicle_types];
  const grid: { city_id: number | null; vehicle_type_id: number | null; name: string }[] = rows.flatMap((r) =>
    columns.map((c) => ({ city_id: r.id, vehicle_type_id: c.id, name: cellName(r.id, c.id) })),
  );

  const save = handleSubmit(async ({ cells }) => {
    setSaved(false);
    // Every filled cell becomes a price; the contract's schema checks each as the API will.
    const filled = grid.filter((g) => (cells[g.name] ?? '').trim() !== '');
    const body = {
      prices: filled.map((g) => ({
        city_id: g.city_id,
        vehicle_type_id: g.vehicle_type_id,
        price: Number((cells[g.name] ?? '').replace(/\s/g, '').replace(',', '.')),
      })),
    };
    const parsed = adminInstallationUpdate.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const cell = typeof issue.path[1] === 'number' ? filled[issue.path[1]] : undefined;
        if (cell) setError(`cells.${cell.name}`, { message: issue.message });
        else setError('root', { message: issue.message });
      }
      return;
    }
    try {
      const next = await adminCall('adminInstallationPricesUpdate', {
        params: { id: String(table.category.id) },
        body: parsed.data,
      });
      client.setQueryData(
        adminKey('adminInstallationPrices', { params: { id: String(table.category.id) } }),
        next,
      );
      await client.invalidateQueries({ queryKey: ['adminInstallationCategories'] });
      reset({ cells: cellsOf(next) });
      setSaved(true);
    } catch (error) {
      if (!(error instanceof AdminCallError)) throw error;
      // «prices.3.price» names a cell of what was sent; anything else is the whole table's.
      let placed = false;
      for (const [field, messages] of Object.entries(error.body?.errors ?? {})) {
        const index = /^prices\.(\d+)/.exec(field)?.[1];
        const cell = index === undefined ? undefined : filled[Number(index)];
        const message = Array.isArray(messages) ? messages[0] : messages;
        if (cell && message) {
          setError(`cells.${cell.name}`, { message });
          placed = true;
        }
      }
      if (!placed) setError('root', { message: error.message });
    }
  });

  const priceOf = (c: InstallationCell) => formatPrice(c.price);
  const fallback = table.prices.find((c) => c.city_id === null && c.vehicle_type_id === null);

  return (
    <Card title={table.category.path}>
      <form noValidate onSubmit={save} className={styles.form} data-installation-form="">
        <p className={adminStyles.muted}>
          Цена в рублях; пустая ячейка — нет цены, тогда действует запасная.{' '}
          {fallback ? `Запасная для всех: ${priceOf(fallback)}.` : 'Запасной цены для всех нет.'}
        </p>
        {formState.errors.root?.message ? (
          <div className={adminStyles.alert} role="alert">
            {formState.errors.root.message}
          </div>
        ) : null}
        <div className={adminStyles.tableWrap} role="region" aria-label="Цены установки" tabIndex={0}>
          <table className={`${adminStyles.table} ${styles.grid}`} data-installation-grid="">
            <thead>
              <tr>
                <th scope="col">Город</th>
                {columns.map((c) => (
                  <th key={c.id ?? 0} scope="col" className={c.id === null ? styles.fallback : undefined}>
                    {c.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id ?? 0} className={r.id === null ? styles.fallbackRow : undefined}>
                  <th scope="row">{r.title}</th>
                  {columns.map((c) => {
                    const name = cellName(r.id, c.id);
                    const error = formState.errors.cells?.[name]?.message;
                    return (
                      <td key={name} className={c.id === null ? styles.fallback : undefined}>
                        <input
                          className={`${adminStyles.input} ${styles.cell}`}
                          inputMode="decimal"
                          readOnly={!canEdit}
                          aria-label={`${r.title} — ${c.title}, ₽`}
                          aria-invalid={error ? true : undefined}
                          placeholder="—"
                          {...register(`cells.${name}`)}
                          data-cell={name}
                        />
                        {error ? <span className={adminStyles.fieldError}>{error}</span> : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {canEdit ? (
          <div className={adminStyles.rowActions}>
            <Button type="submit" disabled={formState.isSubmitting || !formState.isDirty}>
              {formState.isSubmitting ? 'Сохраняем…' : 'Сохранить таблицу'}
            </Button>
            <Button
              type="button"
              variant="ghost"
              disabled={!formState.isDirty}
              onClick={() => reset({ cells: cellsOf(table) })}
            >
              Отменить изменения
            </Button>
            {saved && !formState.isDirty ? (
              <span role="status" className={styles.saved}>
                Сохранено. Витрина уже показывает новые цены.
              </span>
            ) : null}
          </div>
        ) : (
          <p className={adminStyles.muted}>Менять цены может только администратор.</p>
        )}
      </form>
    </Card>
  );
}
