import { createHash } from 'node:crypto';
import {
  CONTENT_MESSAGES,
  hoursError,
  pageSlugFromTitle,
  type AdminBanner,
  type AdminDeleted,
  type AdminPage,
  type AdminPageSummary,
  type AdminShowcase,
  type adminBannerCreate,
  type adminBannerPatch,
  type adminBannersReorder,
  type adminPageCreate,
  type adminPagePatch,
  type adminShowcasePatch,
} from '@podbor/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { showcases } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { eventHub, publish, type ContentChanged } from '../../lib/events';
import { badRequest, detailError, notFound } from '../../lib/http-error';
import { sanitizeStaffHtml } from '../../lib/staff-html';
import {
  categoryBySlug,
  insertBanner,
  insertPage,
  listBannerRows,
  listPageRows,
  lockBanner,
  lockPlace,
  nextBannerSort,
  nextPageSort,
  readDefaultShowcase,
  readPage,
  removeBanner,
  removePage,
  slugTaken,
  writeBanner,
  writePage,
  writeShowcase,
  type BannerRow,
  type PageRow,
  type ShowcaseSettingsRow,
} from './admin-content.repository';

// Back-office content (issue #14): banners, info pages and the default showcase's settings. Every write runs in one
// transaction with its audit entry (before → after) and a `content.changed` event that PostgreSQL hands to every
// API process when it commits; this process applies it at once too. Pages and settings refuse an edit made on an
// older version (409): two admins editing the same text never overwrite each other unseen.

type Changes = Record<string, { from: unknown; to: unknown }>;

/** Runs a content write and announces it, here at once and to the other processes on commit. */
async function write<T>(db: Db, event: ContentChanged, work: (tx: Db) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const value = await work(tx);
    await publish(tx, event);
    return value;
  });
  eventHub(db).deliver(event);
  return result;
}

function diff(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [key, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[key];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

const fingerprint = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);

// ---- banners ----

function toBanner(row: BannerRow): AdminBanner {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    image: row.image,
    url: row.url,
    category:
      row.categoryId === null
        ? null
        : { id: row.categoryId, slug: row.categorySlug ?? '', title: row.categoryTitle ?? '' },
    sort: row.sort,
    is_active: row.isActive,
  };
}

export async function bannersForStaff(db: Db): Promise<AdminBanner[]> {
  return (await listBannerRows(db)).map(toBanner);
}

async function bannerById(db: Db, id: number): Promise<AdminBanner> {
  const [row] = await listBannerRows(db, id);
  if (!row) throw notFound();
  return toBanner(row);
}

/** Category slug → id; null stays the home page; an unknown slug is a field error. */
async function placeOf(db: Db, slug: string | null): Promise<number | null> {
  if (slug === null) return null;
  const category = await categoryBySlug(db, slug);
  if (!category) throw badRequest({ category: [CONTENT_MESSAGES.unknownCategory] });
  return category.id;
}

const bannerEvent = (ids: number[]): ContentChanged => ({ type: 'content.changed', entity: 'banner', ids });

export async function createBanner(
  db: Db,
  body: z.output<typeof adminBannerCreate>,
  userId: number,
): Promise<AdminBanner> {
  const categoryId = await placeOf(db, body.category);
  const id = await write(db, bannerEvent([]), async (tx) => {
    await lockPlace(tx, categoryId);
    const values = {
      title: body.title,
      subtitle: body.subtitle,
      url: body.url,
      categoryId,
      sort: body.sort ?? (await nextBannerSort(tx, categoryId)),
      isActive: body.is_active,
      image: '',
    };
    const newId = await insertBanner(tx, values);
    await recordAudit(tx, {
      userId,
      action: 'banner.create',
      entity: 'banner',
      entityId: newId,
      data: diff({}, { ...body, sort: values.sort }),
    });
    return newId;
  });
  return bannerById(db, id);
}

