import type { BranchCity, BranchOffice, BranchRegion } from '@podbor/contract';
import type { BranchRow } from './branches.repository';

export function toOffice(row: BranchRow): BranchOffice {
  return {
    id: row.id,
    terminal_code: row.terminalCode,
    latitude: row.latitude,
    longitude: row.longitude,
    street: row.street,
    phone_number: row.phoneNumber,
    description: row.description,
    email: row.email,
    title: row.title,
    city: { title: row.cityTitle, slug: row.citySlug },
    work_time: row.workHours,
  };
}

/** Rows arrive ordered region → city → branch, so grouping keeps that order. */
export function groupByCity(rows: BranchRow[]): BranchCity[] {
  const cities = new Map<string, BranchCity>();
  for (const row of rows) {
    let city = cities.get(row.citySlug);
    if (!city) cities.set(row.citySlug, (city = { title: row.cityTitle, slug: row.citySlug, branches: [] }));
    city.branches.push(toOffice(row));
  }
  return [...cities.values()];
}

export function groupByRegion(rows: BranchRow[]): BranchRegion[] {
  const regions = new Map<string, BranchRegion>();
  for (const row of rows) {
    let region = regions.get(row.regionSlug);
    if (!region)
      regions.set(row.regionSlug, (region = { title: row.regionTitle, slug: row.regionSlug, cities: [], branches: [] }));
    if (!region.cities.some((c: { slug: string }) => c.slug === row.citySlug)) region.cities.push({ title: row.cityTitle, slug: row.citySlug });
    region.branches.push(toOffice(row));
  }
  return [...regions.values()];
}
