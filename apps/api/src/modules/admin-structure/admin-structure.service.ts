import { createHash } from 'node:crypto';
import {
  slugFromTitle,
  STRUCTURE_MESSAGES,
  type AdminCategory,
  type AdminCategoryCreate,
  type AdminCategoryMove,
  type AdminCategoryPatch,
  type AdminManufacturer,
  type AdminManufacturerCreate,
  type AdminManufacturerListQuery,
  type AdminManufacturerListResponse,
  type AdminManufacturerPatch,
} from '@podbor/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { eventHub, publish, type CatalogChanged } from '../../lib/events';
import { badRequest, detailError, notFound } from '../../lib/http-error';
import {
  childIds,
  deleteCategoryRow,
  deleteManufacturerRow,
  insertCategory,
  insertManufacturer,
  readCategories,
  readCategory,
  readManufacturer,
  renumber,
  rewriteSubtreePaths,
  searchManufacturers,
  slugTaken,
  subtreeIds,
  updateCategoryColumns,
  updateManufacturerColumns,
  type CategoryRow,
  type ManufacturerRow,
} from './admin-structure.repository';

// The catalogue's structure in the back office (issue #14): the category tree and the manufacturers. Each write
// runs in one transaction that locks the row, refuses an edit made on an older `version` (409), keeps the tree's
// derived columns (depth, path of the whole subtree, sibling order) in step, writes its audit entry (before →
// after) and announces `catalog.changed` with pg_notify, so every API process drops its cached tree, listings,
// facets and search answers when the transaction commits.

type Changes = Record<string, { before: unknown; after: unknown }>;

const fingerprint = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);

/**
 * What an editor may change of a category. Its position among siblings is left out: moving a sibling renumbers
 * the others, and that must not make their open editors stale.
 */
function categoryVersion(row: CategoryRow): string {
  return fingerprint([
    row.id,
    row.parent_id,
    row.title,
    row.slug,
    row.description,
    row.seo_title,
    row.seo_description,
    row.is_hidden,
  ]);
}

function manufacturerVersion(row: ManufacturerRow): string {
  return fingerprint([row.id, row.title, row.slug, row.country, row.description, row.logo]);
}

/** Fields of `next` that differ from `before`, as before → after pairs. */
function diff(before: Record<string, unknown>, next: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [key, after] of Object.entries(next)) {
    if (after === undefined) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after)) changes[key] = { before: before[key], after };
  }
  return changes;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Runs a catalogue write and clears this process's caches at once (others hear the commit's notification). */
async function catalogWrite<T>(
  db: Db,
  event: CatalogChanged,
  work: (tx: Db) => Promise<{ result: T; changed: boolean }>,
): Promise<T> {
  let done: { result: T; changed: boolean };
  try {
    done = await db.transaction(async (tx) => {
      const out = await work(tx);
      if (out.changed) await publish(tx, event);
      return out;
    });
  } catch (err) {
    // Two admins taking the same free slug at once: the second commit meets the unique index, not a 500.
    if (isUniqueViolation(err))
      throw badRequest({
        slug: [
          event.entity === 'category'
            ? STRUCTURE_MESSAGES.categorySlugTaken
            : STRUCTURE_MESSAGES.manufacturerSlugTaken,
        ],
      });
    throw err;
  }
  const { result, changed } = done;
  if (changed) eventHub(db).deliver(event);
  return result;
}

// ---- categories ----

/** The tree, flat in display order (depth-first, siblings by position), with subtree counts. */
function toAdminTree(rows: CategoryRow[]): AdminCategory[] {
  const children = new Map<number | null, CategoryRow[]>();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const r of rows) {
    // A row whose parent is missing cannot happen (foreign key); it would be shown at the top level.
    const parent = r.parent_id !== null && byId.has(r.parent_id) ? r.parent_id : null;
    const list = children.get(parent) ?? [];
    list.push(r);
    children.set(parent, list);
  }
  const out: AdminCategory[] = [];
  const walk = (r: CategoryRow, hiddenAbove: boolean): number => {
    const node: AdminCategory = {
      id: r.id,
      parent_id: r.parent_id,
      title: r.title,
      slug: r.slug,
      sort: r.sort,
      depth: r.depth,
      path: r.path,
      description: r.description,
      seo_title: r.seo_title,
      seo_description: r.seo_description,
      is_service: r.is_service,
      is_hidden: r.is_hidden,
      hidden_on_site: hiddenAbove || r.is_hidden,
      products_count: r.own_products,
      own_products_count: r.own_products,
      children_count: children.get(r.id)?.length ?? 0,
      version: categoryVersion(r),
    };
    out.push(node);
    for (const child of children.get(r.id) ?? []) node.products_count += walk(child, node.hidden_on_site);
    return node.products_count;
  };
  for (const root of children.get(null) ?? []) walk(root, false);
  return out;
}

