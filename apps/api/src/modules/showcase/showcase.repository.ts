import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { showcases } from '../../db/schema';

export type ShowcaseRow = typeof showcases.$inferSelect;

/** The showcase configured for this host, else the default one (ordered so the host match wins). */
export async function findShowcaseForHost(db: Db, host: string | null): Promise<ShowcaseRow | undefined> {
  const where = host
    ? or(eq(showcases.host, host), eq(showcases.isDefault, true))
    : eq(showcases.isDefault, true);
  const rows = await db
    .select()
    .from(showcases)
    .where(where)
    // `host = x` is NULL for the default row's NULL host, and NULLs sort first under DESC: compare `is true`.
    .orderBy(sql`(${showcases.host} = ${host ?? ''}) is true desc`)
    .limit(1);
  return rows[0];
}
