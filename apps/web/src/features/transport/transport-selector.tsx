'use client';

import type { TransportEngine, TransportTypeBrands } from '@podbor/contract';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, useTransition, type ReactNode } from 'react';
import { CarIcon, CloseIcon } from '@/components/ui/icons';
import { lazyBrowserApi } from '@/lib/api/browser-lazy';
import {
  brandValue,
  parseBrandValue,
  sortBrandGroups,
  sortByTitle,
  sortEngines,
  sortYears,
  type Titled,
} from './transport-options';
import styles from './transport-selector.module.css';

// SPEC §2–§4 vehicle selection: year → brand → model → engine. Every step is a native select (keyboard, screen
// reader and phone pickers for free); changing a step clears the steps after it; the engine leads to a transport
// id, which goes to the 30-day cookies before the page re-renders on the server for that vehicle.

type Step<T> = { state: 'idle' } | { state: 'loading' } | { state: 'error' } | { state: 'ready'; options: T };

const IDLE = { state: 'idle' } as const;
const LOADING = { state: 'loading' } as const;
const LEVELS = ['years', 'brands', 'models', 'engines'] as const;
type Level = (typeof LEVELS)[number];

export interface TransportSelectorProps {
  /** Years from the server render (home page); fetched on mount when absent (dialog). */
  initialYears?: readonly string[];
  /** SPEC §3 text form of the stored vehicle, null when none is chosen. */
  currentLabel: string | null;
  /** Called once the choice (or the reset) has been stored, e.g. to close the dialog. */
  onApplied?: () => void;
  /** Puts the first select first in the dialog's focus order. */
  autoFocus?: boolean;
  /** A vehicle is stored even if its text is not known yet (the dialog loads it). */
  stored?: boolean;
}

