import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { garageVehicles, transports, users } from '../../db/schema';

// SQL of the garage: one customer's rows only; every query names the owner, so someone else's id finds nothing.

export type GarageRow = typeof garageVehicles.$inferSelect;

export const listVehicles = (db: Db, userId: number) =>
  db.select().from(garageVehicles).where(eq(garageVehicles.userId, userId)).orderBy(asc(garageVehicles.id));

export async function transportExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: transports.id }).from(transports).where(eq(transports.id, id)).limit(1);
  return Boolean(row);
}

/**
 * Adds a vehicle unless the garage already holds `max`: counted under a lock on the customer's row, so two
 * parallel adds cannot both take the last place. Undefined when the garage is full.
 */
export function insertVehicleWithin(
  db: Db,
  max: number,
  values: Omit<typeof garageVehicles.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<GarageRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(garageVehicles)
      .where(eq(garageVehicles.userId, values.userId));
    if ((held?.n ?? 0) >= max) return undefined;
    const [row] = await tx.insert(garageVehicles).values(values).returning();
    return row;
  });
}

export async function updateVehicle(
  db: Db,
  userId: number,
  id: number,
  values: Partial<Pick<GarageRow, 'name' | 'vin' | 'mileage'>>,
): Promise<GarageRow | undefined> {
  const [row] = await db
    .update(garageVehicles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(garageVehicles.id, id), eq(garageVehicles.userId, userId)))
    .returning();
  return row;
}

export async function deleteVehicle(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(garageVehicles)
    .where(and(eq(garageVehicles.id, id), eq(garageVehicles.userId, userId)))
    .returning({ id: garageVehicles.id });
  return rows.length > 0;
}

export async function isActiveUser(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ active: users.isActive }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.active === true;
}