export async function categoryTree(db: Db): Promise<AdminCategory[]> {
  return toAdminTree(await readCategories(db));
}

async function categoryOut(tx: Db, id: number): Promise<AdminCategory> {
  const node = toAdminTree(await readCategories(tx)).find((c) => c.id === id);
  if (!node) throw notFound();
  return node;
}

/** The slug to store: the one given, else the title's transliteration; refused when empty or taken. */
async function categorySlug(tx: Db, slug: string | undefined, title: string, exceptId: number | null) {
  const value = slug || slugFromTitle(title);
  if (!value) throw badRequest({ slug: [STRUCTURE_MESSAGES.slugFromTitle] });
  if (await slugTaken(tx, 'categories', value, exceptId))
    throw badRequest({ slug: [STRUCTURE_MESSAGES.categorySlugTaken] });
  return value;
}

export async function createCategory(
  db: Db,
  body: AdminCategoryCreate,
  staffUserId: number,
): Promise<AdminCategory> {
  const event: CatalogChanged = { type: 'catalog.changed', entity: 'category', ids: [] };
  return catalogWrite(db, event, async (tx) => {
    const parentId = body.parent_id ?? null;
    if (parentId !== null && !(await readCategory(tx, parentId, true)))
      throw badRequest({ parent_id: [STRUCTURE_MESSAGES.unknownParent] });
    const slug = await categorySlug(tx, body.slug, body.title, null);
    const siblings = await childIds(tx, parentId);
    const id = await insertCategory(tx, { title: body.title, slug, parentId, sort: siblings.length });
    event.ids.push(id);
    await recordAudit(tx, {
      userId: staffUserId,
      action: 'category.create',
      entity: 'category',
      entityId: id,
      data: {
        changes: {
          title: { before: null, after: body.title },
          slug: { before: null, after: slug },
          parent_id: { before: null, after: parentId },
        },
      },
    });
    return { result: await categoryOut(tx, id), changed: true };
  });
}

async function lockedCategory(tx: Db, id: number, version: string): Promise<CategoryRow> {
  const row = await readCategory(tx, id, true);
  if (!row) throw notFound();
  if (version !== categoryVersion(row)) throw detailError(409, STRUCTURE_MESSAGES.categoryStale);
  return row;
}

export async function updateCategory(
  db: Db,
  id: number,
  body: AdminCategoryPatch,
  staffUserId: number,
): Promise<AdminCategory> {
  const event: CatalogChanged = { type: 'catalog.changed', entity: 'category', ids: [id] };
  return catalogWrite(db, event, async (tx) => {
    const row = await lockedCategory(tx, id, body.version);
    // An emptied slug field means "make it from the (new) title again".
    const slug = body.slug === undefined ? undefined : body.slug || slugFromTitle(body.title ?? row.title);
    const changes = diff(row, {
      title: body.title,
      slug,
      description: body.description,
      seo_title: body.seo_title,
      seo_description: body.seo_description,
      is_hidden: body.is_hidden,
    });
    if (Object.keys(changes).length === 0) return { result: await categoryOut(tx, id), changed: false };
    if (changes.slug) await categorySlug(tx, slug, body.title ?? row.title, id);
    await updateCategoryColumns(tx, id, {
      title: changes.title ? body.title : undefined,
      slug: changes.slug ? slug : undefined,
      description: changes.description ? body.description : undefined,
      seoTitle: changes.seo_title ? body.seo_title : undefined,
      seoDescription: changes.seo_description ? body.seo_description : undefined,
      isHidden: changes.is_hidden ? body.is_hidden : undefined,
    });
    // Every URL under the category is built from the slug chain: the whole subtree's paths follow.
    if (changes.slug) await rewriteSubtreePaths(tx, id);
    const action =
      changes.is_hidden && Object.keys(changes).length === 1
        ? body.is_hidden
          ? 'category.hide'
          : 'category.show'
        : 'category.update';
    await recordAudit(tx, {
      userId: staffUserId,
      action,
      entity: 'category',
      entityId: id,
      data: { changes },
    });
    return { result: await categoryOut(tx, id), changed: true };
  });
}

