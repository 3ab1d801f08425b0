import { createHash } from 'node:crypto';
import {
  CATALOG_MESSAGES,
  normalizeArticle,
  PRODUCT_IMAGES_MAX,
  productUrl,
  type AdminProduct,
  type AdminProductPatch,
  type AdminStockResponse,
  type AdminStockUpdate,
} from '@podbor/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { transportDirectory } from '../../lib/catalog/transport.directory';
import { eventHub, publish, type CatalogChanged } from '../../lib/events';
import { badRequest, detailError, notFound } from '../../lib/http-error';
import { sanitizeStaffHtml } from '../../lib/staff-html';

import {
  addSearchWords,
  existingIds,
  readProduct,
  readPropertyDefs,
  readStock,
  replaceAnalogues,
  replacePropertyValues,
  replaceTransports,
  setStock,
  updateProductColumns,
  type ProductColumns,
  type ProductRow,
  type PropertyDefRow,
  type StockRow,
} from './admin-catalog.repository';

// Back-office product editing (issue #14). Each write runs in one transaction that locks the product row, refuses
// an edit made on an older version (409), writes the change with its audit entry (before → after of each changed
// field) and announces `catalog.changed` with pg_notify, which PostgreSQL delivers to every API process only when
// the transaction commits: their listing, facet, search and category caches drop it at once.

type PropertyValue = { property_id: number; value_id: number | null; num_value: number | null };
type PatchBody = Omit<AdminProductPatch, 'analogues' | 'properties'> & {
  analogues?: { id: number; is_original: boolean }[];
  properties?: PropertyValue[];
};

type AuditChange = { action: string; data: Record<string, unknown> };

/**
 * The one write sequence of the product editor: in one transaction, lock the product row, let `change` check and
 * write, record its audit entry and announce `catalog.changed` (pg_notify, delivered to every API process when
 * the transaction commits); then this process clears its own caches at once, without waiting for its own
 * notification to come back. `change` gives `audit: null` when nothing changed: no entry, no event.
 */
async function writeProduct<T>(
  db: Db,
  id: number,
  staffUserId: number,
  entity: 'product' | 'stock',
  change: (tx: Db, row: ProductRow) => Promise<{ audit: AuditChange | null; result: () => Promise<T> }>,
): Promise<T> {
  const event: CatalogChanged = { type: 'catalog.changed', entity, ids: [id] };
  let changed = false;
  const result = await db.transaction(async (tx) => {
    const row = await readProduct(tx, id, true);
    if (!row) throw notFound();
    const { audit, result: read } = await change(tx, row);
    if (audit) {
      await recordAudit(tx, { userId: staffUserId, entity: 'product', entityId: id, ...audit });
      await publish(tx, event);
      changed = true;
    }
    return read();
  });
  if (changed) eventHub(db).deliver(event);
  return result;
}

/** The editable state (not the stock, which orders move all day) reduced to a short fingerprint. */
function versionOf(row: ProductRow): string {
  const editable = {
    ...row,
    properties: row.properties.map((p) => [p.property_id, p.value_id, p.num_value]),
  };
  return createHash('sha256').update(JSON.stringify(editable)).digest('base64url').slice(0, 22);
}

