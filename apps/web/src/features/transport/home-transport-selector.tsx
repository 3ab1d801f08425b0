'use client';

import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { sortYears } from '@/lib/transport-options';
import type { TransportSelectorProps } from './transport-selector';
import { IDLE, SelectorView } from './transport-selector-view';
import { VinFormView } from './vin-form-view';

const noop = () => {};

/**
 * The home page's vehicle selector. The server renders it with the years it already has; the query-driven
 * selector (and TanStack Query with it) is fetched once the selector is on screen, outside the page's first-load
 * JavaScript, and takes over with any year picked meanwhile. Phones hide this card (the home page offers them the
 * vehicle dialog instead), so there it is never fetched: ~20 KB and ~50 ms of main thread a phone would spend on
 * a selector it cannot see.
 */
export function HomeTransportSelector(props: TransportSelectorProps) {
  const id = useId();
  const [Live, setLive] = useState<ComponentType<TransportSelectorProps> | null>(null);
  const [year, setYear] = useState('');
  const yearRef = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    const el = yearRef.current;
    if (!el) return;
    let live = true;
    // An element under `display: none` never intersects: the observer fires only where the card is shown
    // (desktop, tablet), and again if a window is widened past the phone layout.
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      void import('./transport-selector').then((m) => {
        if (live) setLive(() => m.TransportSelector);
      });
    });
    observer.observe(el);
    return () => {
      live = false;
      observer.disconnect();
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
      yearRef={yearRef}
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
