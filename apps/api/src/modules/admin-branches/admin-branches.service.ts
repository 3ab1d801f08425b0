import type { AdminBranch, AdminBranchPatch, adminBranchPatch } from '@podbor/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { branches } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { notFound } from '../../lib/http-error';
import {
  listBranches,
  lockBranch,
  warehousesOf,
  writeBranch,
  type BranchRow,
} from './admin-branches.repository';

// Back-office branches (issue #14): staff read every branch; an administrator changes its address, hours,
// contacts, place on the map and whether it takes pickups. Every change is audited with before → after.

type Patch = z.output<typeof adminBranchPatch>;

async function withWarehouses(db: Db, rows: BranchRow[]): Promise<AdminBranch[]> {
  const stores = await warehousesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    city: { id: row.cityId, title: row.cityTitle, slug: row.citySlug },
    title: row.title,
    street: row.street,
    phone_number: row.phoneNumber,
    email: row.email,
    work_time: row.workHours,
    description: row.description,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    is_active: row.isActive,
    warehouses: stores.filter((w) => w.branchId === row.id).map((w) => ({ id: w.id, title: w.title })),
  }));
}

export async function branchesForStaff(db: Db): Promise<AdminBranch[]> {
  return withWarehouses(db, await listBranches(db));
}

/** Contract field → column, for the change and its audit entry. */
const FIELDS = {
  title: 'title',
  street: 'street',
  phone_number: 'phoneNumber',
  email: 'email',
  work_time: 'workHours',
  description: 'description',
  latitude: 'latitude',
  longitude: 'longitude',
  is_active: 'isActive',
} as const satisfies Record<keyof AdminBranchPatch, keyof typeof branches.$inferSelect>;

export async function updateBranch(db: Db, id: number, patch: Patch, userId: number): Promise<AdminBranch> {
  await db.transaction(async (tx) => {
    const current = await lockBranch(tx, id);
    if (!current) throw notFound();
    const values: Record<string, unknown> = {};
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [field, column] of Object.entries(FIELDS) as [keyof Patch, (typeof FIELDS)[keyof Patch]][]) {
      const next = patch[field];
      if (next === undefined) continue;
      const before =
        column === 'latitude' || column === 'longitude' ? Number(current[column]) : current[column];
      if (before === next) continue;
      values[column] = column === 'latitude' || column === 'longitude' ? String(next) : next;
      changes[field] = { from: before, to: next };
    }
    if (Object.keys(values).length === 0) return;
    await writeBranch(tx, id, values);
    await recordAudit(tx, { userId, action: 'branch.update', entity: 'branch', entityId: id, data: changes });
  });
  const [branch] = await withWarehouses(db, await listBranches(db, [id]));
  if (!branch) throw notFound();
  return branch;
}