async function toAdminProduct(db: Db, row: ProductRow, stock: StockRow[]): Promise<AdminProduct> {
  // One after the other: `db` may be the editor's transaction, whose one connection runs one query at a time.
  const vehicles = await transportDirectory(db).get();
  const defs = await readPropertyDefs(db, row.category_id);
  return {
    id: row.id,
    slug: row.slug,
    url: productUrl(row.category_path, row.slug),
    title: row.title,
    article: row.article,
    manufacturer_id: row.manufacturer_id,
    category_id: row.category_id,
    price: row.price,
    old_price: row.old_price,
    description: row.description,
    installation: row.installation,
    with_installation: row.with_installation,
    is_active: row.is_active,
    is_universal: row.is_universal,
    images: row.images,
    properties: row.properties.map((p) => ({
      property_id: p.property_id,
      title: p.title,
      type: p.type,
      value_id: p.value_id,
      num_value: p.num_value,
      value: p.value ?? (p.num_value === null ? '' : `${p.num_value}${p.unit ? ` ${p.unit}` : ''}`),
    })),
    category_properties: defs.map((d) => ({
      id: d.id,
      title: d.title,
      type: d.type,
      unit: d.unit,
      values: d.type === 'RANGE' ? [] : d.values,
    })),
    transports: row.transport_ids.map((id) => {
      const vehicle = vehicles.byId.get(id);
      return {
        id,
        label: vehicle?.label ?? `#${id}`,
        brand: vehicle?.brand.title ?? '',
        model: vehicle?.model.title ?? '',
      };
    }),
    analogues: row.analogues,
    stock,
    version: versionOf(row),
  };
}

export async function productForEditing(db: Db, id: number): Promise<AdminProduct> {
  const row = await readProduct(db, id);
  if (!row) throw notFound();
  return toAdminProduct(db, row, await readStock(db, id));
}

const propertiesOf = (row: ProductRow): PropertyValue[] =>
  row.properties.map((p) => ({ property_id: p.property_id, value_id: p.value_id, num_value: p.num_value }));

/**
 * Property values checked against the product's category (after this edit): only properties the category offers,
 * a listed value of that property for CHECKBOX/RADIO, a number for RANGE. Entries with neither value are dropped
 * (the property is cleared).
 */
function propertyErrors(values: readonly PropertyValue[], defs: readonly PropertyDefRow[]): string[] {
  const byId = new Map(defs.map((d) => [d.id, d]));
  const errors: string[] = [];
  const seen = new Set<number>();
  for (const v of values) {
    const def = byId.get(v.property_id);
    if (!def) errors.push(CATALOG_MESSAGES.unknownProperty);
    else if (seen.has(def.id)) errors.push(CATALOG_MESSAGES.duplicateProperty(def.title));
    else if (!def.in_category) errors.push(CATALOG_MESSAGES.propertyNotOfCategory(def.title));
    else if (def.type === 'RANGE') {
      if (v.value_id !== null) errors.push(CATALOG_MESSAGES.propertyNeedsNumber(def.title));
    } else if (v.num_value !== null) errors.push(CATALOG_MESSAGES.propertyNeedsChoice(def.title));
    else if (v.value_id !== null && !def.values.some((pv) => pv.id === v.value_id))
      errors.push(CATALOG_MESSAGES.foreignPropertyValue(def.title));
    seen.add(v.property_id);
  }
  return [...new Set(errors)];
}

/** Fields of the body that differ from the row, as before → after pairs for the audit log. */
function changesOf(
  row: ProductRow,
  next: Record<string, unknown>,
): Record<string, { before: unknown; after: unknown }> {
  const before: Record<string, unknown> = {
    title: row.title,
    article: row.article,
    manufacturer_id: row.manufacturer_id,
    category_id: row.category_id,
    price: row.price,
    old_price: row.old_price,
    description: row.description,
    installation: row.installation,
    with_installation: row.with_installation,
    is_active: row.is_active,
    is_universal: row.is_universal,
    images: row.images,
    transports: row.transport_ids,
    analogues: row.analogues.map((a) => ({ id: a.id, is_original: a.is_original })),
    properties: propertiesOf(row),
  };
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, after] of Object.entries(next)) {
    if (after === undefined) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after)) changes[key] = { before: before[key], after };
  }
  return changes;
}

