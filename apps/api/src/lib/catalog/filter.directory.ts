import { sql } from 'drizzle-orm';
import { FILTER_TYPES, type FilterType } from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { parseRows, pgNumber } from '../../db/sql';
import { perDb } from '../ttl-cache';
import { catalogValue } from './catalog-cache';
import { CATEGORY_TTL_MS, type Category } from './category.directory';

// Filter definitions (properties, their listed values, which category offers which) — reference data
// held per process for a minute like the category tree.

export interface PropertyValue {
  id: number;
  value: string;
  title: string;
}

export interface Property {
  id: number;
  slug: string;
  title: string;
  type: FilterType;
  unit: string;
  values: PropertyValue[];
  valuesByKey: ReadonlyMap<string, PropertyValue>;
}

export interface FilterDirectory {
  byId: ReadonlyMap<number, Property>;
  /** Property ids offered on a category page, in order. */
  byCategory: ReadonlyMap<number, number[]>;
}

const propertyRow = z.object({
  id: pgNumber,
  slug: z.string(),
  title: z.string(),
  type: z.enum(FILTER_TYPES),
  unit: z.string(),
});
const valueRow = z.object({ id: pgNumber, property_id: pgNumber, value: z.string(), title: z.string() });
const linkRow = z.object({ category_id: pgNumber, property_id: pgNumber });

async function load(db: Db): Promise<FilterDirectory> {
  const [props, values, links] = await Promise.all([
    parseRows(db, sql`select id, slug, title, type, unit from properties order by id`, propertyRow),
    parseRows(
      db,
      sql`select id, property_id, value, title from property_values order by property_id, sort, id`,
      valueRow,
    ),
    parseRows(
      db,
      sql`select category_id, property_id from category_properties order by category_id, sort, property_id`,
      linkRow,
    ),
  ]);
  const byId = new Map<number, Property>();
  for (const p of props) {
    byId.set(p.id, {
      id: p.id,
      slug: p.slug,
      title: p.title,
      type: p.type,
      unit: p.unit,
      values: [],
      valuesByKey: new Map(),
    });
  }
  for (const v of values) {
    const p = byId.get(v.property_id);
    if (!p) continue;
    const value = { id: v.id, value: v.value, title: v.title };
    p.values.push(value);
    (p.valuesByKey as Map<string, PropertyValue>).set(v.value, value);
  }
  const byCategory = new Map<number, number[]>();
  for (const l of links) {
    const list = byCategory.get(l.category_id) ?? [];
    list.push(l.property_id);
    byCategory.set(l.category_id, list);
  }
  return { byId, byCategory };
}

export const filterDirectory = perDb((db: Db) => catalogValue(db, () => load(db), CATEGORY_TTL_MS));

/** The category's own filters; a category without any offers the union of its descendants' in tree order. */
export function propertiesFor(dir: FilterDirectory, category: Category): Property[] {
  const own = dir.byCategory.get(category.id);
  const ids =
    own && own.length > 0
      ? own
      : [...new Set(category.subtreeIds.flatMap((id) => dir.byCategory.get(id) ?? []))];
  return ids.map((id) => dir.byId.get(id)).filter((p): p is Property => p !== undefined);
}
