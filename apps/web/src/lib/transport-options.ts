import type { TransportBrandsResponse, TransportEngine, TransportTypeBrands } from '@podbor/contract';

// Option lists of the vehicle selector (SPEC §3 "option lists … sorted by year descending"): pure, shared by the
// selector and its tests. Types only from the contract, so the selector stays light.

const collator = new Intl.Collator('ru', { numeric: true, sensitivity: 'base' });

export interface Titled {
  title: string;
  slug: string;
}

/** Years newest first, duplicates and non-years dropped. */
export function sortYears(years: readonly string[]): string[] {
  return [...new Set(years.filter((y) => /^\d{4}$/.test(y)))].sort((a, b) => Number(b) - Number(a));
}

export function sortByTitle<T extends Titled>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => collator.compare(a.title, b.title));
}

/** Vehicle types in the API's order (cars first), brands of each alphabetically; empty types dropped. */
export function sortBrandGroups(groups: TransportBrandsResponse): TransportTypeBrands[] {
  return groups.filter((g) => g.brands.length > 0).map((g) => ({ ...g, brands: sortByTitle(g.brands) }));
}

export function sortEngines(engines: readonly TransportEngine[]): TransportEngine[] {
  return sortByTitle(engines);
}

/** A brand option's value: the API needs the vehicle type and the brand for the next step. */
export function brandValue(type: string, brand: string): string {
  return `${type}/${brand}`;
}

export function parseBrandValue(value: string): { type: string; brand: string } | null {
  const [type, brand, ...rest] = value.split('/');
  return type && brand && rest.length === 0 ? { type, brand } : null;
}