async function validateReferences(tx: Db, id: number, row: ProductRow, body: PatchBody): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (
    body.category_id !== undefined &&
    !(await existingIds(tx, 'categories', [body.category_id])).has(body.category_id)
  )
    errors.category_id = [CATALOG_MESSAGES.unknownCategory];
  if (
    body.manufacturer_id != null &&
    !(await existingIds(tx, 'manufacturers', [body.manufacturer_id])).has(body.manufacturer_id)
  )
    errors.manufacturer_id = [CATALOG_MESSAGES.unknownManufacturer];
  if (body.transports) {
    const found = await existingIds(tx, 'transports', body.transports);
    if (body.transports.some((t) => !found.has(t))) errors.transports = [CATALOG_MESSAGES.unknownTransports];
  }
  if (body.properties) {
    const defs = await readPropertyDefs(
      tx,
      body.category_id ?? row.category_id,
      body.properties.map((p) => p.property_id),
    );
    const propertyProblems = propertyErrors(body.properties, defs);
    if (propertyProblems.length > 0) errors.properties = propertyProblems;
  }
  if (body.analogues) {
    const ids = body.analogues.map((a) => a.id);
    if (ids.includes(id)) errors.analogues = [CATALOG_MESSAGES.selfAnalogue];
    else {
      const found = await existingIds(tx, 'products', ids);
      if (ids.some((a) => !found.has(a))) errors.analogues = [CATALOG_MESSAGES.unknownAnalogues];
    }
  }
  // Images are uploaded through their own call; an edit may only reorder or drop the product's own.
  if (body.images && body.images.some((src) => storedImage(row, src) === undefined))
    errors.images = [CATALOG_MESSAGES.unknownImages];
  const price = body.price ?? row.price;
  const oldPrice = body.old_price === undefined ? row.old_price : body.old_price;
  if (oldPrice !== null && oldPrice <= price && (body.price !== undefined || body.old_price !== undefined))
    errors.old_price = [CATALOG_MESSAGES.oldPriceNotHigher];
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

const unique = <T>(values: readonly T[]) => [...new Set(values)];

/**
 * The product's stored image path for an image as a client sends it back: the path itself, or the absolute URL
 * the API gave a client on another origin (plugins/media-urls.ts). Undefined for anything else.
 */
function storedImage(row: ProductRow, src: string): string | undefined {
  if (row.images.includes(src)) return src;
  return row.images.find((img) => src.endsWith(img) && /^https?:\/\/[^/]+$/.test(src.slice(0, -img.length)));
}

export async function updateProduct(
  db: Db,
  id: number,
  body: PatchBody,
  staffUserId: number,
): Promise<AdminProduct> {
  const current = async (tx: Db) => {
    const updated = await readProduct(tx, id);
    if (!updated) throw notFound();
    return toAdminProduct(tx, updated, await readStock(tx, id));
  };
  return writeProduct(db, id, staffUserId, 'product', async (tx, row) => {
    if (body.version !== versionOf(row)) throw detailError(409, CATALOG_MESSAGES.stale);
    await validateReferences(tx, id, row, body);

    const next = {
      title: body.title,
      article: body.article,
      manufacturer_id: body.manufacturer_id,
      category_id: body.category_id,
      price: body.price,
      old_price: body.old_price,
      description: body.description === undefined ? undefined : sanitizeStaffHtml(body.description),
      installation: body.installation === undefined ? undefined : sanitizeStaffHtml(body.installation),
      with_installation: body.with_installation,
      is_active: body.is_active,
      is_universal: body.is_universal,
      images:
        body.images === undefined ? undefined : unique(body.images.map((src) => storedImage(row, src)!)),
      transports: body.transports === undefined ? undefined : unique(body.transports).sort((a, b) => a - b),
      analogues:
        body.analogues === undefined
          ? undefined
          : [...new Map(body.analogues.map((a) => [a.id, a])).values()].sort((a, b) => a.id - b.id),
      properties:
        body.properties === undefined
          ? undefined
          : body.properties
              .filter((p) => p.value_id !== null || p.num_value !== null)
              .sort((a, b) => a.property_id - b.property_id),
    };
    const changes = changesOf(row, next);
    if (Object.keys(changes).length === 0) return { audit: null, result: () => current(tx) };

    const has = (key: keyof typeof next) => key in changes;
    const columns: ProductColumns = {
      title: has('title') ? next.title : undefined,
      article: has('article') ? next.article : undefined,
      articleNormalized: has('article') && next.article ? normalizeArticle(next.article) : undefined,
      manufacturerId: has('manufacturer_id') ? next.manufacturer_id : undefined,
      categoryId: has('category_id') ? next.category_id : undefined,
      price: has('price') ? next.price : undefined,
      oldPrice: has('old_price') ? next.old_price : undefined,
      description: has('description') ? next.description : undefined,
      installation: has('installation') ? next.installation : undefined,
      withInstallation: has('with_installation') ? next.with_installation : undefined,
      isActive: has('is_active') ? next.is_active : undefined,
      isUniversal: has('is_universal') ? next.is_universal : undefined,
      images: has('images') ? next.images : undefined,
    };
    await updateProductColumns(tx, id, columns);
    if (has('transports') && next.transports) await replaceTransports(tx, id, next.transports);
    if (has('analogues') && next.analogues) await replaceAnalogues(tx, id, next.analogues);
    if (has('properties') && next.properties) await replacePropertyValues(tx, id, next.properties);
    // The search vector is computed by the database from title and article_normalized; the spelling
    // dictionary learns the new title's words so a typo of them is corrected too.
    if (has('title') || has('article') || has('is_active')) await addSearchWords(tx, id);

    return { audit: { action: 'product.update', data: { changes } }, result: () => current(tx) };
  });
}

