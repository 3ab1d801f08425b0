'use client';

import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { QueryIsland } from '@/components/query/query-island';
import { lazyBrowserApi } from '@/lib/api/browser-lazy';
import { parseBrandValue, sortBrandGroups, sortByTitle, sortEngines, sortYears } from './transport-options';
import { IDLE, SelectorView, type Step } from './transport-selector-view';

// SPEC §2–§4 vehicle selection: year → brand → model → engine as dependent queries (each enabled once the step
// before it has a value; a changed step drops the later ones, and TanStack Query cancels answers no longer
// wanted). The engine leads to a transport id, which goes to the 30-day cookies before the page re-renders on
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

class LoadFailed extends Error {}
const must = <T,>(r: { ok: true; data: T } | { ok: false }): T => {
  if (!r.ok) throw new LoadFailed();
  return r.data;
};

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
  const [year, setYear] = useState(initialYear);
  const [brand, setBrand] = useState('');
  const [model, setModel] = useState('');
  const [engine, setEngine] = useState('');
  const parsedBrand = parseBrandValue(brand);

  const yearsQuery = useQuery({
    queryKey: ['transport', 'years'],
    queryFn: async ({ signal }) => sortYears(must(await lazyBrowserApi('transportYears', { signal }))),
    initialData: initialYears && initialYears.length > 0 ? sortYears(initialYears) : undefined,
  });
  const brandsQuery = useQuery({
    queryKey: ['transport', 'brands', year],
    queryFn: async ({ signal }) =>
      sortBrandGroups(must(await lazyBrowserApi('transportBrands', { params: { year }, signal }))),
    enabled: year !== '',
  });
  const modelsQuery = useQuery({
    queryKey: ['transport', 'models', year, brand],
    queryFn: async ({ signal }) =>
      sortByTitle(
        must(await lazyBrowserApi('transportModels', { params: { year, ...parsedBrand! }, signal })),
      ),
    enabled: year !== '' && parsedBrand !== null,
  });
  const enginesQuery = useQuery({
    queryKey: ['transport', 'engines', year, brand, model],
    queryFn: async ({ signal }) =>
      sortEngines(
        must(await lazyBrowserApi('transportEngines', { params: { year, ...parsedBrand!, model }, signal })),
      ),
    enabled: year !== '' && parsedBrand !== null && model !== '',
  });

  const years = stepOf(yearsQuery, true);
  const brands = stepOf(brandsQuery, year !== '');
  const models = stepOf(modelsQuery, year !== '' && parsedBrand !== null);
  const engines = stepOf(enginesQuery, year !== '' && parsedBrand !== null && model !== '');

  // In the dialog the years arrive after it opened (and focused its first enabled control): move on to them.
  const yearRef = useRef<HTMLSelectElement>(null);
  const yearsReady = years.state === 'ready';
  useEffect(() => {
    if (!autoFocus || !yearsReady) return;
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('[role="dialog"]'))
      yearRef.current?.focus({ preventScroll: true });
  }, [autoFocus, yearsReady]);

  const chooseYear = (value: string) => {
    setYear(value);
    setBrand('');
    setModel('');
    setEngine('');
  };

  const chooseBrand = (value: string) => {
    setBrand(value);
    setModel('');
    setEngine('');
  };

  const chooseModel = (value: string) => {
    setModel(value);
    setEngine('');
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
      retryYears={() => void yearsQuery.refetch()}
      retryBrands={() => void brandsQuery.refetch()}
      retryModels={() => void modelsQuery.refetch()}
      retryEngines={() => void enginesQuery.refetch()}
    />
  );
}
