import { sql } from 'drizzle-orm';
import { fitOf, type ProductFit } from '@podbor/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { categoryDirectory, type CategoryTree } from '../../lib/catalog/category.directory';
import { cityDirectory, pickCity, type City } from '../../lib/catalog/city.directory';
import {
  installationDirectory,
  installationPrice,
  type InstallationPrices,
} from '../../lib/catalog/installation.directory';
import { intArray, parseRows, pgNumber, pgNumberOrNull, pgTextArray, textArray } from '../../db/sql';
import { transportDirectory } from '../../lib/catalog/transport.directory';

// Prices, installation prices and stock of products as the cart and the order see them: installation by
// category × city × vehicle type (the catalogue's table and lookup), stock as the sum over the active
// branches' warehouses of one city of (quantity − reserved). Services have no stock.

export interface PricingContext {
  city: City | null;
  /** A known transport id, or null. */
  transportId: number | null;
  vehicleTypeId: number | null;
  tree: CategoryTree;
  installation: InstallationPrices;
}

export async function pricingContext(
  db: Db,
  opts: { request?: FastifyRequest; citySlug?: string | null; cityId?: number; transportId: number | null },
): Promise<PricingContext> {
  const [cities, tree, installation, transports] = await Promise.all([
    cityDirectory(db).get(),
    categoryDirectory(db).tree(),
    installationDirectory(db).get(),
    transportDirectory(db).get(),
  ]);
  let city: City | null;
  if (opts.cityId !== undefined) city = [...cities.bySlug.values()].find((c) => c.id === opts.cityId) ?? null;
  else if (opts.request) city = pickCity(cities, opts.request, opts.citySlug);
  else city = (opts.citySlug ? cities.bySlug.get(opts.citySlug) : undefined) ?? cities.fallback;
  // An unknown vehicle (a stale cookie) prices as "no vehicle" instead of failing the cart.
  const transport = opts.transportId === null ? undefined : transports.byId.get(opts.transportId);
  return {
    city,
    transportId: transport ? transport.id : null,
    vehicleTypeId: transport ? transport.type.id : null,
    tree,
    installation,
  };
}

export interface PricedProduct {
  id: number;
  slug: string;
  title: string;
  article: string;
  image: string | null;
  price: number;
  oldPrice: number | null;
  isService: boolean;
  categoryId: number;
  categories: string[][];
  /** Units that can be ordered in the context's city (services: unlimited, reported as null). */
  stock: number | null;
  /** Installation price per unit in this context; null where installation is not offered. */
  installationPrice: number | null;
  /** Fit everywhere: the product for the context's vehicle (`unknown` without one). */
  fit: ProductFit;
}

const productRow = z.object({
  id: pgNumber,
  slug: z.string(),
  title: z.string(),
  article: z.string(),
  images: pgTextArray,
  price: pgNumber,
  old_price: pgNumberOrNull,
  is_service: z.boolean(),
  with_installation: z.boolean(),
  category_id: pgNumber,
  stock: pgNumber,
  is_universal: z.boolean(),
  linked: z.boolean().nullable(),
});
type ProductRow = z.infer<typeof productRow>;

function priced(ctx: PricingContext, r: ProductRow): PricedProduct {
  const category = ctx.tree.byId.get(r.category_id);
  const installation =
    category && r.with_installation
      ? installationPrice(ctx.installation, category, ctx.city?.id ?? null, ctx.vehicleTypeId)
      : null;
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    article: r.article,
    image: r.images[0] ?? null,
    price: r.price,
    oldPrice: r.old_price,
    isService: r.is_service,
    categoryId: r.category_id,
    categories: category ? [category.path] : [],
    stock: r.is_service ? null : Math.max(0, r.stock),
    installationPrice: installation,
    fit: fitOf({ isUniversal: r.is_universal, isService: r.is_service, linked: r.linked }),
  };
}

function productQuery(ctx: PricingContext, where: ReturnType<typeof sql>) {
  return sql`select p.id, p.slug, p.title, p.article, p.images, p.price::float8 as price, p.old_price::float8 as old_price,
      p.is_service, p.with_installation, p.category_id,
      coalesce((select sum(s.quantity - s.reserved) from stock s
                  join warehouses w on w.id = s.warehouse_id join branches b on b.id = w.branch_id
                where s.product_id = p.id and b.city_id = ${ctx.city?.id ?? 0} and b.is_active), 0)::int as stock,
      p.is_universal, ${
        ctx.transportId === null
          ? sql`null::boolean`
          : sql`exists (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = ${ctx.transportId})`
      } as linked
    from products p where p.is_active and ${where}`;
}

/** Active products by slug (unknown and inactive slugs are absent from the map). */
export async function productsBySlug(
  db: Db,
  ctx: PricingContext,
  slugs: readonly string[],
): Promise<Map<string, PricedProduct>> {
  if (slugs.length === 0) return new Map();
  const result = await parseRows(
    db,
    productQuery(ctx, sql`p.slug = any(${textArray([...new Set(slugs)])})`),
    productRow,
  );
  return new Map(result.map((r) => [r.slug, priced(ctx, r)]));
}

export async function productsById(
  db: Db,
  ctx: PricingContext,
  ids: readonly number[],
): Promise<Map<number, PricedProduct>> {
  if (ids.length === 0) return new Map();
  const result = await parseRows(
    db,
    productQuery(ctx, sql`p.id = any(${intArray([...new Set(ids)])})`),
    productRow,
  );
  return new Map(result.map((r) => [r.id, priced(ctx, r)]));
}
