import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { infoPages } from '../../db/schema';

// A page belongs to one showcase or (showcase_id null) to all of them.
const visibleTo = (showcaseId: number) =>
  and(
    eq(infoPages.isPublished, true),
    or(isNull(infoPages.showcaseId), eq(infoPages.showcaseId, showcaseId)),
  );

export function listMenu(db: Db, showcaseId: number) {
  return db
    .select({ title: infoPages.title, slug: infoPages.slug, sort: infoPages.sort })
    .from(infoPages)
    .where(visibleTo(showcaseId))
    .orderBy(asc(infoPages.sort), asc(infoPages.id));
}

export async function findPage(db: Db, showcaseId: number, slug: string) {
  const rows = await db
    .select({ title: infoPages.title, slug: infoPages.slug, text: infoPages.text })
    .from(infoPages)
    .where(and(visibleTo(showcaseId), eq(infoPages.slug, slug)))
    .limit(1);
  return rows[0];
}