export async function updateBanner(
  db: Db,
  id: number,
  body: z.output<typeof adminBannerPatch>,
  userId: number,
): Promise<AdminBanner> {
  const categoryId = body.category === undefined ? undefined : await placeOf(db, body.category);
  await write(db, bannerEvent([id]), async (tx) => {
    const row = await lockBanner(tx, id);
    if (!row) throw notFound();
    const before = {
      title: row.title,
      subtitle: row.subtitle,
      url: row.url,
      category_id: row.categoryId,
      sort: row.sort,
      is_active: row.isActive,
    };
    const after = {
      title: body.title,
      subtitle: body.subtitle,
      url: body.url,
      category_id: categoryId,
      sort:
        body.sort ??
        (categoryId !== undefined && categoryId !== row.categoryId
          ? await nextBannerSort(tx, categoryId)
          : undefined),
      is_active: body.is_active,
    };
    const changes = diff(before, after);
    if (Object.keys(changes).length === 0) return;
    await writeBanner(tx, id, {
      title: after.title,
      subtitle: after.subtitle,
      url: after.url,
      categoryId: after.category_id,
      sort: after.sort,
      isActive: after.is_active,
    });
    await recordAudit(tx, { userId, action: 'banner.update', entity: 'banner', entityId: id, data: changes });
  });
  return bannerById(db, id);
}

export async function setBannerImage(
  db: Db,
  id: number,
  store: () => Promise<string>,
  userId: number,
): Promise<AdminBanner> {
  await write(db, bannerEvent([id]), async (tx) => {
    const row = await lockBanner(tx, id);
    if (!row) throw notFound();
    const image = await store();
    await writeBanner(tx, id, { image });
    await recordAudit(tx, {
      userId,
      action: 'banner.image',
      entity: 'banner',
      entityId: id,
      data: { image: { from: row.image, to: image } },
    });
  });
  return bannerById(db, id);
}

export async function deleteBanner(db: Db, id: number, userId: number): Promise<AdminDeleted> {
  await write(db, bannerEvent([id]), async (tx) => {
    const row = await lockBanner(tx, id);
    if (!row) throw notFound();
    await removeBanner(tx, id);
    await recordAudit(tx, {
      userId,
      action: 'banner.delete',
      entity: 'banner',
      entityId: id,
      data: { title: { from: row.title, to: null }, image: { from: row.image, to: null } },
    });
  });
  return { id };
}

export async function reorderBanners(
  db: Db,
  body: z.output<typeof adminBannersReorder>,
  userId: number,
): Promise<AdminBanner[]> {
  const categoryId = await placeOf(db, body.category);
  await write(db, bannerEvent(body.ids), async (tx) => {
    const current = await lockPlace(tx, categoryId);
    const sameSet =
      new Set(body.ids).size === body.ids.length &&
      body.ids.length === current.length &&
      current.every((b) => body.ids.includes(b.id));
    if (!sameSet) throw badRequest({ ids: [CONTENT_MESSAGES.reorderMismatch] });
    const before = current.map((b) => b.id);
    if (before.every((bid, i) => bid === body.ids[i])) return;
    for (const [i, bid] of body.ids.entries()) await writeBanner(tx, bid, { sort: (i + 1) * 10 });
    await recordAudit(tx, {
      userId,
      action: 'banner.reorder',
      entity: 'banner',
      entityId: categoryId ?? 'home',
      data: { order: { from: before, to: body.ids } },
    });
  });
  return bannersForStaff(db);
}

// ---- info pages ----

/** /api/v1/pages/menu/ is the menu's own address: no page may take it. */
const RESERVED_SLUGS = new Set(['menu']);

const pageEditable = (row: PageRow) => ({
  title: row.title,
  slug: row.slug,
  text: row.text,
  sort: row.sort,
  is_published: row.isPublished,
});

function toSummary(
  row: Pick<PageRow, 'id' | 'title' | 'slug' | 'sort' | 'isPublished' | 'updatedAt'>,
): AdminPageSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    sort: row.sort,
    is_published: row.isPublished,
    updated_at: row.updatedAt.toISOString(),
  };
}

