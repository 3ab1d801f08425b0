'use client';

import type { VehicleCodeResponse } from '@podbor/contract';
import { readVehicleCode } from '@podbor/contract/vehicle-code';
import { useRef, useState } from 'react';
import { lazyBrowserApi } from '@/lib/api/browser-lazy';
import styles from './transport-selector.module.css';
import { VinFormView } from './vin-form-view';

// A VIN or FRAME number typed into the vehicle selector (issue #17): checked here first (length, I/O/Q, the
// North American check digit), then read by the API into the steps it proves. The selector fills those steps;
// what the code could not tell is said under the field.

/** Year buttons are offered up to this many candidates; beyond it the year select is the better tool. */
const YEAR_CHIPS_MAX = 12;

const NEXT_STEP: Record<VehicleCodeResponse['step'], string> = {
  year: 'Выберите год выпуска',
  brand: 'Выберите марку',
  model: 'Выберите модель',
  engine: 'Осталось выбрать двигатель',
};

export interface VinLookupProps {
  id: string;
  /** The code was read: fill the steps it proves. */
  onDecoded: (result: VehicleCodeResponse) => void;
  /** One of the years the code allows was picked. */
  onPickYear: (year: string) => void;
}

export function VinLookup({ id, onDecoded, onPickYear }: VinLookupProps) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<VehicleCodeResponse | null>(null);
  const request = useRef<AbortController | null>(null);

  const submit = async () => {
    const read = readVehicleCode(value);
    if (!read.ok) {
      setError(read.message);
      setResult(null);
      return;
    }
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setBusy(true);
    setError(null);
    const res = await lazyBrowserApi('transportDecode', {
      query: { code: read.value.code },
      signal: controller.signal,
    });
    if (controller.signal.aborted) return;
    setBusy(false);
    if (!res.ok) {
      const errors = res.error?.errors;
      const message = errors?.code?.[0] ?? errors?.detail;
      setError(message ?? 'Не удалось проверить код. Попробуйте ещё раз');
      setResult(null);
      return;
    }
    setValue(res.data.code);
    setResult(res.data);
    onDecoded(res.data);
  };

  return (
    <VinFormView
      id={id}
      value={value}
      busy={busy}
      onChange={(text) => {
        setValue(text);
        if (error) setError(null);
      }}
      onSubmit={() => void submit()}
      error={error}
    >
      {result ? <Decoded result={result} onPickYear={onPickYear} /> : null}
    </VinFormView>
  );
}

function Decoded({
  result,
  onPickYear,
}: {
  result: VehicleCodeResponse;
  onPickYear: (year: string) => void;
}) {
  const name = [result.brand?.title ?? result.maker, result.model?.title].filter(Boolean).join(' ');
  const chips = result.step === 'year' && result.years.length > 1 && result.years.length <= YEAR_CHIPS_MAX;
  return (
    <div className={styles.vinResult} role="status" data-vin-result="">
      <p className={styles.vinFound}>
        {name ? <strong>{name}</strong> : <strong>Машину по этому коду определить не удалось</strong>}
        {result.country ? <span> · {result.country}</span> : null}
        {result.years.length === 1 ? <span> · {result.years[0]}</span> : null}
      </p>
      {result.notes.length > 0 ? (
        <ul className={styles.vinNotes}>
          {result.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {result.brand || result.years.length > 0 ? (
        <p className={styles.vinNext}>{NEXT_STEP[result.step]}</p>
      ) : null}
      {chips ? (
        <div className={styles.vinYears} role="group" aria-label="Год выпуска">
          {result.years.map((year) => (
            <button
              key={year}
              type="button"
              className={styles.vinYear}
              onClick={() => onPickYear(String(year))}
            >
              {year}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
