'use client';

import type { TransportEngine, TransportTypeBrands } from '@podbor/contract';
import type { ReactNode, Ref } from 'react';
import { CarIcon, CloseIcon } from '@/components/ui/icons';
import { brandValue, type Titled } from '@/lib/transport-options';
import styles from './transport-selector.module.css';

// The vehicle selector's markup (SPEC §2–§4: year → brand → model → engine, native selects), without its data:
// transport-selector.tsx drives it with TanStack Query; the home page renders it from the server's years
// until that code has arrived (home-transport-selector.tsx), so the query library stays out of the first load.

export type Step<T> =
  { state: 'idle' } | { state: 'loading' } | { state: 'error' } | { state: 'ready'; options: T };

export const IDLE = { state: 'idle' } as const;

export interface SelectorViewProps {
  id: string;
  currentLabel: string | null;
  pending: boolean;
  autoFocus: boolean;
  yearRef?: Ref<HTMLSelectElement>;
  years: Step<string[]>;
  brands: Step<TransportTypeBrands[]>;
  models: Step<Titled[]>;
  engines: Step<TransportEngine[]>;
  year: string;
  brand: string;
  model: string;
  engine: string;
  hasPicks: boolean;
  chooseYear: (value: string) => void;
  chooseBrand: (value: string) => void;
  chooseModel: (value: string) => void;
  chooseEngine: (value: string) => void;
  resetAll: () => void;
  retryYears: () => void;
  retryBrands: () => void;
  retryModels: () => void;
  retryEngines: () => void;
  /** The VIN / body number row under the steps (issue #17). */
  vin?: ReactNode;
  /** The garage or the recent vehicles, under the chosen one (issue #17). */
  garage?: ReactNode;
}

export function SelectorView({
  id,
  currentLabel,
  pending,
  autoFocus,
  yearRef,
  years,
  brands,
  models,
  engines,
  year,
  brand,
  model,
  engine,
  hasPicks,
  chooseYear,
  chooseBrand,
  chooseModel,
  chooseEngine,
  resetAll,
  retryYears,
  retryBrands,
  retryModels,
  retryEngines,
  vin,
  garage,
}: SelectorViewProps) {
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

      {garage}

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

        <StepField id={`${id}-brand`} label="Марка" step={brands} onRetry={retryBrands}>
          <select
            id={`${id}-brand`}
            className={styles.select}
            value={brand}
            onChange={(e) => chooseBrand(e.target.value)}
            disabled={brands.state !== 'ready'}
            data-step="brand"
          >
            <option value="">
              {placeholderText(brands, year ? 'Выберите марку' : 'Сначала выберите год')}
            </option>
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

        <StepField id={`${id}-model`} label="Модель" step={models} onRetry={retryModels}>
          <select
            id={`${id}-model`}
            className={styles.select}
            value={model}
            onChange={(e) => chooseModel(e.target.value)}
            disabled={models.state !== 'ready'}
            data-step="model"
          >
            <option value="">
              {placeholderText(models, brand ? 'Выберите модель' : 'Сначала выберите марку')}
            </option>
            {models.state === 'ready'
              ? models.options.map((m) => (
                  <option key={m.slug} value={m.slug}>
                    {m.title}
                  </option>
                ))
              : null}
          </select>
        </StepField>

        <StepField id={`${id}-engine`} label="Двигатель" step={engines} onRetry={retryEngines}>
          <select
            id={`${id}-engine`}
            className={styles.select}
            value={engine}
            onChange={(e) => chooseEngine(e.target.value)}
            disabled={engines.state !== 'ready' || pending}
            data-step="engine"
          >
            <option value="">
              {placeholderText(engines, model ? 'Выберите двигатель' : 'Сначала выберите модель')}
            </option>
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

      {vin}

      <div className={styles.footer}>
        <p className={styles.status} role="status">
          {pending
            ? 'Подбираем товары для вашего транспорта…'
            : years.state === 'error'
              ? 'Не удалось загрузить годы выпуска.'
              : ''}
        </p>
        {years.state === 'error' ? (
          <button type="button" className={styles.link} onClick={retryYears}>
            Повторить
          </button>
        ) : null}
        <button
          type="button"
          className={styles.reset}
          onClick={resetAll}
          disabled={!hasPicks || pending}
          data-transport-reset=""
        >
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