function toPage(row: PageRow): AdminPage {
  return {
    ...toSummary(row),
    text: row.text,
    url: `/pages/${row.slug}`,
    version: fingerprint(pageEditable(row)),
  };
}

export async function pagesForStaff(db: Db): Promise<AdminPageSummary[]> {
  return (await listPageRows(db)).map(toSummary);
}

export async function pageForEditing(db: Db, id: number): Promise<AdminPage> {
  const row = await readPage(db, id);
  if (!row) throw notFound();
  return toPage(row);
}

async function checkSlug(db: Db, slug: string, exceptId?: number) {
  if (RESERVED_SLUGS.has(slug) || (await slugTaken(db, slug, exceptId)))
    throw badRequest({ slug: [CONTENT_MESSAGES.slugTaken] });
}

/** A free address from the title: `dostavka`, else `dostavka-2`, `dostavka-3`… */
async function freeSlugFor(db: Db, title: string): Promise<string> {
  const base = pageSlugFromTitle(title);
  if (!base) throw badRequest({ slug: [CONTENT_MESSAGES.slugEmpty] });
  for (let n = 1; n < 1000; n += 1) {
    const slug = n === 1 ? base : `${base.slice(0, 95)}-${n}`;
    if (!RESERVED_SLUGS.has(slug) && !(await slugTaken(db, slug))) return slug;
  }
  throw badRequest({ slug: [CONTENT_MESSAGES.slugTaken] });
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Two admins taking one address at the same moment: the unique index refuses the second, as a field error. */
async function slugSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest({ slug: [CONTENT_MESSAGES.slugTaken] });
    throw err;
  }
}

const pageEvent = (ids: number[]): ContentChanged => ({ type: 'content.changed', entity: 'page', ids });

export async function createPage(
  db: Db,
  body: z.output<typeof adminPageCreate>,
  userId: number,
): Promise<AdminPage> {
  const slug = body.slug || (await freeSlugFor(db, body.title));
  if (body.slug) await checkSlug(db, slug);
  const id = await slugSafe(() =>
    write(db, pageEvent([]), async (tx) => {
      const values = {
        title: body.title,
        slug,
        text: sanitizeStaffHtml(body.text),
        sort: body.sort ?? (await nextPageSort(tx)),
        isPublished: body.is_published,
      };
      const newId = await insertPage(tx, values);
      await recordAudit(tx, {
        userId,
        action: 'page.create',
        entity: 'page',
        entityId: newId,
        data: diff(
          {},
          {
            title: values.title,
            slug,
            text: values.text,
            sort: values.sort,
            is_published: values.isPublished,
          },
        ),
      });
      return newId;
    }),
  );
  return pageForEditing(db, id);
}

export async function updatePage(
  db: Db,
  id: number,
  body: z.output<typeof adminPagePatch>,
  userId: number,
): Promise<AdminPage> {
  if (body.slug !== undefined) await checkSlug(db, body.slug, id);
  await slugSafe(() =>
    write(db, pageEvent([id]), async (tx) => {
      const row = await readPage(tx, id, true);
      if (!row) throw notFound();
      if (body.version !== fingerprint(pageEditable(row))) throw detailError(409, CONTENT_MESSAGES.pageStale);
      const changes = diff(pageEditable(row), {
        title: body.title,
        slug: body.slug,
        text: body.text === undefined ? undefined : sanitizeStaffHtml(body.text),
        sort: body.sort,
        is_published: body.is_published,
      });
      if (Object.keys(changes).length === 0) return;
      const to = <T>(key: string) => (key in changes ? (changes[key]!.to as T) : undefined);
      await writePage(tx, id, {
        title: to<string>('title'),
        slug: to<string>('slug'),
        text: to<string>('text'),
        sort: to<number>('sort'),
        isPublished: to<boolean>('is_published'),
      });
      await recordAudit(tx, { userId, action: 'page.update', entity: 'page', entityId: id, data: changes });
    }),
  );
  return pageForEditing(db, id);
}

