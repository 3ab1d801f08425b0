import { sql, type SQL } from 'drizzle-orm';
import type { CategoryNode } from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { intArray, parseRows, pgNumber, pgNumberOrNull, pgTextArray } from '../../db/sql';
import { notFound } from '../http-error';
import { perDb } from '../ttl-cache';
import { catalogCache, catalogValue } from './catalog-cache';

// The category tree with product counts. Categories are a few dozen to a few thousand rows and the counts
// move only when products are added or switched off, so both are held per process for a minute:
//   - the tree and the direct counts per category (all products, and the universal ones among them), summed
//     from category_product_counts, which triggers on products keep (migration 0021);
//   - per vehicle, the direct counts of the products fitted to it (`product_transports`), on first use.
// "found" for a vehicle = fitted + universal products. Both caches are dropped in every process when a catalogue
// write commits (lib/catalog/catalog-cache.ts); `invalidate()` drops them in this process only.

export const CATEGORY_TTL_MS = 60_000;
const MAX_TRANSPORTS_CACHED = 5_000;

export interface Category {
  id: number;
  parentId: number | null;
  slug: string;
  title: string;
  description: string;
  image: string | null;
  depth: number;
  /** Slug chain root → self. */
  path: string[];
  isService: boolean;
  seoTitle: string;
  seoDescription: string;
  children: Category[];
  /** Self and every descendant, self first. */
  subtreeIds: number[];
  /** Root → self. */
  ancestors: Category[];
}

export interface CategoryTree {
  roots: Category[];
  byId: ReadonlyMap<number, Category>;
  bySlug: ReadonlyMap<string, Category>;
  /** Active products directly in the category. */
  directTotal: ReadonlyMap<number, number>;
  /** Active universal products directly in the category (they fit every vehicle). */
  directUniversal: ReadonlyMap<number, number>;
  /**
   * Categories hidden by staff, with their whole subtrees: not in this tree, and their products left out of every
   * storefront read (`p.category_id <> all(hiddenIds)`).
   */
  hiddenIds: readonly number[];
}

const categoryRow = z.object({
  id: pgNumber,
  parent_id: pgNumberOrNull,
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  depth: pgNumber,
  path: pgTextArray,
  is_service: z.boolean(),
  seo_title: z.string(),
  seo_description: z.string(),
  is_hidden: z.boolean(),
});

const countRow = z.object({ category_id: pgNumber, total: pgNumber, universal: pgNumber });

const fittedRow = z.object({ category_id: pgNumber, found: pgNumber });

async function loadTree(db: Db): Promise<CategoryTree> {
  const [categoryRows, countRows] = await Promise.all([
    parseRows(
      db,
      sql`select id, parent_id, slug, title, description, image, depth, path, is_service, seo_title, seo_description,
            is_hidden
          from categories order by sort, title, id`,
      categoryRow,
    ),
    parseRows(
      db,
      // Kept by triggers on products (migration 0021): a few rows per category, whatever the catalogue's size.
      sql`select category_id, sum(total)::int as total, sum(universal)::int as universal
          from category_product_counts group by category_id having sum(total) <> 0`,
      countRow,
    ),
  ]);
  // A hidden category and everything under it are left out of the storefront's tree.
  const parentOf = new Map(categoryRows.map((r) => [r.id, r]));
  const hidden = new Set<number>();
  const isHidden = (id: number, seen = 0): boolean => {
    const r = parentOf.get(id);
    if (!r || seen > categoryRows.length) return false;
    return r.is_hidden || (r.parent_id !== null && isHidden(r.parent_id, seen + 1));
  };
  for (const r of categoryRows) if (isHidden(r.id)) hidden.add(r.id);
  const byId = new Map<number, Category>();
  for (const r of categoryRows) {
    if (hidden.has(r.id)) continue;
    byId.set(r.id, {
      id: r.id,
      parentId: r.parent_id,
      slug: r.slug,
      title: r.title,
      description: r.description,
      image: r.image,
      depth: r.depth,
      path: r.path,
      isService: r.is_service,
      seoTitle: r.seo_title,
      seoDescription: r.seo_description,
      children: [],
      subtreeIds: [],
      ancestors: [],
    });
  }
  const roots: Category[] = [];
  for (const c of byId.values()) {
    const parent = c.parentId === null ? undefined : byId.get(c.parentId);
    if (parent) parent.children.push(c);
    else roots.push(c);
  }
  const walk = (c: Category, ancestors: Category[]): number[] => {
    c.ancestors = [...ancestors, c];
    // The stored path is kept by writers; rebuilt here from the tree so URLs never disagree with parents.
    c.path = c.ancestors.map((a) => a.slug);
    c.subtreeIds = [c.id, ...c.children.flatMap((child) => walk(child, c.ancestors))];
    return c.subtreeIds;
  };
  for (const root of roots) walk(root, []);
  const directTotal = new Map<number, number>();
  const directUniversal = new Map<number, number>();
  for (const r of countRows) {
    directTotal.set(r.category_id, r.total);
    directUniversal.set(r.category_id, r.universal);
  }
  return {
    roots,
    byId,
    bySlug: new Map([...byId.values()].map((c) => [c.slug, c])),
    directTotal,
    directUniversal,
    hiddenIds: [...hidden],
  };
}

