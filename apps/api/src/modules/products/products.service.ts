import { sql } from 'drizzle-orm';
import { bestOffers, offerJson } from '../../lib/catalog/offers';
import { cityBranches, pickupList } from '../../lib/catalog/pickup';
import type {
  InstallationPriceRequest,
  InstallationPriceResponse,
  ProductDetail,
  ProductDetailQuery,
} from '@podbor/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { parseRows, pgNumber, pgNumberOrNull, textArray } from '../../db/sql';
import { categoryDirectory, type CategoryTree } from '../../lib/catalog/category.directory';
import { cityDirectory, pickCity, type City } from '../../lib/catalog/city.directory';
import { filterDirectory, type FilterDirectory } from '../../lib/catalog/filter.directory';
import {
  formatMoney,
  installationDirectory,
  installationPrice,
  type InstallationPrices,
} from '../../lib/catalog/installation.directory';
import {
  transportDirectory,
  transportOr400,
  type TransportDirectory,
} from '../../lib/catalog/transport.directory';
import { badRequest, notFound } from '../../lib/http-error';

// Product page data: details (one statement for any number of slugs) and the installation price; the
// analogues and recommendations are in related.service.ts, the fitment drill-down in fitment.service.ts.

export interface DetailContext {
  tree: CategoryTree;
  filters: FilterDirectory;
  installation: InstallationPrices;
  transports: TransportDirectory;
  city: City | null;
  transportId: number | null;
}

const detailRow = z.object({
  id: pgNumber,
  slug: z.string(),
  title: z.string(),
  article: z.string(),
  description: z.string(),
  installation: z.string(),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  images: z.array(z.string()),
  price: pgNumber,
  old_price: pgNumberOrNull,
  is_service: z.boolean(),
  is_universal: z.boolean(),
  with_installation: z.boolean(),
  is_popular: z.boolean(),
  rating_avg: pgNumber,
  rating_count: pgNumber,
  category_id: pgNumber,
  manufacturer: z.string().nullable(),
  manufacturer_slug: z.string().nullable(),
  properties: z.array(z.object({ property_id: pgNumber, value: z.string().nullable(), num: pgNumberOrNull })),
  warehouses: z.array(
    z.object({
      title: z.string(),
      address: z.string(),
      phone: z.string(),
      email: z.string(),
      branch_id: pgNumber,
      quantity: pgNumber,
    }),
  ),
  in_stock: z.boolean(),
  linked: z.boolean(),
});
type DetailRow = z.infer<typeof detailRow>;

function propertyValue(
  filters: FilterDirectory,
  p: DetailRow['properties'][number],
): { title: string; slug: string; value: string } | null {
  const property = filters.byId.get(p.property_id);
  if (!property) return null;
  if (p.value !== null) return { title: property.title, slug: property.slug, value: p.value };
  if (p.num === null) return null;
  const n = p.num;
  const text = String(Number.isInteger(n) ? n : Number(n.toFixed(3))).replace('.', ',');
  return {
    title: property.title,
    slug: property.slug,
    value: property.unit ? `${text} ${property.unit}` : text,
  };
}

/** Free units per branch of the city (a branch may have several warehouses). */
function branchUnits(warehouses: DetailRow['warehouses']): Map<number, number> {
  const units = new Map<number, number>();
  for (const w of warehouses) units.set(w.branch_id, (units.get(w.branch_id) ?? 0) + Math.max(0, w.quantity));
  return units;
}

