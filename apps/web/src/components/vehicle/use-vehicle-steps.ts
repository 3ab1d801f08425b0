'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { lazyBrowserApi } from '@/lib/api/browser-lazy';
import {
  parseBrandValue,
  sortBrandGroups,
  sortByTitle,
  sortEngines,
  sortYears,
} from '@/lib/transport-options';

// Year → brand → model → engine over the v2 transport calls, as dependent queries: each step loads once the one
// before it has a value, a changed step drops the later ones, and TanStack Query cancels answers no longer
// wanted. Used by the header/home vehicle selector and the profile's vehicle picker (inside a QueryIsland).

/** Answer of a call, or a thrown error TanStack Query keeps as the query's failure. */
const must = <T>(r: { ok: true; data: T } | { ok: false }): T => {
  if (!r.ok) throw new Error('transport list failed');
  return r.data;
};

export interface VehicleStepsOptions {
  /** Years from the server render; fetched when absent. */
  initialYears?: readonly string[];
  /** A year picked before this code arrived. */
  initialYear?: string;
}

export function useVehicleSteps({ initialYears, initialYear = '' }: VehicleStepsOptions = {}) {
  const [year, setYear] = useState(initialYear);
  const [brand, setBrand] = useState(''); // `<type>/<brand>`, see brandValue()
  const [model, setModel] = useState('');
  const [engine, setEngine] = useState('');
  const parsedBrand = parseBrandValue(brand);
  const brandsEnabled = year !== '';
  const modelsEnabled = brandsEnabled && parsedBrand !== null;
  const enginesEnabled = modelsEnabled && model !== '';

  const years = useQuery({
    queryKey: ['transport', 'years'],
    queryFn: async ({ signal }) => sortYears(must(await lazyBrowserApi('transportYears', { signal }))),
    initialData: initialYears && initialYears.length > 0 ? sortYears(initialYears) : undefined,
  });
  const brands = useQuery({
    queryKey: ['transport', 'brands', year],
    queryFn: async ({ signal }) =>
      sortBrandGroups(must(await lazyBrowserApi('transportBrands', { params: { year }, signal }))),
    enabled: brandsEnabled,
  });
  const models = useQuery({
    queryKey: ['transport', 'models', year, brand],
    queryFn: async ({ signal }) =>
      sortByTitle(
        must(await lazyBrowserApi('transportModels', { params: { year, ...parsedBrand! }, signal })),
      ),
    enabled: modelsEnabled,
  });
  const engines = useQuery({
    queryKey: ['transport', 'engines', year, brand, model],
    queryFn: async ({ signal }) =>
      sortEngines(
        must(await lazyBrowserApi('transportEngines', { params: { year, ...parsedBrand!, model }, signal })),
      ),
    enabled: enginesEnabled,
  });

  return {
    year,
    brand,
    model,
    engine,
    queries: { years, brands, models, engines },
    enabled: { brands: brandsEnabled, models: modelsEnabled, engines: enginesEnabled },
    chooseYear(value: string) {
      setYear(value);
      setBrand('');
      setModel('');
      setEngine('');
    },
    chooseBrand(value: string) {
      setBrand(value);
      setModel('');
      setEngine('');
    },
    chooseModel(value: string) {
      setModel(value);
      setEngine('');
    },
    chooseEngine: setEngine,
  };
}
