'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import type { VehicleCodeResponse } from '@podbor/contract';
import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { QueryIsland } from '@/components/query/query-island';
import { useShell } from '@/components/shell/shell-context';
import { keepVinFor } from '@/lib/garage';
import { useVehicleSteps } from '@/components/vehicle/use-vehicle-steps';
import { brandValue } from '@/lib/transport-options';
import { GaragePanel } from './garage-panel';
import { IDLE, SelectorView, type Step } from './transport-selector-view';
import { VinLookup } from './vin-lookup';

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

/** What a VIN or body number settled: applied now when it proves one year, else once a year it allows is picked. */
interface CodePreset {
  years: number[];
  brand: string | null;
  model: string | null;
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

  const { session } = useShell();
  // The VIN or FRAME number that led to the steps: «Сохранить в гараж» stores it with the vehicle chosen next.
  const decodedCode = useRef<string | null>(null);

  /** `pickedYear` is the year step's value; a vehicle from the garage or the recent list comes without one. */
  const apply = (transportId: number | null, pickedYear: string | undefined = year) => {
    if (transportId && decodedCode.current) keepVinFor(transportId, decodedCode.current);
    void import('@/lib/apply-transport').then(({ applyTransport }) => {
      startTransition(() => {
        applyTransport(router, transportId ? { id: transportId, year: pickedYear } : null);
        onApplied?.();
      });
    });
  };

  const chooseEngine = (value: string) => {
    steps.chooseEngine(value);
    const transportId = Number(value);
    if (value && Number.isSafeInteger(transportId) && transportId > 0) apply(transportId);
  };

  const [preset, setPreset] = useState<CodePreset | null>(null);
  const fill = (p: CodePreset, value: string) => {
    chooseYear(value);
    if (!p.years.includes(Number(value))) return;
    if (p.brand) chooseBrand(p.brand);
    if (p.model) chooseModel(p.model);
  };
  const pickYear = (value: string) => (preset ? fill(preset, value) : chooseYear(value));
  const decoded = (d: VehicleCodeResponse) => {
    decodedCode.current = d.code;
    const p: CodePreset = {
      years: d.years,
      brand: d.type && d.brand ? brandValue(d.type.slug, d.brand.slug) : null,
      model: d.model?.slug ?? null,
    };
    setPreset(p);
    fill(p, d.years.length === 1 ? String(d.years[0]) : '');
  };

  const resetAll = () => {
    decodedCode.current = null;
    setPreset(null);
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
      chooseYear={pickYear}
      chooseBrand={chooseBrand}
      chooseModel={chooseModel}
      chooseEngine={chooseEngine}
      resetAll={resetAll}
      retryYears={() => void queries.years.refetch()}
      retryBrands={() => void queries.brands.refetch()}
      retryModels={() => void queries.models.refetch()}
      retryEngines={() => void queries.engines.refetch()}
      vin={<VinLookup id={id} onDecoded={decoded} onPickYear={pickYear} />}
      garage={
        <GaragePanel
          currentId={session.transportId}
          currentLabel={currentLabel}
          pending={pending}
          onChoose={(transportId) => apply(transportId, undefined)}
        />
      }
    />
  );
}