/** Details in the order of `slugs`; unknown or inactive slugs are skipped. */
export async function productDetails(
  db: Db,
  ctx: DetailContext,
  slugs: readonly string[],
): Promise<ProductDetail[]> {
  if (slugs.length === 0) return [];
  const transportId = ctx.transportId ?? 0;
  const result = await parseRows(
    db,
    sql`select p.id, p.slug, p.title, p.article, p.description, p.installation, p.faq, p.images,
          p.price::float8 as price, p.old_price::float8 as old_price, p.is_service, p.is_universal, p.with_installation, p.is_popular,
          p.rating_avg::float8 as rating_avg, p.rating_count, p.category_id,
          m.title as manufacturer, m.slug as manufacturer_slug,
          coalesce((select json_agg(json_build_object('property_id', v.property_id, 'value', pv.title, 'num', v.num_value::float8) order by v.property_id)
                    from product_property_values v left join property_values pv on pv.id = v.value_id
                    where v.product_id = p.id), '[]'::json) as properties,
          coalesce((select json_agg(json_build_object('title', w.title, 'address', coalesce(nullif(w.address, ''), b.street),
                      'phone', b.phone_number, 'email', b.email, 'branch_id', b.id,
                      'quantity', coalesce(s.quantity - s.reserved, 0)) order by b.sort, b.id, w.id)
                    from warehouses w join branches b on b.id = w.branch_id
                    left join stock s on s.warehouse_id = w.id and s.product_id = p.id
                    where b.city_id = ${ctx.city?.id ?? 0} and b.is_active), '[]'::json) as warehouses,
          exists (select 1 from stock s where s.product_id = p.id and s.quantity > s.reserved) as in_stock,
          (p.is_universal or exists (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = ${transportId})) as linked
        from products p
        left join manufacturers m on m.id = p.manufacturer_id
        where p.slug = any(${textArray([...new Set(slugs)])}) and p.is_active`,
    detailRow,
  );
  const bySlug = new Map(result.map((r) => [r.slug, r]));
  // The best supplier offer «под заказ» of goods the city has none of (its branches' free units, as `warehouses`).
  const offers = await bestOffers(
    db,
    result.filter((r) => !r.is_service && r.warehouses.every((w) => w.quantity <= 0)).map((r) => r.id),
  );
  const branches = await cityBranches(db, ctx.city?.id ?? null);
  const now = new Date();
  const typeId =
    ctx.transportId === null ? null : (ctx.transports.byId.get(ctx.transportId)?.type.id ?? null);
  const details: ProductDetail[] = [];
  for (const slug of slugs) {
    const r = bySlug.get(slug);
    const category = r && ctx.tree.byId.get(r.category_id);
    // A product of a hidden category (or one under it) is not on the storefront while the category is hidden.
    if (!r || !category) continue;
    const order = new Map(
      (category ? (ctx.filters.byCategory.get(category.id) ?? []) : []).map((id, i) => [id, i]),
    );
    const properties = [...r.properties]
      .sort((a, b) => (order.get(a.property_id) ?? 1e6) - (order.get(b.property_id) ?? 1e6))
      .map((p) => propertyValue(ctx.filters, p))
      .filter((p): p is { title: string; slug: string; value: string } => p !== null);
    const price =
      category && r.with_installation
        ? installationPrice(ctx.installation, category, ctx.city?.id ?? null, typeId)
        : null;
    details.push({
      id: r.id,
      title: r.title,
      slug: r.slug,
      manufacturer: r.manufacturer,
      manufacturer_slug: r.manufacturer_slug,
      vendor_code: r.article,
      popular: r.is_popular,
      description: r.description,
      installation: r.installation,
      faq: r.faq,
      price: r.price,
      old_price: r.old_price,
      images: r.images,
      is_service: r.is_service,
      warehouses: r.warehouses.map((w) => ({
        title: w.title,
        address: w.address,
        phone: w.phone,
        email: w.email,
        city: ctx.city?.title ?? '',
        quantity: String(Math.max(0, w.quantity)),
        branch_id: w.branch_id,
      })),
      properties,
      categories: category ? [category.path] : [],
      with_installation: r.with_installation && price !== null,
      installation_price: price ?? 0,
      average_rating: r.rating_avg,
      reviews_count: r.rating_count,
      is_linked_transport: ctx.transportId !== null && r.linked,
      is_universal: r.is_universal,
      in_stock: r.in_stock,
      offer: offers.has(r.id) ? offerJson(offers.get(r.id)!) : null,
      pickup: r.is_service ? [] : pickupList(branches, branchUnits(r.warehouses), now),
    });
  }
  return details;
}

export interface ProductRef {
  id: number;
  categoryId: number;
  isUniversal: boolean;
  withInstallation: boolean;
}

const productRefRow = z.object({
  id: pgNumber,
  category_id: pgNumber,
  is_universal: z.boolean(),
  with_installation: z.boolean(),
});

export async function findProduct(db: Db, slug: string): Promise<ProductRef> {
  const [row] = await parseRows(
    db,
    sql`select id, category_id, is_universal, with_installation from products where slug = ${slug} and is_active`,
    productRefRow,
  );
  if (!row) throw notFound();
  return {
    id: row.id,
    categoryId: row.category_id,
    isUniversal: row.is_universal,
    withInstallation: row.with_installation,
  };
}

// ---- the routes' answers ----

/** What a product answer depends on besides the product: reference data, the city and the vehicle. */
async function detailContext(
  db: Db,
  request: FastifyRequest,
  transportId: number | null,
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
    city: pickCity(cities, request),
    // An unknown vehicle on a product page simply fits nothing.
    transportId: transportId !== null && transports.byId.has(transportId) ? transportId : null,
  };
}

const wantedTransport = (query: ProductDetailQuery) => query.transport ?? query.transport_id ?? null;

/** The product page; stock for the request's city (X-City), the vehicle link for the query's vehicle. */
export async function productPage(
  db: Db,
  request: FastifyRequest,
  slug: string,
  query: ProductDetailQuery,
): Promise<ProductDetail> {
  const ctx = await detailContext(db, request, wantedTransport(query));
  const [detail] = await productDetails(db, ctx, [slug]);
  if (!detail) throw notFound();
  return detail;
}

/** Details of the listed products in that order, unknown ones skipped. */
export async function productsBySlugs(
  db: Db,
  request: FastifyRequest,
  slugs: readonly string[],
  query: ProductDetailQuery,
): Promise<ProductDetail[]> {
  return productDetails(db, await detailContext(db, request, wantedTransport(query)), slugs);
}

/** The installation price of the product (or of another category) in a city for a vehicle; null where none. */
export async function installationPriceOf(
  db: Db,
  request: FastifyRequest,
  slug: string,
  body: InstallationPriceRequest,
): Promise<InstallationPriceResponse> {
  const { category: categorySlug, city: citySlug, transport } = body;
  const [t, dir, cities, table] = await Promise.all([
    categoryDirectory(db).tree(),
    transportDirectory(db).get(),
    cityDirectory(db).get(),
    installationDirectory(db).get(),
  ]);
  const transportId = transportOr400(dir, transport);
  const product = await findProduct(db, slug);
  let category = t.byId.get(product.categoryId);
  if (categorySlug) {
    category = t.bySlug.get(categorySlug);
    if (!category) throw badRequest({ category: ['Категория не найдена.'] });
  }
  if (!product.withInstallation || !category) return { price: null };
  const city = pickCity(cities, request, citySlug);
  const typeId = transportId === null ? null : (dir.byId.get(transportId)?.type.id ?? null);
  const price = installationPrice(table, category, city?.id ?? null, typeId);
  return { price: price === null ? null : formatMoney(price) };
}
