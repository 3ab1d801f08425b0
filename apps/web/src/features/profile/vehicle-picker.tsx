'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryIsland } from '@/components/query/query-island';
import { Button, buttonClass } from '@/components/ui/button';
import { browserApi } from '@/lib/api/browser';
import { SelectField } from './select-field';
import styles from './profile.module.css';

/** Compact year → brand → model → engine choice over the v2 transport calls; gives the transport id. */
export default function VehiclePicker(props: {
  busy: boolean;
  onSave: (id: number) => void;
  onCancel: () => void;
}) {
  return (
    <QueryIsland>
      <Picker {...props} />
    </QueryIsland>
  );
}

/** Answer of a call, or a thrown error TanStack Query keeps as the query's failure. */
const must = <T,>(r: { ok: true; data: T } | { ok: false }): T => {
  if (!r.ok) throw new Error('transport list failed');
  return r.data;
};

function Picker({
  busy,
  onSave,
  onCancel,
}: {
  busy: boolean;
  onSave: (id: number) => void;
  onCancel: () => void;
}) {
  const [year, setYear] = useState('');
  const [brand, setBrand] = useState(''); // `<type>/<brand>`
  const [model, setModel] = useState('');
  const [engine, setEngine] = useState('');
  const [type = '', b = ''] = brand.split('/');

  // Dependent queries: each step loads once the one before it has a value.
  const yearsQuery = useQuery({
    queryKey: ['profile-vehicle', 'years'],
    queryFn: async ({ signal }) => must(await browserApi('transportYears', { signal })),
  });
  const typesQuery = useQuery({
    queryKey: ['profile-vehicle', 'brands', year],
    queryFn: async ({ signal }) => must(await browserApi('transportBrands', { params: { year }, signal })),
    enabled: year !== '',
  });
  const modelsQuery = useQuery({
    queryKey: ['profile-vehicle', 'models', year, brand],
    queryFn: async ({ signal }) =>
      must(await browserApi('transportModels', { params: { year, type, brand: b }, signal })),
    enabled: year !== '' && brand !== '',
  });
  const enginesQuery = useQuery({
    queryKey: ['profile-vehicle', 'engines', year, brand, model],
    queryFn: async ({ signal }) =>
      must(await browserApi('transportEngines', { params: { year, type, brand: b, model }, signal })),
    enabled: year !== '' && brand !== '' && model !== '',
  });
  const years = yearsQuery.data ?? null;
  const types = year ? (typesQuery.data ?? null) : null;
  const models = year && brand ? (modelsQuery.data ?? null) : null;
  const engines = year && brand && model ? (enginesQuery.data ?? null) : null;
  const failed = [yearsQuery, typesQuery, modelsQuery, enginesQuery].some((q) => q.isError);

  const pickYear = (value: string) => {
    setYear(value);
    setBrand('');
    setModel('');
    setEngine('');
  };
  const pickBrand = (value: string) => {
    setBrand(value);
    setModel('');
    setEngine('');
  };
  const pickModel = (value: string) => {
    setModel(value);
    setEngine('');
  };

  const engineId = engines?.find((e) => e.slug === engine)?.transport_id;

  return (
    <div className={styles.picker} data-vehicle-picker="">
      <div className={styles.pickerGrid}>
        <SelectField
          id="vehicle-year"
          label="Год выпуска"
          value={year}
          onChange={(e) => pickYear(e.target.value)}
          disabled={!years}
        >
          <option value="">{years ? 'Выберите год' : 'Загрузка...'}</option>
          {years?.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="vehicle-brand"
          label="Марка"
          value={brand}
          onChange={(e) => pickBrand(e.target.value)}
          disabled={!types}
        >
          <option value="">Выберите марку</option>
          {types?.map((t) => (
            <optgroup key={t.slug} label={t.title}>
              {t.brands.map((b) => (
                <option key={`${t.slug}/${b.slug}`} value={`${t.slug}/${b.slug}`}>
                  {b.title}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <SelectField
          id="vehicle-model"
          label="Модель"
          value={model}
          onChange={(e) => pickModel(e.target.value)}
          disabled={!models}
        >
          <option value="">Выберите модель</option>
          {models?.map((m) => (
            <option key={m.slug} value={m.slug}>
              {m.title}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="vehicle-engine"
          label="Двигатель"
          value={engine}
          onChange={(e) => setEngine(e.target.value)}
          disabled={!engines}
        >
          <option value="">Выберите двигатель</option>
          {engines?.map((en) => (
            <option key={en.slug} value={en.slug}>
              {en.title}
            </option>
          ))}
        </SelectField>
      </div>
      {failed ? (
        <p role="alert" className={styles.formError}>
          Не удалось загрузить список. Проверьте соединение и попробуйте ещё раз.
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          onClick={() => engineId && onSave(engineId)}
          disabled={!engineId}
          loading={busy}
          data-vehicle-save=""
        >
          Сохранить автомобиль
        </Button>
        <button type="button" className={buttonClass('ghost')} onClick={onCancel} disabled={busy}>
          Отмена
        </button>
      </div>
    </div>
  );
}
