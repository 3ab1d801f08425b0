import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branches, cities, regions, warehouses } from '../../db/schema';

// Branches as the back office edits them: every branch, active or not, with its city and warehouses.

const columns = {
  id: branches.id,
  cityId: cities.id,
  cityTitle: cities.title,
  citySlug: cities.slug,
  title: branches.title,
  street: branches.street,
  phoneNumber: branches.phoneNumber,
  email: branches.email,
  workHours: branches.workHours,
  description: branches.description,
  latitude: branches.latitude,
  longitude: branches.longitude,
  isActive: branches.isActive,
};

export async function listBranches(db: Db, ids?: number[]) {
  const query = db
    .select(columns)
    .from(branches)
    .innerJoin(cities, eq(cities.id, branches.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .orderBy(
      asc(regions.sort),
      asc(regions.id),
      asc(cities.sort),
      asc(cities.id),
      asc(branches.sort),
      asc(branches.id),
    );
  return ids ? query.where(inArray(branches.id, ids)) : query;
}

export type BranchRow = Awaited<ReturnType<typeof listBranches>>[number];

export function warehousesOf(db: Db, branchIds: number[]) {
  if (branchIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: warehouses.id, branchId: warehouses.branchId, title: warehouses.title })
    .from(warehouses)
    .where(inArray(warehouses.branchId, branchIds))
    .orderBy(asc(warehouses.id));
}

/** The branch row, locked for the rest of the transaction (two admins saving at once apply one after the other). */
export async function lockBranch(tx: Db, id: number) {
  const [row] = await tx.select().from(branches).where(eq(branches.id, id)).for('update');
  return row;
}

export async function writeBranch(tx: Db, id: number, values: Partial<typeof branches.$inferInsert>) {
  await tx.update(branches).set(values).where(eq(branches.id, id));
}