export async function updateStock(
  db: Db,
  id: number,
  body: AdminStockUpdate,
  staffUserId: number,
): Promise<AdminStockResponse> {
  return writeProduct(db, id, staffUserId, 'stock', async (tx) => {
    const current = await readStock(tx, id, true);
    const byWarehouse = new Map(current.map((s) => [s.warehouse_id, s]));
    const errors: string[] = [];
    const seen = new Set<number>();
    body.items.forEach((item, i) => {
      const row = byWarehouse.get(item.warehouse_id);
      if (seen.has(item.warehouse_id)) errors.push(`${i + 1}: ${CATALOG_MESSAGES.duplicateWarehouse}`);
      else if (!row) errors.push(`${i + 1}: ${CATALOG_MESSAGES.unknownWarehouse}`);
      else if (item.quantity < row.reserved)
        errors.push(`${row.warehouse}: ${CATALOG_MESSAGES.belowReserved(row.reserved)}`);
      seen.add(item.warehouse_id);
    });
    if (errors.length > 0) throw badRequest({ items: errors });

    const changes: Record<string, { before: number; after: number }> = {};
    for (const item of body.items) {
      const before = byWarehouse.get(item.warehouse_id)?.quantity ?? 0;
      if (before === item.quantity) continue;
      await setStock(tx, id, item.warehouse_id, item.quantity);
      changes[String(item.warehouse_id)] = { before, after: item.quantity };
    }
    if (Object.keys(changes).length === 0) return { audit: null, result: async () => current };
    return {
      audit: { action: 'product.stock', data: { warehouses: changes } },
      result: () => readStock(tx, id),
    };
  });
}

/** Appends an uploaded (already stored) image to the product's images. */
export async function addProductImage(
  db: Db,
  id: number,
  store: () => Promise<string>,
  staffUserId: number,
): Promise<AdminProduct> {
  return writeProduct(db, id, staffUserId, 'product', async (tx, row) => {
    if (row.images.length >= PRODUCT_IMAGES_MAX)
      throw badRequest({ image: [CATALOG_MESSAGES.tooManyImages] });
    const src = await store();
    const images = [...row.images, src];
    await updateProductColumns(tx, id, { images });
    return {
      audit: {
        action: 'product.image',
        data: { changes: { images: { before: row.images, after: images } } },
      },
      result: async () => toAdminProduct(tx, { ...row, images }, await readStock(tx, id)),
    };
  });
}