export async function deletePage(db: Db, id: number, userId: number): Promise<AdminDeleted> {
  await write(db, pageEvent([id]), async (tx) => {
    const row = await readPage(tx, id, true);
    if (!row) throw notFound();
    await removePage(tx, id);
    await recordAudit(tx, {
      userId,
      action: 'page.delete',
      entity: 'page',
      entityId: id,
      data: diff(pageEditable(row), { title: null, slug: null, text: null, sort: null, is_published: null }),
    });
  });
  return { id };
}

// ---- showcase settings ----

type ShowcasePatch = z.output<typeof adminShowcasePatch>;
type SettingField = Exclude<keyof ShowcasePatch, 'version' | 'metric_id'>;

/** Contract field → column. */
const SETTINGS = {
  title: 'title',
  phone: 'phone',
  email: 'email',
  tagline: 'tagline',
  description: 'description',
  footer_text: 'footerText',
  privacy_policy_link: 'privacyPolicyLink',
  social_link_vk: 'socialLinkVk',
  social_link_instagram: 'socialLinkInstagram',
  social_link_facebook: 'socialLinkFacebook',
  work_hours_from: 'workHoursFrom',
  work_hours_to: 'workHoursTo',
  time_zone: 'timeZone',
  legal_name: 'legalName',
  inn: 'inn',
  ogrn: 'ogrn',
  legal_address: 'legalAddress',
  seo_tagline: 'seoTagline',
  seo_description: 'seoDescription',
  ga_id: 'gaId',
} as const satisfies Record<SettingField, keyof typeof showcases.$inferSelect>;

function settingsOf(row: ShowcaseSettingsRow): Omit<AdminShowcase, 'version'> {
  const values = Object.fromEntries(
    Object.entries(SETTINGS).map(([field, column]) => [field, String(row[column] ?? '')]),
  ) as Record<SettingField, string>;
  const metricId = Number(row.metrics?.metric_id ?? 0);
  return { ...values, metric_id: metricId > 0 ? String(metricId) : '' };
}

function toShowcase(row: ShowcaseSettingsRow): AdminShowcase {
  const settings = settingsOf(row);
  return { ...settings, version: fingerprint(settings) };
}

export async function showcaseForEditing(db: Db): Promise<AdminShowcase> {
  const row = await readDefaultShowcase(db);
  if (!row) throw notFound('Витрина не настроена.');
  return toShowcase(row);
}

export async function updateShowcase(db: Db, body: ShowcasePatch, userId: number): Promise<AdminShowcase> {
  const event: ContentChanged = { type: 'content.changed', entity: 'showcase', ids: [] };
  const saved = await write(db, event, async (tx) => {
    const row = await readDefaultShowcase(tx, true);
    if (!row) throw notFound('Витрина не настроена.');
    const before = settingsOf(row);
    if (body.version !== fingerprint(before)) throw detailError(409, CONTENT_MESSAGES.showcaseStale);
    const { version: _version, ...fields } = body;
    const changes = diff(before, fields);
    const from = (changes.work_hours_from?.to as string | undefined) ?? before.work_hours_from;
    const to = (changes.work_hours_to?.to as string | undefined) ?? before.work_hours_to;
    const hours = hoursError(from, to);
    if (hours) throw badRequest({ [hours.field]: [hours.message] });
    if (Object.keys(changes).length === 0) return row;
    const values: Partial<typeof showcases.$inferInsert> = {};
    for (const [field, column] of Object.entries(SETTINGS) as [
      SettingField,
      (typeof SETTINGS)[SettingField],
    ][])
      if (field in changes) (values as Record<string, unknown>)[column] = changes[field]!.to;
    if ('metric_id' in changes)
      values.metrics = { ...(row.metrics ?? {}), metric_id: Number(changes.metric_id!.to) || 0 };
    await writeShowcase(tx, row.id, values);
    await recordAudit(tx, {
      userId,
      action: 'showcase.update',
      entity: 'showcase',
      entityId: row.id,
      data: changes,
    });
    return { ...row, ...values };
  });
  return toShowcase(saved);
}
