'use client';

import type { AdminProduct } from '@podbor/contract';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { AdminField } from '@/components/admin/admin-form';
import { useAdminQuery } from '@/components/admin/admin-query';
import { adminStyles, Card } from '@/components/admin/admin-ui';
import { useListSearch } from '@/components/admin/use-search';
import { Button } from '@/components/ui/button';
import type { ProductForm } from './product-form';
import styles from './product-editor.module.css';

// The product editor's properties, fitment and analogues: parts of the one product form, saved with it.

const toNumberOrNull = (v: string): number | null => {
  const s = v.replace(',', '.').replace(/\s/g, '');
  return s === '' ? null : Number(s);
};

/** The category's properties: a listed value to pick, or a number in the property's unit; empty clears it. */
export function PropertiesCard({ form, product }: { form: ProductForm; product: AdminProduct }) {
  const { control, setValue, formState } = form;
  const values = useWatch({ control, name: 'properties' });
  const defs = product.category_properties;
  const outside = product.properties.filter((p) => !defs.some((d) => d.id === p.property_id));
  const listError =
    (formState.errors.properties as { message?: string } | undefined)?.message ??
    formState.errors.properties?.root?.message;

  return (
    <Card title="Характеристики" id="properties">
      {defs.length === 0 ? (
        <p className={adminStyles.muted}>У категории товара нет характеристик для фильтров.</p>
      ) : (
        <div className={styles.grid} data-properties="">
          {defs.map((d, i) => {
            const value = values[i];
            const error = formState.errors.properties?.[i]?.num_value?.message;
            const set = (next: { value_id?: number | null; num_value?: number | null }) =>
              setValue(
                `properties.${i}`,
                { property_id: d.id, value_id: null, num_value: null, ...next },
                {
                  shouldDirty: true,
                  shouldValidate: formState.isSubmitted,
                },
              );
            return d.type === 'RANGE' ? (
              <AdminField key={d.id} label={d.unit ? `${d.title}, ${d.unit}` : d.title} error={error}>
                <input
                  className={adminStyles.input}
                  inputMode="decimal"
                  defaultValue={value?.num_value ?? ''}
                  placeholder="не указано"
                  onChange={(e) => set({ num_value: toNumberOrNull(e.target.value) })}
                  data-property={d.title}
                />
              </AdminField>
            ) : (
              <AdminField key={d.id} label={d.title}>
                <select
                  className={adminStyles.select}
                  value={value?.value_id ?? ''}
                  onChange={(e) => set({ value_id: e.target.value === '' ? null : Number(e.target.value) })}
                  data-property={d.title}
                >
                  <option value="">— не указано —</option>
                  {d.values.map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.title}
                    </option>
                  ))}
                </select>
              </AdminField>
            );
          })}
        </div>
      )}
      {outside.length > 0 ? (
        <p className={adminStyles.muted}>
          Не относятся к категории и будут убраны при сохранении характеристик:{' '}
          {outside.map((p) => `${p.title}: ${p.value}`).join('; ')}
        </p>
      ) : null}
      {listError ? (
        <p className={adminStyles.formError} role="alert">
          {listError}
        </p>
      ) : null}
    </Card>
  );
}

type VehicleLabel = { label: string; brand: string; model: string };

/**
 * Fitment: the vehicles the part fits, grouped by brand and model (hundreds stay usable: each brand folds), added
 * through the storefront's own vehicle choice (year → brand → model → engine), or «fits every vehicle».
 */
