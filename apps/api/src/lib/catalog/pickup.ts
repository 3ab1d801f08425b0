import {
  parseWorkHours,
  shopMomentInstant,
  transferLabel,
  transferReady,
  type PickupBranch,
  type PickupTransfer,
  type ShopMoment,
} from '@podbor/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { parseRows, pgNumber } from '../../db/sql';

// Pickup where the stock is (issue #17): for each active branch of a city, the units it has of a product now or
// the transfer from the branch of the city that brings them soonest. Opening hours are the branches' free-text
// `work_hours`, read by the contract's parseWorkHours (so the dates match what the back office shows).

const branchRow = z.object({
  id: pgNumber,
  title: z.string(),
  street: z.string(),
  work_hours: z.string(),
});
export type CityBranch = z.infer<typeof branchRow>;

/** The active branches of a city in display order. */
export async function cityBranches(db: Db, cityId: number | null): Promise<CityBranch[]> {
  if (cityId === null) return [];
  return parseRows(
    db,
    sql`select id, title, street, work_hours from branches
        where city_id = ${cityId} and is_active order by sort, id`,
    branchRow,
  );
}

/** The soonest transfer to `to` of `quantity` units from another branch that has them; null: none has. */
export function soonestTransfer(
  branches: readonly CityBranch[],
  available: ReadonlyMap<number, number>,
  to: CityBranch,
  quantity: number,
  now: Date,
): { transfer: PickupTransfer; ready: ShopMoment } | null {
  const toHours = parseWorkHours(to.work_hours);
  let best: { transfer: PickupTransfer; ready: ShopMoment } | null = null;
  for (const from of branches) {
    if (from.id === to.id || (available.get(from.id) ?? 0) < quantity) continue;
    const ready = transferReady(parseWorkHours(from.work_hours), toHours, now);
    // Branches come in display order: on a tie the first one sends.
    if (
      best &&
      (best.ready.date < ready.date ||
        (best.ready.date === ready.date && best.ready.minutes <= ready.minutes))
    )
      continue;
    best = {
      ready,
      transfer: {
        from_branch_id: from.id,
        from_branch_title: from.title,
        ready_at: shopMomentInstant(ready).toISOString(),
        label: transferLabel(from.title, ready, now),
      },
    };
  }
  return best;
}

/**
 * The product page's `pickup` list: every branch with its units now, or its soonest transfer. Empty when no
 * branch of the city has the product (the supplier offer speaks then).
 */
export function pickupList(
  branches: readonly CityBranch[],
  available: ReadonlyMap<number, number>,
  now: Date = new Date(),
): PickupBranch[] {
  if (!branches.some((b) => (available.get(b.id) ?? 0) > 0)) return [];
  return branches.map((b) => {
    const quantity = Math.max(0, available.get(b.id) ?? 0);
    return {
      branch_id: b.id,
      title: b.title,
      street: b.street,
      work_hours: b.work_hours,
      quantity,
      transfer: quantity > 0 ? null : (soonestTransfer(branches, available, b, 1, now)?.transfer ?? null),
    };
  });
}
