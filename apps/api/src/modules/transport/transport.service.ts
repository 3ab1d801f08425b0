import type {
  TransportBrandsResponse,
  TransportDetailResponse,
  TransportEnginesResponse,
  TransportModelsResponse,
} from '@podbor/contract';
import type { Db } from '../../db/client';
import {
  titleSlugOf,
  transportDirectory,
  type TransportDirectory,
  type TransportInfo,
} from '../../lib/catalog/transport.directory';
import { notFound } from '../../lib/http-error';

// The v2 vehicle walk: year → vehicle types with their brands → models → engines (each a transport id), and
// one vehicle's description; all from the transport directory held in memory.

const directory = (db: Db) => transportDirectory(db).get();

export const transportYears = async (db: Db) => yearsOf(await directory(db));

export const transportBrands = async (db: Db, year: string) => brandsOf(await directory(db), Number(year));

export const transportModels = async (db: Db, year: string, type: string, brand: string) =>
  modelsOf(await directory(db), Number(year), type, brand);

export const transportEngines = async (db: Db, year: string, type: string, brand: string, model: string) =>
  enginesOf(await directory(db), Number(year), type, brand, model);

export async function transportById(db: Db, id: number): Promise<TransportDetailResponse> {
  const t = (await directory(db)).byId.get(id);
  if (!t) throw notFound();
  return transportDetail(t);
}

const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title, 'ru');

function inYear(dir: TransportDirectory, year: number): TransportInfo[] {
  return dir.list.filter((t) => t.yearFrom <= year && year <= t.yearTo);
}

function yearsOf(dir: TransportDirectory): string[] {
  return dir.years.map(String);
}

function brandsOf(dir: TransportDirectory, year: number): TransportBrandsResponse {
  const types = new Map<number, { sort: number; title: string; slug: string; brands: Map<string, string> }>();
  for (const t of inYear(dir, year)) {
    let type = types.get(t.type.id);
    if (!type) {
      type = { sort: t.type.sort, title: t.type.title, slug: t.type.slug, brands: new Map() };
      types.set(t.type.id, type);
    }
    type.brands.set(t.brand.slug, t.brand.title);
  }
  return [...types.values()]
    .sort((a, b) => a.sort - b.sort || byTitle(a, b))
    .map((type) => ({
      title: type.title,
      slug: type.slug,
      brands: [...type.brands].map(([slug, title]) => ({ title, slug })).sort(byTitle),
    }));
}

/** Unknown type or brand slugs are a 404; a known brand without models that year is an empty list. */
function assertKnown(dir: TransportDirectory, type: string, brand: string) {
  if (!dir.list.some((t) => t.type.slug === type)) throw notFound();
  if (!dir.list.some((t) => t.brand.slug === brand)) throw notFound();
}

function modelsOf(
  dir: TransportDirectory,
  year: number,
  type: string,
  brand: string,
): TransportModelsResponse {
  assertKnown(dir, type, brand);
  const models = new Map<string, string>();
  for (const t of inYear(dir, year)) {
    if (t.type.slug === type && t.brand.slug === brand) models.set(t.model.slug, t.model.title);
  }
  return [...models].map(([slug, title]) => ({ title, slug })).sort(byTitle);
}

function enginesOf(
  dir: TransportDirectory,
  year: number,
  type: string,
  brand: string,
  model: string,
): TransportEnginesResponse {
  assertKnown(dir, type, brand);
  if (!dir.list.some((t) => t.brand.slug === brand && t.model.slug === model)) throw notFound();
  const found = inYear(dir, year).filter(
    (t) => t.type.slug === type && t.brand.slug === brand && t.model.slug === model,
  );
  // Two generations can share an engine in a changeover year: the generation then tells them apart.
  const counts = new Map<string, number>();
  for (const t of found) counts.set(t.engine.slug, (counts.get(t.engine.slug) ?? 0) + 1);
  return found
    .map((t) => ({
      title:
        (counts.get(t.engine.slug) ?? 0) > 1 && t.generation
          ? `${t.engine.title} (${t.generation})`
          : t.engine.title,
      slug: t.engine.slug,
      transport_id: t.id,
    }))
    .sort(byTitle);
}

function transportDetail(t: TransportInfo): TransportDetailResponse {
  return {
    id: t.id,
    type: titleSlugOf(t.type),
    brand: titleSlugOf(t.brand),
    model: titleSlugOf(t.model),
    engine: titleSlugOf(t.engine),
    years: t.years,
    label: t.label,
  };
}