export function FitmentCard({ form, product }: { form: ProductForm; product: AdminProduct }) {
  const { control, setValue, register, formState } = form;
  const ids = useWatch({ control, name: 'transports' });
  const universal = useWatch({ control, name: 'is_universal' });
  const [labels, setLabels] = useState<Map<number, VehicleLabel>>(
    () => new Map(product.transports.map((t) => [t.id, t])),
  );
  const [filter, setFilter] = useState('');

  const add = (vehicles: (VehicleLabel & { id: number })[]) => {
    setLabels((prev) => {
      const next = new Map(prev);
      for (const v of vehicles) if (!next.has(v.id)) next.set(v.id, v);
      return next;
    });
    const added = vehicles.map((v) => v.id).filter((id) => !ids.includes(id));
    if (added.length > 0) setValue('transports', [...ids, ...added], { shouldDirty: true });
  };
  const remove = (gone: number[]) =>
    setValue(
      'transports',
      ids.filter((id) => !gone.includes(id)),
      { shouldDirty: true },
    );

  // brand → model → vehicles, alphabetically; the filter narrows by any part of the label.
  const groups = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const byBrand = new Map<string, Map<string, { id: number; label: string }[]>>();
    for (const id of ids) {
      const l = labels.get(id) ?? { label: `№ ${id}`, brand: 'Другие', model: '' };
      if (needle && !l.label.toLowerCase().includes(needle)) continue;
      const models = byBrand.get(l.brand) ?? new Map<string, { id: number; label: string }[]>();
      const list = models.get(l.model) ?? [];
      list.push({ id, label: l.label });
      models.set(l.model, list);
      byBrand.set(l.brand, models);
    }
    const collator = new Intl.Collator('ru');
    return [...byBrand.entries()]
      .sort(([a], [b]) => collator.compare(a, b))
      .map(([brand, models]) => ({
        brand,
        models: [...models.entries()]
          .sort(([a], [b]) => collator.compare(a, b))
          .map(([model, vehicles]) => ({ model, vehicles })),
      }));
  }, [ids, labels, filter]);

  return (
    <Card title="Применимость" id="fitment">
      <label className={adminStyles.check}>
        <input type="checkbox" {...register('is_universal')} /> Универсальный товар: подходит ко всем
        автомобилям
      </label>
      {formState.errors.transports?.message ? (
        <p className={adminStyles.formError} role="alert">
          {formState.errors.transports.message}
        </p>
      ) : null}
      <VehiclePicker onAdd={add} />
      <div className={styles.partsHead}>
        <strong>
          {ids.length === 0
            ? universal
              ? 'Список не нужен: товар подходит ко всем автомобилям'
              : 'Автомобили не указаны'
            : `Подходит: ${ids.length} авто`}
        </strong>
        {ids.length > 10 ? (
          <label className={adminStyles.control}>
            Найти в списке
            <input
              className={adminStyles.input}
              type="search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder="марка, модель, двигатель"
            />
          </label>
        ) : null}
      </div>
      {groups.length > 0 ? (
        <ul className={styles.fitment} role="list" data-fitment="">
          {groups.map((g) => {
            const count = g.models.reduce((n, m) => n + m.vehicles.length, 0);
            return (
              <li key={g.brand}>
                <details open={groups.length <= 3 || filter !== ''}>
                  <summary className={styles.summary}>
                    {g.brand} <span className={adminStyles.muted}>· {count}</span>
                  </summary>
                  {g.models.map((m) => (
                    <div key={m.model} className={styles.model}>
                      <div className={styles.modelHead}>
                        <span>{m.model || 'Без модели'}</span>
                        <Button
                          type="button"
                          size="sm"
                          variant="ghost"
                          onClick={() => remove(m.vehicles.map((v) => v.id))}
                        >
                          Убрать модель ({m.vehicles.length})
                        </Button>
                      </div>
                      <ul className={styles.vehicles} role="list">
                        {m.vehicles.map((v) => (
                          <li key={v.id} className={styles.vehicle}>
                            <span>{v.label}</span>
                            <Button
                              type="button"
                              size="sm"
                              variant="ghost"
                              aria-label={`Убрать: ${v.label}`}
                              onClick={() => remove([v.id])}
                            >
                              Убрать
                            </Button>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </details>
              </li>
            );
          })}
        </ul>
      ) : null}
    </Card>
  );
}

/** The storefront's vehicle choice (the public transport calls): year, then brand, model and engine. */
function VehiclePicker({ onAdd }: { onAdd: (vehicles: (VehicleLabel & { id: number })[]) => void }) {
  const [year, setYear] = useState('');
  const [brandKey, setBrandKey] = useState(''); // «type/brand»
  const [model, setModel] = useState('');
  const [engine, setEngine] = useState('');
  const [type, brand] = brandKey.split('/') as [string, string | undefined];

  const years = useAdminQuery('transportYears', {});
  const brands = useAdminQuery('transportBrands', { params: { year } }, { enabled: year !== '' });
  const models = useAdminQuery(
    'transportModels',
    { params: { year, type, brand: brand ?? '' } },
    { enabled: year !== '' && !!brand },
  );
  const engines = useAdminQuery(
    'transportEngines',
    { params: { year, type, brand: brand ?? '', model } },
    { enabled: year !== '' && !!brand && model !== '' },
  );
  const brandTitle = brands.data
    ?.flatMap((t) => t.brands.map((b) => ({ ...b, type: t.slug })))
    .find((b) => b.type === type && b.slug === brand)?.title;
  const modelTitle = models.data?.find((m) => m.slug === model)?.title;
  const engineList = model !== '' ? (engines.data ?? []) : [];
  const toVehicle = (e: { title: string; transport_id: number }) => ({
    id: e.transport_id,
    label: `${brandTitle ?? ''} ${modelTitle ?? ''} ${year}, ${e.title}`.trim(),
    brand: brandTitle ?? '',
    model: modelTitle ?? '',
  });

  return (
    <div className={adminStyles.toolbar} data-vehicle-picker="">
      <AdminField label="Год">
        <select
          className={adminStyles.select}
          value={year}
          onChange={(e) => {
            setYear(e.target.value);
            setBrandKey('');
            setModel('');
            setEngine('');
          }}
        >
          <option value="">Год выпуска</option>
          {(years.data ?? []).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </AdminField>
      <AdminField label="Марка">
        <select
          className={adminStyles.select}
          value={brandKey}
          disabled={year === ''}
          onChange={(e) => {
            setBrandKey(e.target.value);
            setModel('');
            setEngine('');
          }}
        >
          <option value="">Марка</option>
          {(brands.data ?? []).map((t) => (
            <optgroup key={t.slug} label={t.title}>
              {t.brands.map((b) => (
                <option key={`${t.slug}/${b.slug}`} value={`${t.slug}/${b.slug}`}>
                  {b.title}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </AdminField>
      <AdminField label="Модель">
        <select
          className={adminStyles.select}
          value={model}
          disabled={!brand}
          onChange={(e) => {
            setModel(e.target.value);
            setEngine('');
          }}
        >
          <option value="">Модель</option>
          {(models.data ?? []).map((m) => (
            <option key={m.slug} value={m.slug}>
              {m.title}
            </option>
          ))}
        </select>
      </AdminField>
      <AdminField label="Двигатель">
        <select
          className={adminStyles.select}
          value={engine}
          disabled={engineList.length === 0}
          onChange={(e) => setEngine(e.target.value)}
        >
          <option value="">Двигатель</option>
          {engineList.map((e) => (
            <option key={e.transport_id} value={String(e.transport_id)}>
              {e.title}
            </option>
          ))}
        </select>
      </AdminField>
      <Button
        type="button"
        variant="secondary"
        disabled={engine === ''}
        onClick={() => {
          const e = engineList.find((x) => String(x.transport_id) === engine);
          if (e) onAdd([toVehicle(e)]);
          setEngine('');
        }}
      >
        Добавить авто
      </Button>
      <Button
        type="button"
        variant="ghost"
        disabled={engineList.length === 0}
        onClick={() => onAdd(engineList.map(toVehicle))}
      >
        Все двигатели модели ({engineList.length})
      </Button>
    </div>
  );
}

/** Analogues: found by article or title (the back office's product search), marked original or analogue. */
export function AnaloguesCard({ form, product }: { form: ProductForm; product: AdminProduct }) {
  const { control, setValue, formState } = form;
  const list = useWatch({ control, name: 'analogues' });
  const [known, setKnown] = useState<Map<number, { title: string; article: string }>>(
    () => new Map(product.analogues.map((a) => [a.id, a])),
  );
  const { typed, setTyped, q } = useListSearch();
  const found = useAdminQuery('adminProducts', { query: { q } }, { enabled: q.length >= 2 });
  const candidates = (q.length >= 2 ? (found.data?.results ?? []) : [])
    .filter((p) => p.id !== product.id)
    .slice(0, 8);

  const update = (next: { id: number; is_original: boolean }[]) =>
    setValue('analogues', next, { shouldDirty: true });

  return (
    <Card title="Аналоги" id="analogues">
      <div className={adminStyles.toolbar} role="search">
        <AdminField label="Найти товар по артикулу или названию">
          <input
            className={adminStyles.input}
            type="search"
            value={typed}
            maxLength={200}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="например, OC 90"
            data-analogue-search=""
          />
        </AdminField>
      </div>
      {candidates.length > 0 ? (
        <ul className={styles.candidates} role="list" aria-label="Найденные товары">
          {candidates.map((p) => {
            const added = list.some((a) => a.id === p.id);
            return (
              <li key={p.id} className={styles.vehicle}>
                <span>
                  {p.title} <span className={adminStyles.muted}>· {p.article}</span>
                </span>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  disabled={added}
                  onClick={() => {
                    setKnown((prev) => new Map(prev).set(p.id, { title: p.title, article: p.article }));
                    update([...list, { id: p.id, is_original: false }]);
                  }}
                >
                  {added ? 'Уже в списке' : 'Добавить'}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : q.length >= 2 && found.data ? (
        <p className={adminStyles.muted}>Ничего не найдено.</p>
      ) : null}
      {formState.errors.analogues?.message ? (
        <p className={adminStyles.formError} role="alert">
          {formState.errors.analogues.message}
        </p>
      ) : null}
      {list.length === 0 ? (
        <p className={adminStyles.muted}>Аналогов нет.</p>
      ) : (
        <div className={adminStyles.tableWrap} role="region" aria-label="Аналоги" tabIndex={0}>
          <table className={adminStyles.table} data-analogues="">
            <thead>
              <tr>
                <th scope="col">Товар</th>
                <th scope="col">Артикул</th>
                <th scope="col">Оригинал</th>
                <th scope="col">
                  <span className="visually-hidden">Действия</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((a, i) => {
                const info = known.get(a.id);
                return (
                  <tr key={a.id}>
                    <td>{info?.title ?? `№ ${a.id}`}</td>
                    <td>{info?.article ?? ''}</td>
                    <td>
                      <label className={adminStyles.check}>
                        <input
                          type="checkbox"
                          checked={a.is_original}
                          onChange={(e) =>
                            update(
                              list.map((x, j) => (j === i ? { ...x, is_original: e.target.checked } : x)),
                            )
                          }
                        />
                        {a.is_original ? 'Оригинал' : 'Аналог'}
                      </label>
                    </td>
                    <td>
                      <Button
                        type="button"
                        size="sm"
                        variant="ghost"
                        aria-label={`Убрать аналог: ${info?.title ?? a.id}`}
                        onClick={() => update(list.filter((x) => x.id !== a.id))}
                      >
                        Убрать
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
