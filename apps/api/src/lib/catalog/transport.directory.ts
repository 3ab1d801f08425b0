import { sql } from 'drizzle-orm';
import { formatTransportText, type TitleSlug } from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { parseRows, pgNumber } from '../../db/sql';
import { badRequest, notFound } from '../http-error';
import { perDb } from '../ttl-cache';
import { catalogValue } from './catalog-cache';

// Every selectable vehicle with its type, brand, model and engine. A few hundred to a few thousand rows that
// change only when staff edit the vehicle list, so each process holds them for a minute (the v2 walk, labels in
// search and the product fitment drill-down are then lookups in memory).

export const TRANSPORT_TTL_MS = 60_000;

export interface Named extends TitleSlug {
  id: number;
}

export interface TransportInfo {
  id: number;
  type: Named & { sort: number };
  brand: Named;
  model: Named;
  engine: Named;
  generation: string;
  yearFrom: number;
  yearTo: number;
  years: number[];
  /** SPEC §3 text form, e.g. `Lada Vesta 2015–2022 1.6 106`. */
  label: string;
  /** Lower-case label for search. */
  haystack: string;
}

export interface TransportDirectory {
  byId: ReadonlyMap<number, TransportInfo>;
  /** Brand, model, years, engine order. */
  list: readonly TransportInfo[];
  /** Newest first. */
  years: readonly number[];
}

const transportRow = z.object({
  id: pgNumber,
  generation: z.string(),
  year_from: pgNumber,
  year_to: pgNumber,
  model_id: pgNumber,
  model_slug: z.string(),
  model_title: z.string(),
  brand_id: pgNumber,
  brand_slug: z.string(),
  brand_title: z.string(),
  engine_id: pgNumber,
  engine_slug: z.string(),
  engine_title: z.string(),
  type_id: pgNumber,
  type_slug: z.string(),
  type_title: z.string(),
  type_sort: pgNumber,
});

async function load(db: Db): Promise<TransportDirectory> {
  const result = await parseRows(
    db,
    sql`select t.id, t.generation, t.year_from, t.year_to,
          m.id as model_id, m.slug as model_slug, m.title as model_title,
          b.id as brand_id, b.slug as brand_slug, b.title as brand_title,
          e.id as engine_id, e.slug as engine_slug, e.title as engine_title,
          vt.id as type_id, vt.slug as type_slug, vt.title as type_title, vt.sort as type_sort
        from transports t
        join vehicle_models m on m.id = t.model_id
        join vehicle_brands b on b.id = m.brand_id
        join engines e on e.id = t.engine_id
        join vehicle_types vt on vt.id = m.type_id
        order by b.title, m.title, t.year_from, e.title, t.id`,
    transportRow,
  );
  const list: TransportInfo[] = result.map((r) => {
    const yearFrom = r.year_from;
    const yearTo = r.year_to;
    const years: number[] = [];
    for (let y = yearFrom; y <= yearTo; y++) years.push(y);
    const info = {
      id: r.id,
      type: { id: r.type_id, slug: r.type_slug, title: r.type_title, sort: r.type_sort },
      brand: { id: r.brand_id, slug: r.brand_slug, title: r.brand_title },
      model: { id: r.model_id, slug: r.model_slug, title: r.model_title },
      engine: { id: r.engine_id, slug: r.engine_slug, title: r.engine_title },
      generation: r.generation,
      yearFrom,
      yearTo,
      years,
    };
    const label = formatTransportText(info);
    return { ...info, label, haystack: label.toLowerCase() };
  });
  const yearSet = new Set<number>();
  for (const t of list) for (const y of t.years) yearSet.add(y);
  return {
    byId: new Map(list.map((t) => [t.id, t])),
    list,
    years: [...yearSet].sort((a, b) => b - a),
  };
}

/** The directory of the given database (one per app): reloaded at most once a minute, and after every catalogue change announced by any process (a seed, an import). */
export const transportDirectory = perDb((db: Db) => catalogValue(db, () => load(db), TRANSPORT_TTL_MS));

export const titleSlugOf = (n: TitleSlug): TitleSlug => ({ title: n.title, slug: n.slug });

// A vehicle id that names nothing is a 404 in a path and a 400 field error in a body.

export async function transportOr404(db: Db, id: number): Promise<number> {
  if (!(await transportDirectory(db).get()).byId.has(id)) throw notFound();
  return id;
}

export function transportOr400(
  dir: TransportDirectory,
  id: number | null | undefined,
  field = 'transport',
): number | null {
  if (id === null || id === undefined) return null;
  if (!dir.byId.has(id)) throw badRequest({ [field]: ['Транспорт не найден.'] });
  return id;
}
