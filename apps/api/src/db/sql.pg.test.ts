import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl } from '../../test/db-template';
import { createDb, customPlanPool, fixedPlanPool, type DbHandle } from './client';
import { parseRowsPrepared, pgNumber } from './sql';

// Issue #18: the catalogue's statements are prepared by name, so each connection parses them once. Those whose
// plan depends on the values are still planned per call; those with one right plan are planned once. A pool that
// lost its plan_cache_mode would silently plan a price range once for every input (190 ms where 2 ms will do), so
// this checks what PostgreSQL itself reports. `*.pg.test.ts` files need TEST_DATABASE_URL.

const pgUrl = process.env.TEST_DATABASE_URL;
const row = z.object({ n: pgNumber });
const planRow = z.object({ generic_plans: pgNumber, custom_plans: pgNumber });

describe.runIf(pgUrl)('statements prepared by name (PostgreSQL)', () => {
  let handle: DbHandle;

  beforeAll(async () => {
    // One connection in the main pool; the fixed-plan pool's connections are reused last-in first-out, so calls
    // one after the other meet the same connection.
    handle = await createDb({ databaseUrl: adminUrl(pgUrl!), poolSize: 1 });
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** How the named statement `text` has been planned on `pool`'s (only busy) connection. */
  async function plans(pool: 'custom' | 'generic', marker: string) {
    const p = pool === 'custom' ? customPlanPool(handle.db)! : fixedPlanPool(handle.db)!;
    const r = await p.query(
      `select generic_plans, custom_plans from pg_prepared_statements where statement like $1`,
      [`%${marker}%`],
    );
    return r.rows.map((x) => planRow.parse(x));
  }

  it('parses once and plans with each call’s values on the main pool', async () => {
    // Seven calls: left to itself (plan_cache_mode=auto) PostgreSQL switches to one plan after the fifth.
    for (const v of [1, 2, 3, 4, 5, 6, 7]) {
      const [r] = await parseRowsPrepared(
        handle.db,
        sql`select ${v}::int + 1 as n /* custom-marker */`,
        row,
        'custom',
      );
      expect(r?.n).toBe(v + 1);
    }
    expect(await plans('custom', 'custom-marker')).toEqual([{ generic_plans: 0, custom_plans: 7 }]);
  });

  it('plans once for every input on the fixed-plan pool', async () => {
    for (const v of [5, 6, 7]) {
      const [r] = await parseRowsPrepared(
        handle.db,
        sql`select ${v}::int * 2 as n /* generic-marker */`,
        row,
        'generic',
      );
      expect(r?.n).toBe(v * 2);
    }
    const [p] = await plans('generic', 'generic-marker');
    expect(p?.custom_plans).toBe(0);
    expect(p?.generic_plans).toBeGreaterThanOrEqual(3);
  });

  it('each pool says its plan_cache_mode (drizzle’s unnamed statements are planned per call either way)', async () => {
    const r = await customPlanPool(handle.db)!.query('show plan_cache_mode');
    expect(r.rows[0]).toEqual({ plan_cache_mode: 'force_custom_plan' });
    const f = await fixedPlanPool(handle.db)!.query('show plan_cache_mode');
    expect(f.rows[0]).toEqual({ plan_cache_mode: 'force_generic_plan' });
  });
});
