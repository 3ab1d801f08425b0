import type { BranchCity, BranchOffice, BranchRegion } from '@podbor/contract';
import type { Db } from '../../db/client';
import { listActiveBranches, type BranchRow } from './branches.repository';

/** Cities with their active branches (GET /branches/). */
export async function branchesByCity(db: Db): Promise<BranchCity[]> {
  return groupByCity(await listActiveBranches(db));
}

/** Regions with their cities and active branches (GET /branches/regions/). */
export async function branchesByRegion(db: Db): Promise<BranchRegion[]> {
  return groupByRegion(await listActiveBranches(db));
}

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
      regions.set(
        row.regionSlug,
        (region = { title: row.regionTitle, slug: row.regionSlug, cities: [], branches: [] }),
      );
    if (!region.cities.some((c: { slug: string }) => c.slug === row.citySlug))
      region.cities.push({ title: row.cityTitle, slug: row.citySlug });
    region.branches.push(toOffice(row));
  }
  return [...regions.values()];
}
