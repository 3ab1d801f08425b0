import {
  INSTALLATION_MESSAGES,
  type AdminInstallationCategory,
  type AdminInstallationTable,
  type AdminInstallationUpdate,
} from '@podbor/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { eventHub, publish, type CatalogChanged } from '../../lib/events';
import { badRequest, notFound } from '../../lib/http-error';
import {
  existingIds,
  readCategories,
  readCategory,
  readCities,
  readPrices,
  readVehicleTypes,
  replacePrices,
  type CellRow,
} from './admin-installation.repository';

// The installation price table of the back office (issue #14). A category's table is saved whole in one
// transaction that locks the category row, writes the cells with an audit entry (before → after of each changed
// cell) and announces `catalog.changed`: every API process drops its installation directory, so the product
// page's installation price follows at once.

export async function installationCategories(db: Db): Promise<AdminInstallationCategory[]> {
  return readCategories(db);
}

export async function installationTable(db: Db, categoryId: number): Promise<AdminInstallationTable> {
  const category = await readCategory(db, categoryId);
  if (!category) throw notFound();
  const [cities, vehicleTypes, prices] = await Promise.all([
    readCities(db),
    readVehicleTypes(db),
    readPrices(db, categoryId),
  ]);
  return { category, cities, vehicle_types: vehicleTypes, prices };
}

/** «city:type» with 0 for a fallback, the cell's key in the audit entry. */
const cellKey = (c: { city_id: number | null; vehicle_type_id: number | null }) =>
  `${c.city_id ?? 0}:${c.vehicle_type_id ?? 0}`;

export async function updateInstallationPrices(
  db: Db,
  categoryId: number,
  body: AdminInstallationUpdate,
  staffUserId: number,
): Promise<AdminInstallationTable> {
  const event: CatalogChanged = { type: 'catalog.changed', entity: 'installation', ids: [categoryId] };
  let changed = false;
  await db.transaction(async (tx) => {
    if (!(await readCategory(tx, categoryId, true))) throw notFound();

    const errors: Record<string, string[]> = {};
    const cityIds = [...new Set(body.prices.flatMap((c) => (c.city_id === null ? [] : [c.city_id])))];
    const typeIds = [
      ...new Set(body.prices.flatMap((c) => (c.vehicle_type_id === null ? [] : [c.vehicle_type_id]))),
    ];
    // One after the other: a transaction is one connection, which runs one query at a time.
    const cities = await existingIds(tx, 'cities', cityIds);
    const types = await existingIds(tx, 'vehicle_types', typeIds);
    if (cityIds.some((c) => !cities.has(c))) errors.city_id = [INSTALLATION_MESSAGES.unknownCity];
    if (typeIds.some((t) => !types.has(t)))
      errors.vehicle_type_id = [INSTALLATION_MESSAGES.unknownVehicleType];
    const keys = body.prices.map(cellKey);
    if (new Set(keys).size !== keys.length) errors.prices = [INSTALLATION_MESSAGES.duplicateCell];
    if (Object.keys(errors).length > 0) throw badRequest(errors);

    const before = new Map((await readPrices(tx, categoryId)).map((c) => [cellKey(c), c.price]));
    const after = new Map(body.prices.map((c) => [cellKey(c), c.price]));
    const changes: Record<string, { before: number | null; after: number | null }> = {};
    for (const key of new Set([...before.keys(), ...after.keys()])) {
      const b = before.get(key) ?? null;
      const a = after.get(key) ?? null;
      if (b !== a) changes[key] = { before: b, after: a };
    }
    if (Object.keys(changes).length > 0) {
      const cells: CellRow[] = body.prices.map((c) => ({ ...c }));
      await replacePrices(tx, categoryId, cells);
      await recordAudit(tx, {
        userId: staffUserId,
        action: 'installation.update',
        entity: 'category',
        entityId: categoryId,
        // Keys are «city id:vehicle type id», 0 for the fallback (any city / any type).
        data: { cells: changes },
      });
      await publish(tx, event);
      changed = true;
    }
  });
  if (changed) eventHub(db).deliver(event);
  // Read after the commit: the table's reads run side by side, which one transaction's connection cannot do.
  return installationTable(db, categoryId);
}
