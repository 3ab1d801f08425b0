import { and, asc, eq, isNull, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banners, categories, infoPages, showcases } from '../../db/schema';

// Rows of the back office's content: banners (with the category they belong to), info pages, the default
// showcase. Writers lock the row they change, so two admins saving at once apply one after the other.

const bannerColumns = {
  id: banners.id,
  title: banners.title,
  subtitle: banners.subtitle,
  image: banners.image,
  url: banners.url,
  sort: banners.sort,
  isActive: banners.isActive,
  categoryId: banners.categoryId,
  categorySlug: categories.slug,
  categoryTitle: categories.title,
};

/** Every banner: the home page's first, then by category, each place in its order. */
export function listBannerRows(db: Db, id?: number) {
  const query = db
    .select(bannerColumns)
    .from(banners)
    .leftJoin(categories, eq(categories.id, banners.categoryId))
    .orderBy(
      sql`${banners.categoryId} is not null`,
      asc(categories.title),
      asc(banners.sort),
      asc(banners.id),
    );
  return id === undefined ? query : query.where(eq(banners.id, id));
}
export type BannerRow = Awaited<ReturnType<typeof listBannerRows>>[number];

export async function lockBanner(tx: Db, id: number) {
  const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
  return row;
}

export async function categoryBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ id: categories.id, slug: categories.slug, title: categories.title })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  return row;
}

const samePlace = (categoryId: number | null) =>
  categoryId === null ? isNull(banners.categoryId) : eq(banners.categoryId, categoryId);

/** The banners of one place (home: null), locked, in their order. */
export function lockPlace(tx: Db, categoryId: number | null) {
  return tx
    .select({ id: banners.id, sort: banners.sort })
    .from(banners)
    .where(samePlace(categoryId))
    .orderBy(asc(banners.sort), asc(banners.id))
    .for('update');
}

export async function nextBannerSort(tx: Db, categoryId: number | null): Promise<number> {
  const [row] = await tx
    .select({ top: max(banners.sort) })
    .from(banners)
    .where(samePlace(categoryId));
  return row?.top === null || row?.top === undefined ? 10 : row.top + 10;
}

export async function insertBanner(tx: Db, values: typeof banners.$inferInsert): Promise<number> {
  const [row] = await tx.insert(banners).values(values).returning({ id: banners.id });
  return row!.id;
}

export async function writeBanner(tx: Db, id: number, values: Partial<typeof banners.$inferInsert>) {
  await tx.update(banners).set(values).where(eq(banners.id, id));
}

export async function removeBanner(tx: Db, id: number) {
  await tx.delete(banners).where(eq(banners.id, id));
}

// ---- info pages ----

const pageSummary = {
  id: infoPages.id,
  title: infoPages.title,
  slug: infoPages.slug,
  sort: infoPages.sort,
  isPublished: infoPages.isPublished,
  updatedAt: infoPages.updatedAt,
};

export function listPageRows(db: Db) {
  return db.select(pageSummary).from(infoPages).orderBy(asc(infoPages.sort), asc(infoPages.id));
}

export async function readPage(db: Db, id: number, lock = false) {
  const query = db.select().from(infoPages).where(eq(infoPages.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}
export type PageRow = typeof infoPages.$inferSelect;

/** Whether another page (not `exceptId`) has this address. */
export async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: infoPages.id })
    .from(infoPages)
    .where(
      exceptId === undefined
        ? eq(infoPages.slug, slug)
        : and(eq(infoPages.slug, slug), ne(infoPages.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

export async function nextPageSort(tx: Db): Promise<number> {
  const [row] = await tx.select({ top: max(infoPages.sort) }).from(infoPages);
  return row?.top === null || row?.top === undefined ? 10 : row.top + 10;
}

export async function insertPage(tx: Db, values: typeof infoPages.$inferInsert): Promise<number> {
  const [row] = await tx.insert(infoPages).values(values).returning({ id: infoPages.id });
  return row!.id;
}

export async function writePage(tx: Db, id: number, values: Partial<typeof infoPages.$inferInsert>) {
  await tx
    .update(infoPages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(infoPages.id, id));
}

export async function removePage(tx: Db, id: number) {
  await tx.delete(infoPages).where(eq(infoPages.id, id));
}

// ---- the default showcase ----

export async function readDefaultShowcase(db: Db, lock = false) {
  const query = db.select().from(showcases).where(eq(showcases.isDefault, true));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}
export type ShowcaseSettingsRow = typeof showcases.$inferSelect;

export async function writeShowcase(tx: Db, id: number, values: Partial<typeof showcases.$inferInsert>) {
  await tx.update(showcases).set(values).where(eq(showcases.id, id));
}