export async function moveCategory(
  db: Db,
  id: number,
  body: AdminCategoryMove,
  staffUserId: number,
): Promise<AdminCategory[]> {
  const event: CatalogChanged = { type: 'catalog.changed', entity: 'category', ids: [id] };
  return catalogWrite(db, event, async (tx) => {
    const row = await lockedCategory(tx, id, body.version);
    const parentId = body.parent_id;
    if (parentId !== null) {
      if ((await subtreeIds(tx, id)).includes(parentId))
        throw badRequest({ parent_id: [STRUCTURE_MESSAGES.moveIntoItself] });
      if (!(await readCategory(tx, parentId, true)))
        throw badRequest({ parent_id: [STRUCTURE_MESSAGES.unknownParent] });
    }
    const oldSiblings = await childIds(tx, row.parent_id);
    const before = { parent_id: row.parent_id, position: oldSiblings.indexOf(id) };
    const sameParent = parentId === row.parent_id;
    const siblings = (sameParent ? oldSiblings : await childIds(tx, parentId)).filter((s) => s !== id);
    const position = Math.min(body.position, siblings.length);
    siblings.splice(position, 0, id);
    const after = { parent_id: parentId, position };
    if (sameParent && before.position === position) {
      // Nothing moves; the order is still written out if it had gaps, without an audit entry.
      await renumber(tx, siblings);
      return { result: toAdminTree(await readCategories(tx)), changed: false };
    }
    if (!sameParent) {
      await updateCategoryColumns(tx, id, { parentId });
      await rewriteSubtreePaths(tx, id);
      await renumber(
        tx,
        oldSiblings.filter((s) => s !== id),
      );
    }
    await renumber(tx, siblings);
    await recordAudit(tx, {
      userId: staffUserId,
      action: 'category.move',
      entity: 'category',
      entityId: id,
      data: { changes: diff(before, after) },
    });
    return { result: toAdminTree(await readCategories(tx)), changed: true };
  });
}

export async function deleteCategory(db: Db, id: number, staffUserId: number): Promise<{ id: number }> {
  const event: CatalogChanged = { type: 'catalog.changed', entity: 'category', ids: [id] };
  return catalogWrite(db, event, async (tx) => {
    const row = await readCategory(tx, id, true);
    if (!row) throw notFound();
    const children = await childIds(tx, id);
    if (children.length > 0) throw detailError(409, STRUCTURE_MESSAGES.categoryHasChildren(children.length));
    if (row.own_products > 0)
      throw detailError(409, STRUCTURE_MESSAGES.categoryHasProducts(row.own_products));
    await deleteCategoryRow(tx, id);
    await renumber(tx, await childIds(tx, row.parent_id));
    await recordAudit(tx, {
      userId: staffUserId,
      action: 'category.delete',
      entity: 'category',
      entityId: id,
      data: {
        before: { title: row.title, slug: row.slug, parent_id: row.parent_id, is_hidden: row.is_hidden },
      },
    });
    return { result: { id }, changed: true };
  });
}

// ---- manufacturers ----

const toAdminManufacturer = (row: ManufacturerRow): AdminManufacturer => ({
  ...row,
  version: manufacturerVersion(row),
});

export async function manufacturerList(
  db: Db,
  query: AdminManufacturerListQuery,
): Promise<AdminManufacturerListResponse> {
  const { total, rows } = await searchManufacturers(db, query.q, query.page, query.size);
  const pages = Math.max(1, Math.ceil(total / query.size));
  return { current: query.page, pages, total, results: rows.map(toAdminManufacturer) };
}

async function manufacturerSlug(tx: Db, slug: string | undefined, title: string, exceptId: number | null) {
  const value = slug || slugFromTitle(title);
  if (!value) throw badRequest({ slug: [STRUCTURE_MESSAGES.slugFromTitle] });
  if (await slugTaken(tx, 'manufacturers', value, exceptId))
    throw badRequest({ slug: [STRUCTURE_MESSAGES.manufacturerSlugTaken] });
  return value;
}

