import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-error';
import { transportDirectory, type TransportDirectory } from '../transport/transport.directory';
import { categoryDirectory, type Category, type CategoryTree } from './category.directory';
import { cityDirectory, pickCity } from './city.directory';
import { filterDirectory } from './filter.directory';
import { installationDirectory } from './installation.directory';
import type { DetailContext } from './product.service';

// Lookups shared by the catalogue routes: a slug or id that names nothing is a 404 in a path and a 400 field
// error in a body.

export function categoryOr404(tree: CategoryTree, slug: string): Category {
  const category = tree.bySlug.get(slug);
  if (!category) throw notFound();
  return category;
}

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

export async function detailContext(
  db: Db,
  request: FastifyRequest,
  transportId: number | null,
  city?: string | null,
): Promise<DetailContext> {
  const [tree, filters, installation, transports, cities] = await Promise.all([
    categoryDirectory(db).tree(),
    filterDirectory(db).get(),
    installationDirectory(db).get(),
    transportDirectory(db).get(),
    cityDirectory(db).get(),
  ]);
  return {
    tree,
    filters,
    installation,
    transports,
    city: pickCity(cities, request, city),
    // An unknown vehicle on a product page simply fits nothing.
    transportId: transportId !== null && transports.byId.has(transportId) ? transportId : null,
  };
}
