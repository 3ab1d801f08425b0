import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branches, cities, regions } from '../../db/schema';

/** Active branches with their city and region, in display order; one query serves both branch calls. */
export function listActiveBranches(db: Db) {
  return db
    .select({
      regionTitle: regions.title,
      regionSlug: regions.slug,
      cityTitle: cities.title,
      citySlug: cities.slug,
      id: branches.id,
      terminalCode: branches.terminalCode,
      latitude: branches.latitude,
      longitude: branches.longitude,
      street: branches.street,
      phoneNumber: branches.phoneNumber,
      description: branches.description,
      email: branches.email,
      title: branches.title,
      workHours: branches.workHours,
    })
    .from(branches)
    .innerJoin(cities, eq(cities.id, branches.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .where(eq(branches.isActive, true))
    .orderBy(
      asc(regions.sort),
      asc(regions.id),
      asc(cities.sort),
      asc(cities.id),
      asc(branches.sort),
      asc(branches.id),
    );
}

export type BranchRow = Awaited<ReturnType<typeof listActiveBranches>>[number];