/** Direct counts of active, non-universal products fitted to one vehicle, by category. */
async function loadFitted(db: Db, transportId: number): Promise<Map<number, number>> {
  const result = await parseRows(
    db,
    // Kept by triggers on product_transports (migration 0022): a few rows per category the vehicle has parts in,
    // whatever the number of its fitment rows (issue #18).
    sql`select category_id, sum(found)::int as found
        from transport_category_counts
        where transport_id = ${transportId}
        group by category_id having sum(found) <> 0`,
    fittedRow,
  );
  return new Map(result.map((r) => [r.category_id, r.found]));
}

export interface CategoryDirectory {
  tree(): Promise<CategoryTree>;
  /** Direct "found" per category: for a vehicle fitted + universal, without one the totals. */
  found(transportId: number | null): Promise<ReadonlyMap<number, number>>;
  /** Direct counts of the products fitted to the vehicle itself (universal ones not counted), by category. */
  fitted(transportId: number): Promise<ReadonlyMap<number, number>>;
  invalidate(): void;
}

export const categoryDirectory = perDb((db: Db): CategoryDirectory => {
  const tree = catalogValue(db, () => loadTree(db), CATEGORY_TTL_MS);
  const fitted = catalogCache<number, Map<number, number>>(db, CATEGORY_TTL_MS, MAX_TRANSPORTS_CACHED);
  return {
    tree: () => tree.get(),
    async found(transportId) {
      const t = await tree.get();
      if (transportId === null) return t.directTotal;
      const own = await fitted.get(transportId, () => loadFitted(db, transportId));
      const result = new Map<number, number>();
      for (const id of t.byId.keys()) {
        const n = (own.get(id) ?? 0) + (t.directUniversal.get(id) ?? 0);
        if (n > 0) result.set(id, n);
      }
      return result;
    },
    fitted: (transportId) => fitted.get(transportId, () => loadFitted(db, transportId)),
    invalidate() {
      tree.invalidate();
      fitted.clear();
    },
  };
});

/**
 * The storefront's condition on a product's category (`column`, default `p.category_id`): not a hidden category nor
 * one under it. Always true while nothing is hidden.
 */
export function visibleCategorySql(tree: CategoryTree, column: SQL = sql`p.category_id`): SQL {
  return tree.hiddenIds.length === 0 ? sql`true` : sql`${column} <> all(${intArray(tree.hiddenIds)})`;
}

/** The category a path's slug names, or 404. */
export function categoryOr404(tree: CategoryTree, slug: string): Category {
  const category = tree.bySlug.get(slug);
  if (!category) throw notFound();
  return category;
}

export interface NodeOptions {
  /** Nest children down to this many levels below the node (0 = none). */
  depth: number;
}

/** A category as the API-SHAPES §6 node, counts summed over the subtree. */
export function toNode(
  tree: CategoryTree,
  found: ReadonlyMap<number, number>,
  c: Category,
  opts: NodeOptions,
  /** With a vehicle: its own fitted counts (`fitted` of the node). */
  fitted?: ReadonlyMap<number, number>,
): CategoryNode {
  const sum = (m: ReadonlyMap<number, number>) => c.subtreeIds.reduce((acc, id) => acc + (m.get(id) ?? 0), 0);
  const node: CategoryNode = {
    title: c.title,
    slug: c.slug,
    image: c.image,
    found: sum(found),
    total: sum(tree.directTotal),
    category_found: found.get(c.id) ?? 0,
    category_total: tree.directTotal.get(c.id) ?? 0,
  };
  if (fitted) node.fitted = sum(fitted);
  if (opts.depth > 0)
    node.children = c.children.map((child) => toNode(tree, found, child, { depth: opts.depth - 1 }, fitted));
  return node;
}

/**
 * Folds category_product_counts into one row per category, and transport_category_counts into one per vehicle and
 * category (housekeeping; on the primary). One statement each: the rows it deletes are the rows it sums, so a
 * change appended meanwhile by another transaction is kept, and two folds at once each fold what they deleted.
 */
export async function foldCategoryCounts(db: Db): Promise<void> {
  await db.execute(
    sql`with gone as (delete from category_product_counts returning category_id, total, universal)
        insert into category_product_counts (category_id, total, universal)
        select category_id, sum(total), sum(universal) from gone group by category_id
        having sum(total) <> 0 or sum(universal) <> 0`,
  );
  await db.execute(
    sql`with gone as (delete from transport_category_counts returning transport_id, category_id, found)
        insert into transport_category_counts (transport_id, category_id, found)
        select transport_id, category_id, sum(found) from gone group by transport_id, category_id
        having sum(found) <> 0`,
  );
}
