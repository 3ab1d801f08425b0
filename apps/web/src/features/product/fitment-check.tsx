'use client';

import type { FitmentItem } from '@podbor/contract';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { CarIcon, CheckIcon, CloseIcon } from '@/components/ui/icons';
import styles from './product.module.css';

/** `universal`: the product fits every vehicle (oils, fluids): nothing to check. */
export type FitmentStatus = 'fits' | 'does-not-fit' | 'no-vehicle' | 'universal';

type Level = 'brands' | 'models' | 'years' | 'transport';
interface Step {
  level: Level;
  items: FitmentItem[];
  brand?: string;
  model?: string;
  year?: string;
  label: string;
}

/**
 * "Подходит / не подходит / выберите автомобиль" (SPEC §2) with the product's own fitment drill-down
 * (brands → models → years → vehicles): picking a vehicle stores it like the vehicle selector does (cookies
 * transportId and transportYear, 30 days) and re-renders the page for it.
 */
export function FitmentCheck({
  slug,
  status,
  vehicleLabel,
}: {
  slug: string;
  status: FitmentStatus;
  vehicleLabel: string | null;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [steps, setSteps] = useState<Step[]>([]);
  const [error, setError] = useState(false);
  const [loading, setLoading] = useState(false);
  const [pending, startTransition] = useTransition();

  const load = async (
    level: Level,
    ctx: { brand?: string; model?: string; year?: string },
    label: string,
  ) => {
    setLoading(true);
    setError(false);
    const { browserApi } = await import('@/lib/api/browser');
    const params = {
      productSlug: slug,
      brandSlug: ctx.brand ?? '',
      modelSlug: ctx.model ?? '',
      yearSlug: ctx.year ?? '',
    };
    const r =
      level === 'brands'
        ? await browserApi('fitmentBrands', { params: { productSlug: slug } })
        : level === 'models'
          ? await browserApi('fitmentModels', { params })
          : level === 'years'
            ? await browserApi('fitmentYears', { params })
            : await browserApi('fitmentTransport', { params });
    setLoading(false);
    if (!r.ok) {
      setError(true);
      return;
    }
    setSteps((prev) => [...prev, { level, items: r.data, ...ctx, label }]);
  };

  const start = () => {
    setOpen(true);
    if (steps.length === 0) void load('brands', {}, 'Марка');
  };

  const pick = (step: Step, item: FitmentItem) => {
    if (step.level === 'brands') void load('models', { brand: item.slug }, item.title);
    else if (step.level === 'models') void load('years', { brand: step.brand, model: item.slug }, item.title);
    else if (step.level === 'years')
      void load('transport', { brand: step.brand, model: step.model, year: item.slug }, item.title);
    else if (item.id) {
      const id = item.id;
      const year = /^\d{4}$/.test(step.year ?? '')
        ? step.year
        : item.years[0]
          ? String(item.years[0])
          : undefined;
      setOpen(false);
      // The one way a vehicle is applied (also drops a stale year cookie); loaded with the first pick.
      void import('@/lib/apply-transport').then(({ applyTransport }) =>
        startTransition(() => applyTransport(router, { id, year })),
      );
    }
  };

  const current = steps[steps.length - 1];

  if (status === 'universal') {
    return (
      <div
        className={`${styles.fitment} ${styles['fitment-universal']}`}
        data-testid="fitment"
        data-status={status}
      >
        <p className={styles.fitmentText}>
          <CheckIcon size={20} />
          <span>Универсальный: подходит для любого автомобиля, подбор не нужен</span>
        </p>
      </div>
    );
  }

  return (
    <div
      className={`${styles.fitment} ${styles[`fitment-${status}`] ?? ''}`}
      data-testid="fitment"
      data-status={status}
    >
      <p className={styles.fitmentText}>
        {status === 'fits' ? (
          <CheckIcon size={20} />
        ) : status === 'does-not-fit' ? (
          <CloseIcon size={20} />
        ) : (
          <CarIcon size={20} />
        )}
        <span>
          {status === 'fits'
            ? `Подходит для вашего автомобиля ${vehicleLabel ?? ''}`
            : status === 'does-not-fit'
              ? `Не подходит для вашего автомобиля ${vehicleLabel ?? ''}`
              : 'Выберите автомобиль, чтобы проверить совместимость'}
        </span>
      </p>
      {!open ? (
        <button type="button" className={styles.linkButton} onClick={start} disabled={pending}>
          {pending
            ? 'Загрузка...'
            : status === 'no-vehicle'
              ? 'Выбрать автомобиль'
              : 'Подобрать другой автомобиль'}
        </button>
      ) : (
        <div className={styles.fitmentPicker}>
          <div className={styles.fitmentPath}>
            {steps.map((s, i) => (
              <button
                key={`${s.level}-${i}`}
                type="button"
                className={styles.chip}
                disabled={i === steps.length - 1}
                onClick={() => setSteps((prev) => prev.slice(0, i + 1))}
              >
                {s.label}
              </button>
            ))}
            <button type="button" className={styles.linkButton} onClick={() => setOpen(false)}>
              Закрыть
            </button>
          </div>
          {loading ? <p role="status">Загрузка...</p> : null}
          {error ? <p className={styles.error}>Не удалось загрузить список. Попробуйте ещё раз.</p> : null}
          {current && !loading ? (
            current.items.length === 0 ? (
              <p>Нет данных о совместимости — товар универсальный или уточните по телефону.</p>
            ) : (
              <ul
                role="list"
                className={styles.fitmentList}
                aria-label="Автомобили, к которым подходит товар"
              >
                {current.items.map((item) => (
                  <li key={`${item.slug}-${item.id ?? ''}`}>
                    <button type="button" className={styles.fitmentItem} onClick={() => pick(current, item)}>
                      {current.level === 'transport' ? item.label || item.title : item.title}
                      {current.level !== 'transport' && item.count ? <span>{item.count}</span> : null}
                    </button>
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </div>
      )}
    </div>
  );
}
