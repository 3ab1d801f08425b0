'use client';

import type { TransportBrandsResponse, TransportEngine, TitleSlug } from '@podbor/contract';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { CarIcon } from '@/components/ui/icons';
import { browserApi } from '@/lib/api/browser';
import { SelectField } from './select-field';
import styles from './profile.module.css';

interface Saved {
  id: number;
  label: string;
}

/**
 * The customer's saved vehicle: shown by its SPEC §3 text, chosen with a compact year → brand → model → engine
 * picker over the v2 transport calls, saved to the profile (`transport`).
 */
export function VehicleCard({ initial }: { initial: Saved | null }) {
  const [saved, setSaved] = useState(initial);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  const save = async (id: number | null) => {
    setBusy(true);
    setError('');
    const result = await browserApi('profilePatch', { body: { transport: id } });
    if (!result.ok) {
      setBusy(false);
      setError(result.error?.errors.transport?.[0] ?? result.error?.errors.detail ?? 'Не удалось сохранить автомобиль');
      return;
    }
    let next: Saved | null = null;
    if (id !== null) {
      const detail = await browserApi('transportDetail', { params: { transportId: id } });
      next = { id, label: detail.ok ? detail.data.label : `Автомобиль № ${id}` };
    }
    setBusy(false);
    setSaved(next);
    setPicking(false);
    setNotice(next ? 'Автомобиль сохранён.' : 'Автомобиль удалён из профиля.');
  };

  return (
    <section className={styles.card} aria-labelledby="vehicle-title" data-vehicle-card="">
      <div className={styles.cardHead}>
        <h2 id="vehicle-title" className={styles.cardTitle}>
          Мой автомобиль
        </h2>
        {!picking ? (
          <Button variant="secondary" size="sm" onClick={() => setPicking(true)} data-vehicle-change="">
            {saved ? 'Изменить' : 'Выбрать'}
          </Button>
        ) : null}
      </div>
      {notice ? (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      ) : null}
      {saved ? (
        <div className={styles.vehicle}>
          <span className={styles.vehicleIcon}>
            <CarIcon size={28} />
          </span>
          <div>
            <p className={styles.vehicleLabel} data-vehicle-label="">
              {saved.label}
            </p>
            <p className={styles.vehicleLinks}>
              <Link href={`/catalog?transport_id=${saved.id}`} className={styles.inlineLink}>
                Запчасти для этого автомобиля
              </Link>
              {!picking ? (
                <button type="button" className={styles.inlineButton} onClick={() => save(null)} disabled={busy}>
                  Удалить из профиля
                </button>
              ) : null}
            </p>
          </div>
        </div>
      ) : (
        <p className={styles.muted}>Автомобиль не выбран. Сохраните его — каталог покажет только подходящие запчасти.</p>
      )}
      {error ? (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      ) : null}
      {picking ? <VehiclePicker busy={busy} onSave={(id) => save(id)} onCancel={() => setPicking(false)} /> : null}
    </section>
  );
}

function VehiclePicker({ busy, onSave, onCancel }: { busy: boolean; onSave: (id: number) => void; onCancel: () => void }) {
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