export function TransportSelector({
  initialYears,
  currentLabel,
  onApplied,
  autoFocus = false,
  stored = currentLabel !== null,
}: TransportSelectorProps) {
  const id = useId();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [years, setYears] = useState<Step<string[]>>(
    initialYears && initialYears.length > 0 ? { state: 'ready', options: sortYears(initialYears) } : LOADING,
  );
  const [brands, setBrands] = useState<Step<TransportTypeBrands[]>>(IDLE);
  const [models, setModels] = useState<Step<Titled[]>>(IDLE);
  const [engines, setEngines] = useState<Step<TransportEngine[]>>(IDLE);
  const [year, setYear] = useState('');
  const [brand, setBrand] = useState('');
  const [model, setModel] = useState('');
  const [engine, setEngine] = useState('');
  const controllers = useRef<Partial<Record<Level, AbortController>>>({});

  /** Aborts the requests of this level and every later one (their answers no longer apply). */
  const abortFrom = (level: Level) => {
    for (const l of LEVELS.slice(LEVELS.indexOf(level))) {
      controllers.current[l]?.abort();
      delete controllers.current[l];
    }
  };

  const fetchYears = () => {
    abortFrom('years');
    const controller = new AbortController();
    controllers.current.years = controller;
    void lazyBrowserApi('transportYears', { signal: controller.signal }).then((r) => {
      if (controller.signal.aborted) return;
      setYears(r.ok ? { state: 'ready', options: sortYears(r.data) } : { state: 'error' });
    });
  };

  const loadYears = () => {
    setYears(LOADING);
    fetchYears();
  };

  const loadBrands = (y: string) => {
    abortFrom('brands');
    const controller = new AbortController();
    controllers.current.brands = controller;
    setBrands(LOADING);
    void lazyBrowserApi('transportBrands', { params: { year: y }, signal: controller.signal }).then((r) => {
      if (controller.signal.aborted) return;
      setBrands(r.ok ? { state: 'ready', options: sortBrandGroups(r.data) } : { state: 'error' });
    });
  };

  const loadModels = (y: string, b: string) => {
    const parsed = parseBrandValue(b);
    if (!parsed) return;
    abortFrom('models');
    const controller = new AbortController();
    controllers.current.models = controller;
    setModels(LOADING);
    void lazyBrowserApi('transportModels', { params: { year: y, ...parsed }, signal: controller.signal }).then((r) => {
      if (controller.signal.aborted) return;
      setModels(r.ok ? { state: 'ready', options: sortByTitle(r.data) } : { state: 'error' });
    });
  };

  const loadEngines = (y: string, b: string, m: string) => {
    const parsed = parseBrandValue(b);
    if (!parsed) return;
    abortFrom('engines');
    const controller = new AbortController();
    controllers.current.engines = controller;
    setEngines(LOADING);
    void lazyBrowserApi('transportEngines', {
      params: { year: y, ...parsed, model: m },
      signal: controller.signal,
    }).then((r) => {
      if (controller.signal.aborted) return;
      setEngines(r.ok ? { state: 'ready', options: sortEngines(r.data) } : { state: 'error' });
    });
  };

  // The dialog has no server-rendered years: fetch them once it is open.
  // In the dialog the years arrive after it opened (and focused its first enabled control): move on to them.
  const yearRef = useRef<HTMLSelectElement>(null);
  const yearsReady = years.state === 'ready';
  useEffect(() => {
    if (!autoFocus || !yearsReady) return;
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('[role="dialog"]')) yearRef.current?.focus({ preventScroll: true });
  }, [autoFocus, yearsReady]);

  const fetchYearsOnMount = !initialYears || initialYears.length === 0;
  useEffect(() => {
    if (fetchYearsOnMount) fetchYears();
    const current = controllers.current;
    return () => {
      for (const c of Object.values(current)) c?.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  const chooseYear = (value: string) => {
    abortFrom('brands');
    setYear(value);
    setBrand('');
    setModel('');
    setEngine('');
    setModels(IDLE);
    setEngines(IDLE);
    if (value) loadBrands(value);
    else setBrands(IDLE);
  };

  const chooseBrand = (value: string) => {
    abortFrom('models');
    setBrand(value);
    setModel('');
    setEngine('');
    setEngines(IDLE);
    if (value) loadModels(year, value);
    else setModels(IDLE);
  };

  const chooseModel = (value: string) => {
    abortFrom('engines');
    setModel(value);
    setEngine('');
    if (value) loadEngines(year, brand, value);
    else setEngines(IDLE);
  };

  const apply = (transportId: number | null) => {
    void import('@/lib/apply-transport').then(({ applyTransport }) => {
      startTransition(() => {
        applyTransport(router, transportId ? { id: transportId, year } : null);
        onApplied?.();
      });
    });
  };

  const chooseEngine = (value: string) => {
    setEngine(value);
    const transportId = Number(value);
    if (value && Number.isSafeInteger(transportId) && transportId > 0) apply(transportId);
  };

  const resetAll = () => {
    chooseYear('');
    if (stored) apply(null);
  };

  const hasPicks = year !== '' || stored;

  return (
    <div className={styles.selector} data-transport-selector="" aria-busy={pending || undefined}>
      {currentLabel ? (
        <p className={styles.current}>
          <CarIcon size={20} />
          <span>
            <span className={styles.currentCaption}>Ваш транспорт</span>
            <strong data-transport-current="">{currentLabel}</strong>
          </span>
        </p>
      ) : null}

      <div className={styles.steps}>
        <StepField id={`${id}-year`} label="Год выпуска" step={years}>
          <select
            ref={yearRef}
            id={`${id}-year`}
            className={styles.select}
            value={year}
            onChange={(e) => chooseYear(e.target.value)}
            disabled={years.state !== 'ready'}
            data-autofocus={autoFocus ? '' : undefined}
            data-step="year"
          >
            <option value="">{placeholderText(years, 'Выберите год')}</option>
            {years.state === 'ready'
              ? years.options.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))
              : null}
          </select>
        </StepField>

        <StepField id={`${id}-brand`} label="Марка" step={brands} onRetry={() => loadBrands(year)}>
          <select
            id={`${id}-brand`}
            className={styles.select}
            value={brand}
            onChange={(e) => chooseBrand(e.target.value)}
            disabled={brands.state !== 'ready'}
            data-step="brand"
          >
            <option value="">{placeholderText(brands, year ? 'Выберите марку' : 'Сначала выберите год')}</option>
            {brands.state === 'ready'
              ? brands.options.map((group) =>
                  brands.options.length > 1 ? (
                    <optgroup key={group.slug} label={group.title}>
                      {group.brands.map((b) => (
                        <option key={b.slug} value={brandValue(group.slug, b.slug)}>
                          {b.title}
                        </option>
                      ))}
                    </optgroup>
                  ) : (
                    group.brands.map((b) => (
                      <option key={b.slug} value={brandValue(group.slug, b.slug)}>
                        {b.title}
                      </option>
                    ))
                  ),
                )
              : null}
          </select>
        </StepField>

        <StepField id={`${id}-model`} label="Модель" step={models} onRetry={() => loadModels(year, brand)}>
          <select
            id={`${id}-model`}
            className={styles.select}
            value={model}
            onChange={(e) => chooseModel(e.target.value)}
            disabled={models.state !== 'ready'}
            data-step="model"
          >
            <option value="">{placeholderText(models, brand ? 'Выберите модель' : 'Сначала выберите марку')}</option>
            {models.state === 'ready'
              ? models.options.map((m) => (
                  <option key={m.slug} value={m.slug}>
                    {m.title}
                  </option>
                ))
              : null}
          </select>
        </StepField>

        <StepField id={`${id}-engine`} label="Двигатель" step={engines} onRetry={() => loadEngines(year, brand, model)}>
          <select
            id={`${id}-engine`}
            className={styles.select}
            value={engine}
            onChange={(e) => chooseEngine(e.target.value)}
            disabled={engines.state !== 'ready' || pending}
            data-step="engine"
          >
            <option value="">{placeholderText(engines, model ? 'Выберите двигатель' : 'Сначала выберите модель')}</option>
            {engines.state === 'ready'
              ? engines.options.map((e) => (
                  <option key={e.slug} value={String(e.transport_id)}>
                    {e.title}
                  </option>
                ))
              : null}
          </select>
        </StepField>
      </div>

      <div className={styles.footer}>
        <p className={styles.status} role="status">
          {pending ? 'Подбираем товары для вашего транспорта…' : years.state === 'error' ? 'Не удалось загрузить годы выпуска.' : ''}
        </p>
        {years.state === 'error' ? (
          <button type="button" className={styles.link} onClick={loadYears}>
            Повторить
          </button>
        ) : null}
        <button type="button" className={styles.reset} onClick={resetAll} disabled={!hasPicks || pending} data-transport-reset="">
          <CloseIcon size={16} />
          Сбросить
        </button>
      </div>
    </div>
  );
}

function placeholderText(step: Step<unknown>, text: string): string {
  if (step.state === 'loading') return 'Загрузка...';
  if (step.state === 'error') return 'Не удалось загрузить';
  return text;
}

function StepField({
  id,
  label,
  step,
  onRetry,
  children,
}: {
  id: string;
  label: string;
  step: Step<unknown>;
  onRetry?: () => void;
  children: ReactNode;
}) {
  return (
    <div className={styles.step}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {step.state === 'error' && onRetry ? (
        <button type="button" className={styles.link} onClick={onRetry}>
          Повторить загрузку
        </button>
      ) : null}
    </div>
  );
}
