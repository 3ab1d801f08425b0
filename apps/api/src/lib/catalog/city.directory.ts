import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { parseRows, pgNumber } from '../../db/sql';
import { perDb } from '../ttl-cache';
import { catalogValue } from './catalog-cache';
import { CATEGORY_TTL_MS } from './category.directory';

// Cities by slug, for the X-City header (stock per warehouse, installation prices). The first city in
// display order is the default when a request names none or an unknown one (a stale cookie must not fail).

const cityRow = z.object({ id: pgNumber, slug: z.string(), title: z.string() });

export type City = z.infer<typeof cityRow>;

export interface CityDirectory {
  bySlug: ReadonlyMap<string, City>;
  fallback: City | null;
}

async function load(db: Db): Promise<CityDirectory> {
  const list = await parseRows(
    db,
    sql`select c.id, c.slug, c.title from cities c join regions r on r.id = c.region_id order by r.sort, r.id, c.sort, c.id`,
    cityRow,
  );
  return { bySlug: new Map(list.map((c) => [c.slug, c])), fallback: list[0] ?? null };
}

/** The cities (one per app): reloaded at most once a minute, and after every catalogue change announced by any process (a seed, an import). */
export const cityDirectory = perDb((db: Db) => catalogValue(db, () => load(db), CATEGORY_TTL_MS));

export const CITY_HEADER = 'x-city';

/** The city named (by slug) in the body, else the X-City header, else the default city. */
export function pickCity(dir: CityDirectory, request: FastifyRequest, explicit?: string | null): City | null {
  const header = request.headers[CITY_HEADER];
  const fromHeader = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  for (const slug of [explicit, fromHeader]) {
    const city = slug ? dir.bySlug.get(slug) : undefined;
    if (city) return city;
  }
  return dir.fallback;
}
