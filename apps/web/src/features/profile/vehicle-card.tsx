'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CarIcon } from '@/components/ui/icons';
import styles from './profile.module.css';

const VehiclePicker = dynamic(() => import('./vehicle-picker'), { ssr: false });

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
    const { saveTransport } = await import('./profile-actions');
    const result = await saveTransport(id);
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    const next = id === null ? null : { id, label: result.label };
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
              {/* A plain link, not next/link: its prefetch would pass through proxy.ts and switch the chosen
                  vehicle just by showing this card, and a client-side navigation keeps the root layout (header,
                  cart, vehicle of the shell) rendered for the previous vehicle. */}
              <a href={`/catalog?transport_id=${saved.id}`} className={styles.inlineLink}>
                Запчасти для этого автомобиля
              </a>
              {!picking ? (
                <button
                  type="button"
                  className={styles.inlineButton}
                  onClick={() => save(null)}
                  disabled={busy}
                >
                  Удалить из профиля
                </button>
              ) : null}
            </p>
          </div>
        </div>
      ) : (
        <p className={styles.muted}>
          Автомобиль не выбран. Сохраните его — каталог покажет только подходящие запчасти.
        </p>
      )}
      {error ? (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      ) : null}
      {picking ? (
        <VehiclePicker busy={busy} onSave={(id) => save(id)} onCancel={() => setPicking(false)} />
      ) : null}
    </section>
  );
}
