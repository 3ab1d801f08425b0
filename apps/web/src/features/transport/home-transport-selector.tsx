'use client';

import { useEffect, useId, useState, type ComponentType } from 'react';
import { sortYears } from '@/lib/transport-options';
import type { TransportSelectorProps } from './transport-selector';
import { IDLE, SelectorView } from './transport-selector-view';
import { VinFormView } from './vin-form-view';

const noop = () => {};

/**
 * The home page's vehicle selector. The server renders it with the years it already has; the query-driven
 * selector (and TanStack Query with it) is fetched right after the page starts, outside its first-load
 * JavaScript, and takes over with any year picked meanwhile.
 */
export function HomeTransportSelector(props: TransportSelectorProps) {
  const id = useId();
  const [Live, setLive] = useState<ComponentType<TransportSelectorProps> | null>(null);
  const [year, setYear] = useState('');

  useEffect(() => {
    let live = true;
    void import('./transport-selector').then((m) => {
      if (live) setLive(() => m.TransportSelector);
    });
    return () => {
      live = false;
    };
  }, []);

  if (Live) return <Live {...props} initialYear={year} />;
  const years = props.initialYears ?? [];
  return (
    <SelectorView
      id={id}
      currentLabel={props.currentLabel}
      pending={false}
      autoFocus={false}
      years={years.length > 0 ? { state: 'ready', options: sortYears(years) } : { state: 'loading' }}
      brands={year ? { state: 'loading' } : IDLE}
      models={IDLE}
      engines={IDLE}
      year={year}
      brand=""
      model=""
      engine=""
      hasPicks={year !== '' || (props.stored ?? props.currentLabel !== null)}
      chooseYear={setYear}
      chooseBrand={noop}
      chooseModel={noop}
      chooseEngine={noop}
      resetAll={noop}
      retryYears={noop}
      retryBrands={noop}
      retryModels={noop}
      retryEngines={noop}
      vin={<VinFormView id={id} value="" />}
    />
  );
}