async function manufacturerOut(tx: Db, id: number): Promise<AdminManufacturer> {
  const row = await readManufacturer(tx, id);
  if (!row) throw notFound();
  return toAdminManufacturer(row);
}

export async function createManufacturer(
  db: Db,
  body: AdminManufacturerCreate,
  staffUserId: number,
): Promise<AdminManufacturer> {
  const event: CatalogChanged = { type: 'catalog.changed', entity: 'manufacturer', ids: [] };
  return catalogWrite(db, event, async (tx) => {
    const values = {
      title: body.title,
      slug: await manufacturerSlug(tx, body.slug, body.title, null),
      country: body.country ?? '',
      description: body.description ?? '',
    };
    const id = await insertManufacturer(tx, values);
    event.ids.push(id);
    await recordAudit(tx, {
      userId: staffUserId,
      action: 'manufacturer.create',
      entity: 'manufacturer',
      entityId: id,
      data: { changes: diff({}, values) },
    });
    return { result: await manufacturerOut(tx, id), changed: true };
  });
}

async function lockedManufacturer(tx: Db, id: number, version?: string): Promise<ManufacturerRow> {
  const row = await readManufacturer(tx, id, true);
  if (!row) throw notFound();
  if (version !== undefined && version !== manufacturerVersion(row))
    throw detailError(409, STRUCTURE_MESSAGES.manufacturerStale);
  return row;
}

export async function updateManufacturer(
  db: Db,
  id: number,
  body: AdminManufacturerPatch,
  staffUserId: number,
): Promise<AdminManufacturer> {
  const event: CatalogChanged = { type: 'catalog.changed', entity: 'manufacturer', ids: [id] };
  return catalogWrite(db, event, async (tx) => {
    const row = await lockedManufacturer(tx, id, body.version);
    const slug = body.slug === undefined ? undefined : body.slug || slugFromTitle(body.title ?? row.title);
    const changes = diff(row, {
      title: body.title,
      slug,
      country: body.country,
      description: body.description,
      logo: body.logo,
    });
    if (Object.keys(changes).length === 0) return { result: toAdminManufacturer(row), changed: false };
    if (changes.slug) await manufacturerSlug(tx, slug, body.title ?? row.title, id);
    await updateManufacturerColumns(tx, id, {
      title: changes.title ? body.title : undefined,
      slug: changes.slug ? slug : undefined,
      country: changes.country ? body.country : undefined,
      description: changes.description ? body.description : undefined,
      logo: changes.logo ? null : undefined,
    });
    await recordAudit(tx, {
      userId: staffUserId,
      action: 'manufacturer.update',
      entity: 'manufacturer',
      entityId: id,
      data: { changes },
    });
    return { result: await manufacturerOut(tx, id), changed: true };
  });
}

/** Sets an uploaded (already stored) logo. */
export async function setManufacturerLogo(
  db: Db,
  id: number,
  store: () => Promise<string>,
  staffUserId: number,
): Promise<AdminManufacturer> {
  const event: CatalogChanged = { type: 'catalog.changed', entity: 'manufacturer', ids: [id] };
  return catalogWrite(db, event, async (tx) => {
    const row = await lockedManufacturer(tx, id);
    const logo = await store();
    await updateManufacturerColumns(tx, id, { logo });
    await recordAudit(tx, {
      userId: staffUserId,
      action: 'manufacturer.logo',
      entity: 'manufacturer',
      entityId: id,
      data: { changes: { logo: { before: row.logo, after: logo } } },
    });
    return { result: await manufacturerOut(tx, id), changed: true };
  });
}

export async function deleteManufacturer(db: Db, id: number, staffUserId: number): Promise<{ id: number }> {
  const event: CatalogChanged = { type: 'catalog.changed', entity: 'manufacturer', ids: [id] };
  return catalogWrite(db, event, async (tx) => {
    const row = await lockedManufacturer(tx, id);
    if (row.products_count > 0)
      throw detailError(409, STRUCTURE_MESSAGES.manufacturerHasProducts(row.products_count));
    await deleteManufacturerRow(tx, id);
    await recordAudit(tx, {
      userId: staffUserId,
      action: 'manufacturer.delete',
      entity: 'manufacturer',
      entityId: id,
      data: { before: { title: row.title, slug: row.slug, country: row.country, logo: row.logo } },
    });
    return { result: { id }, changed: true };
  });
}
