'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useTransition } from 'react';
import { QueryIsland } from '@/components/query/query-island';
import { useVehicleSteps } from '@/components/vehicle/use-vehicle-steps';
import { IDLE, SelectorView, type Step } from './transport-selector-view';

// SPEC §2–§4 vehicle selection: year → brand → model → engine as dependent queries (useVehicleSteps). The
// engine leads to a transport id, which goes to the 30-day cookies before the page re-renders on
// the server for that vehicle.

export interface TransportSelectorProps {
  /** Years from the server render (home page); fetched on mount when absent (dialog). */
  initialYears?: readonly string[];
  /** A year picked before this code arrived (home page). */
  initialYear?: string;
  /** SPEC §3 text form of the stored vehicle, null when none is chosen. */
  currentLabel: string | null;
  /** Called once the choice (or the reset) has been stored, e.g. to close the dialog. */
  onApplied?: () => void;
  /** Puts the first select first in the dialog's focus order. */
  autoFocus?: boolean;
  /** A vehicle is stored even if its text is not known yet (the dialog loads it). */
  stored?: boolean;
}

function stepOf<T>(query: UseQueryResult<T>, enabled: boolean): Step<T> {
  if (!enabled) return IDLE;
  if (query.isError) return { state: 'error' };
  if (query.data === undefined) return { state: 'loading' };
  return { state: 'ready', options: query.data };
}

export function TransportSelector(props: TransportSelectorProps) {
  return (
    <QueryIsland>
      <LiveSelector {...props} />
    </QueryIsland>
  );
}

function LiveSelector({
  initialYears,
  initialYear = '',
  currentLabel,
  onApplied,
  autoFocus = false,
  stored = currentLabel !== null,
}: TransportSelectorProps) {
  const id = useId();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const steps = useVehicleSteps({ initialYears, initialYear });
  const { year, brand, model, engine, queries, enabled, chooseYear, chooseBrand, chooseModel } = steps;
  const years = stepOf(queries.years, true);
  const brands = stepOf(queries.brands, enabled.brands);
  const models = stepOf(queries.models, enabled.models);
  const engines = stepOf(queries.engines, enabled.engines);

  // In the dialog the years arrive after it opened (and focused its first enabled control): move on to them.
  const yearRef = useRef<HTMLSelectElement>(null);
  const yearsReady = years.state === 'ready';
  useEffect(() => {
    if (!autoFocus || !yearsReady) return;
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('[role="dialog"]'))
      yearRef.current?.focus({ preventScroll: true });
  }, [autoFocus, yearsReady]);

  const apply = (transportId: number | null) => {
    void import('@/lib/apply-transport').then(({ applyTransport }) => {
      startTransition(() => {
        applyTransport(router, transportId ? { id: transportId, year } : null);
        onApplied?.();
      });
    });
  };

  const chooseEngine = (value: string) => {
    steps.chooseEngine(value);
    const transportId = Number(value);
    if (value && Number.isSafeInteger(transportId) && transportId > 0) apply(transportId);
  };

  const resetAll = () => {
    chooseYear('');
    if (stored) apply(null);
  };

  return (
    <SelectorView
      id={id}
      currentLabel={currentLabel}
      pending={pending}
      autoFocus={autoFocus}
      yearRef={yearRef}
      years={years}
      brands={brands}
      models={models}
      engines={engines}
      year={year}
      brand={brand}
      model={model}
      engine={engine}
      hasPicks={year !== '' || stored}
      chooseYear={chooseYear}
      chooseBrand={chooseBrand}
      chooseModel={chooseModel}
      chooseEngine={chooseEngine}
      resetAll={resetAll}
      retryYears={() => void queries.years.refetch()}
      retryBrands={() => void queries.brands.refetch()}
      retryModels={() => void queries.models.refetch()}
      retryEngines={() => void queries.engines.refetch()}
    />
  );
}
