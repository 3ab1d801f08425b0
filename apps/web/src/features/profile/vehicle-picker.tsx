'use client';

import type { TitleSlug, TransportBrandsResponse, TransportEngine } from '@podbor/contract';
import { useEffect, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { browserApi } from '@/lib/api/browser';
import { SelectField } from './select-field';
import styles from './profile.module.css';

/** Compact year → brand → model → engine choice over the v2 transport calls; gives the transport id. */
export default function VehiclePicker({ busy, onSave, onCancel }: { busy: boolean; onSave: (id: number) => void; onCancel: () => void }) {
  const [years, setYears] = useState<string[] | null>(null);
  const [types, setTypes] = useState<TransportBrandsResponse | null>(null);
  const [models, setModels] = useState<TitleSlug[] | null>(null);
  const [engines, setEngines] = useState<TransportEngine[] | null>(null);
  const [year, setYear] = useState('');
  const [brand, setBrand] = useState(''); // `<type>/<brand>`
  const [model, setModel] = useState('');
  const [engine, setEngine] = useState('');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    void browserApi('transportYears').then((r) => (r.ok ? setYears(r.data) : setFailed(true)));
  }, []);

  const pickYear = async (value: string) => {
    setYear(value);
    setBrand('');
    setModel('');
    setEngine('');
    setTypes(null);
    setModels(null);
    setEngines(null);
    if (!value) return;
    const r = await browserApi('transportBrands', { params: { year: value } });
    if (r.ok) setTypes(r.data);
    else setFailed(true);
  };
  const pickBrand = async (value: string) => {
    setBrand(value);
    setModel('');
    setEngine('');
    setModels(null);
    setEngines(null);
    if (!value) return;
    const [type = '', b = ''] = value.split('/');
    const r = await browserApi('transportModels', { params: { year, type, brand: b } });
    if (r.ok) setModels(r.data);
    else setFailed(true);
  };
  const pickModel = async (value: string) => {
    setModel(value);
    setEngine('');
    setEngines(null);
    if (!value) return;
    const [type = '', b = ''] = brand.split('/');
    const r = await browserApi('transportEngines', { params: { year, type, brand: b, model: value } });
    if (r.ok) setEngines(r.data);
    else setFailed(true);
  };

  const engineId = engines?.find((e) => e.slug === engine)?.transport_id;

  return (
    <div className={styles.picker} data-vehicle-picker="">
      <div className={styles.pickerGrid}>
        <SelectField id="vehicle-year" label="Год выпуска" value={year} onChange={(e) => void pickYear(e.target.value)} disabled={!years}>
          <option value="">{years ? 'Выберите год' : 'Загрузка...'}</option>
          {years?.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
        <SelectField id="vehicle-brand" label="Марка" value={brand} onChange={(e) => void pickBrand(e.target.value)} disabled={!types}>
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
        <SelectField id="vehicle-model" label="Модель" value={model} onChange={(e) => void pickModel(e.target.value)} disabled={!models}>
          <option value="">Выберите модель</option>
          {models?.map((m) => (
            <option key={m.slug} value={m.slug}>
              {m.title}
            </option>
          ))}
        </SelectField>
        <SelectField id="vehicle-engine" label="Двигатель" value={engine} onChange={(e) => setEngine(e.target.value)} disabled={!engines}>
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
        <Button onClick={() => engineId && onSave(engineId)} disabled={!engineId} loading={busy} data-vehicle-save="">
          Сохранить автомобиль
        </Button>
        <button type="button" className={buttonClass('ghost')} onClick={onCancel} disabled={busy}>
          Отмена
        </button>
      </div>
    </div>
  );
}
