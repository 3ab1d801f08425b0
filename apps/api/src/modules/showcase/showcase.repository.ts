import { eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branches, showcases } from '../../db/schema';

/** The showcase's settings with the counts pages quote (so no page types a number the branch list contradicts). */
export type ShowcaseRow = typeof showcases.$inferSelect & { branchesCount: number; citiesCount: number };

/** The showcase configured for this host, else the default one (ordered so the host match wins). */
export async function findShowcaseForHost(db: Db, host: string | null): Promise<ShowcaseRow | undefined> {
  const where = host
    ? or(eq(showcases.host, host), eq(showcases.isDefault, true))
    : eq(showcases.isDefault, true);
  const rows = await db
    .select({
      ...getTableColumns(showcases),
      branchesCount: sql<number>`(select count(*)::int from ${branches} where ${branches.isActive})`,
      citiesCount: sql<number>`(select count(distinct ${branches.cityId})::int from ${branches} where ${branches.isActive})`,
    })
    .from(showcases)
    .where(where)
    // `host = x` is NULL for the default row's NULL host, and NULLs sort first under DESC: compare `is true`.
    .orderBy(sql`(${showcases.host} = ${host ?? ''}) is true desc`)
    .limit(1);
  return rows[0];
}
