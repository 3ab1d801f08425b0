import { sql } from 'drizzle-orm';
import type {
  AnaloguesResponse,
  FitmentItem,
  ProductDetail,
  ProductListItem,
  TitleSlug,
} from '@podbor/contract';
import { formatYears } from '@podbor/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { titleSlugOf, type TransportDirectory, type TransportInfo } from '../transport/transport.directory';
import type { Category, CategoryTree } from './category.directory';
import type { City } from './city.directory';
import type { FilterDirectory } from './filter.directory';
import { installationPrice, type InstallationPrices } from './installation.directory';
import { LIST_ITEM_COLUMNS, toListItem } from './listing.service';
import { intArray, num, numOrNull, rows, textArray } from '../../db/sql';

// Product page data: details (one statement for any number of slugs), analogues, recommendations, the
// fitment drill-down and the installation price.

export interface DetailContext {
  tree: CategoryTree;
  filters: FilterDirectory;
  installation: InstallationPrices;
  transports: TransportDirectory;
  city: City | null;
  transportId: number | null;
}

interface DetailRow {
  id: number;
  slug: string;
  title: string;
  article: string;
  description: string;
  installation: string;
  faq: { question: string; answer: string }[];
  images: string[];
  price: number;
  old_price: number | null;
  is_service: boolean;
  with_installation: boolean;
  is_popular: boolean;
  rating_avg: number;
  rating_count: number;
  category_id: number;
  manufacturer: string | null;
  manufacturer_slug: string | null;
  properties: { property_id: number; value: string | null; num: number | null }[];
  warehouses: {
    title: string;
    address: string;
    phone: string;
    email: string;
    branch_id: number;
    quantity: number;
  }[];
  in_stock: boolean;
  linked: boolean;
}

function propertyValue(
  filters: FilterDirectory,
  p: DetailRow['properties'][number],
): { title: string; slug: string; value: string } | null {
  const property = filters.byId.get(num(p.property_id));
  if (!property) return null;
  if (p.value !== null) return { title: property.title, slug: property.slug, value: p.value };
  if (p.num === null) return null;
  const n = num(p.num);
  const text = String(Number.isInteger(n) ? n : Number(n.toFixed(3))).replace('.', ',');
  return {
    title: property.title,
    slug: property.slug,
    value: property.unit ? `${text} ${property.unit}` : text,
  };
}

/** Details in the order of `slugs`; unknown or inactive slugs are skipped. */
export async function productDetails(
  db: Db,
  ctx: DetailContext,
  slugs: readonly string[],
): Promise<ProductDetail[]> {
  if (slugs.length === 0) return [];
  const transportId = ctx.transportId ?? 0;
  const result = await rows<DetailRow>(
    db,
    sql`select p.id, p.slug, p.title, p.article, p.description, p.installation, p.faq, p.images,
          p.price::float8 as price, p.old_price::float8 as old_price, p.is_service, p.with_installation, p.is_popular,
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
  );
  const bySlug = new Map(result.map((r) => [r.slug, r]));
  const typeId =
    ctx.transportId === null ? null : (ctx.transports.byId.get(ctx.transportId)?.type.id ?? null);
  const details: ProductDetail[] = [];
  for (const slug of slugs) {
    const r = bySlug.get(slug);
    if (!r) continue;
    const category = ctx.tree.byId.get(num(r.category_id));
    const order = new Map(
      (category ? (ctx.filters.byCategory.get(category.id) ?? []) : []).map((id, i) => [id, i]),
    );
    const properties = [...r.properties]
      .sort((a, b) => (order.get(num(a.property_id)) ?? 1e6) - (order.get(num(b.property_id)) ?? 1e6))
      .map((p) => propertyValue(ctx.filters, p))
      .filter((p): p is { title: string; slug: string; value: string } => p !== null);
    const price =
      category && r.with_installation
        ? installationPrice(ctx.installation, category, ctx.city?.id ?? null, typeId)
        : null;
    details.push({
      id: num(r.id),
      title: r.title,
      slug: r.slug,
      manufacturer: r.manufacturer,
      manufacturer_slug: r.manufacturer_slug,
      vendor_code: r.article,
      popular: r.is_popular,
      description: r.description,
      installation: r.installation,
      faq: r.faq,
      price: num(r.price),
      old_price: numOrNull(r.old_price),
      images: r.images,
      is_service: r.is_service,
      warehouses: r.warehouses.map((w) => ({
        title: w.title,
        address: w.address,
        phone: w.phone,
        email: w.email,
        city: ctx.city?.title ?? '',
        quantity: String(Math.max(0, num(w.quantity))),
        branch_id: num(w.branch_id),
      })),
      properties,
      categories: category ? [category.path] : [],
      with_installation: r.with_installation && price !== null,
      installation_price: price ?? 0,
      average_rating: num(r.rating_avg),
      reviews_count: num(r.rating_count),
      is_linked_transport: ctx.transportId !== null && r.linked,
      in_stock: r.in_stock,
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

export async function findProduct(db: Db, slug: string): Promise<ProductRef> {
  const [row] = await rows<{
    id: number;
    category_id: number;
    is_universal: boolean;
    with_installation: boolean;
  }>(
    db,
    sql`select id, category_id, is_universal, with_installation from products where slug = ${slug} and is_active`,
  );
  if (!row) throw notFound();
  return {
    id: num(row.id),
    categoryId: num(row.category_id),
    isUniversal: row.is_universal,
    withInstallation: row.with_installation,
  };
}

// ---- analogues ----

type ListRow = Parameters<typeof toListItem>[1];

export async function analogues(
  db: Db,
  tree: CategoryTree,
  productId: number,
  page: number,
  size: number,
): Promise<AnaloguesResponse> {
  // Cross-references are read both ways: "B is an analogue of A" makes A one of B's.
  const result = await rows<ListRow & { total: number; is_original: boolean }>(
    db,
    sql`with a as (
          select id, bool_or(is_original) as is_original from (
            select analogue_id as id, is_original from analogues where product_id = ${productId}
            union all
            select product_id, false from analogues where analogue_id = ${productId}
          ) x group by id
        )
        select count(*) over ()::int as total, a.is_original, ${LIST_ITEM_COLUMNS}
        from a join products p on p.id = a.id and p.is_active
        left join manufacturers m on m.id = p.manufacturer_id
        order by a.is_original desc, in_stock desc, p.price, p.id
        limit ${size} offset ${(page - 1) * size}`,
  );
  let total = result[0] ? num(result[0].total) : 0;
  if (result.length === 0 && page > 1) {
    const [row] = await rows<{ total: number }>(
      db,
      sql`select count(distinct x.id)::int as total from (
            select analogue_id as id from analogues where product_id = ${productId}
            union all select product_id from analogues where analogue_id = ${productId}) x
          join products p on p.id = x.id and p.is_active`,
    );
    total = num(row?.total);
  }
  return {
    current: page,
    pages: Math.ceil(total / size),
    total,
    results: result.map((r) => {
      const item = toListItem(tree, r, undefined);
      return {
        title: item.title,
        slug: item.slug,
        categories: item.categories[0] ?? [],
        manufacturer: item.manufacturer ?? null,
        price: item.price,
        is_original: r.is_original,
        image: item.image ?? null,
        vendor_code: item.vendor_code,
        in_stock: item.in_stock,
      };
    }),
  };
}

// ---- recommendations ----

export const RECOMMENDATIONS_LIMIT = 12;

/**
 * Popular products from the category's neighbourhood (its parent's subtree: pads → discs, fluids), other
 * categories first, fitting the vehicle when one is chosen. Each category contributes its top by popularity
 * through the (category, popularity) index, so the cost does not grow with the catalogue.
 */
export async function recommendations(
  db: Db,
  tree: CategoryTree,
  product: ProductRef,
  category: Category,
  transportId: number | null,
): Promise<ProductListItem[]> {
  const parent = category.parentId === null ? undefined : tree.byId.get(category.parentId);
  const pool = (parent ?? category).subtreeIds;
  const fits =
    transportId === null
      ? sql`true`
      : sql`(p.is_universal or p.id in (select pt.product_id from product_transports pt where pt.transport_id = ${transportId}))`;
  const result = await rows<ListRow>(
    db,
    sql`select ${LIST_ITEM_COLUMNS}
        from unnest(${intArray(pool)}) c(id)
        cross join lateral (
          select p.* from products p
          where p.category_id = c.id and p.is_active and p.id <> ${product.id} and ${fits}
          order by p.popularity desc, p.id
          limit ${RECOMMENDATIONS_LIMIT}
        ) p
        left join manufacturers m on m.id = p.manufacturer_id
        order by (p.category_id = ${category.id}), p.popularity desc, p.id
        limit ${RECOMMENDATIONS_LIMIT}`,
  );
  return result.map((r) => toListItem(tree, r, transportId === null ? undefined : true));
}

// ---- fitment drill-down ----

/** The vehicles a product fits: its fitment rows, or every vehicle for a universal product. */
export async function fittedTransports(
  db: Db,
  dir: TransportDirectory,
  product: ProductRef,
): Promise<TransportInfo[]> {
  if (product.isUniversal) return [...dir.list];
  const result = await rows<{ transport_id: number }>(
    db,
    sql`select transport_id from product_transports where product_id = ${product.id}`,
  );
  return result
    .map((r) => dir.byId.get(num(r.transport_id)))
    .filter((t): t is TransportInfo => t !== undefined);
}

const EMPTY: TitleSlug = { title: '', slug: '' };
const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title, 'ru');

function unionYears(list: TransportInfo[]): number[] {
  return [...new Set(list.flatMap((t) => t.years))].sort((a, b) => a - b);
}

function groupBy<K>(list: TransportInfo[], key: (t: TransportInfo) => K): Map<K, TransportInfo[]> {
  const groups = new Map<K, TransportInfo[]>();
  for (const t of list) {
    const k = key(t);
    const g = groups.get(k);
    if (g) g.push(t);
    else groups.set(k, [t]);
  }
  return groups;
}

export function fitmentBrands(list: TransportInfo[]): FitmentItem[] {
  return [...groupBy(list, (t) => t.brand.id).values()]
    .map((g) => {
      const first = g[0]!;
      const years = unionYears(g);
      return {
        title: first.brand.title,
        slug: first.brand.slug,
        count: g.length,
        years_string: formatYears(years),
        brand: titleSlugOf(first.brand),
        model: EMPTY,
        engine: EMPTY,
        years,
      };
    })
    .sort(byTitle);
}

export function fitmentModels(list: TransportInfo[], brand: string): FitmentItem[] {
  return [
    ...groupBy(
      list.filter((t) => t.brand.slug === brand),
      (t) => t.model.id,
    ).values(),
  ]
    .map((g) => {
      const first = g[0]!;
      const years = unionYears(g);
      return {
        title: first.model.title,
        slug: first.model.slug,
        count: g.length,
        years_string: formatYears(years),
        brand: titleSlugOf(first.brand),
        model: titleSlugOf(first.model),
        engine: EMPTY,
        years,
      };
    })
    .sort(byTitle);
}

/** Years newest first (SPEC §3). */
export function fitmentYears(list: TransportInfo[], brand: string, model: string): FitmentItem[] {
  const ofModel = list.filter((t) => t.brand.slug === brand && t.model.slug === model);
  const first = ofModel[0];
  if (!first) return [];
  return unionYears(ofModel)
    .reverse()
    .map((year) => ({
      title: String(year),
      slug: String(year),
      count: ofModel.filter((t) => t.yearFrom <= year && year <= t.yearTo).length,
      years_string: String(year),
      brand: titleSlugOf(first.brand),
      model: titleSlugOf(first.model),
      engine: EMPTY,
      years: [year],
    }));
}

export function fitmentTransport(
  list: TransportInfo[],
  brand: string,
  model: string,
  year: number,
): FitmentItem[] {
  return list
    .filter((t) => t.brand.slug === brand && t.model.slug === model && t.yearFrom <= year && year <= t.yearTo)
    .map((t) => ({
      id: t.id,
      title: t.engine.title,
      slug: t.engine.slug,
      count: 1,
      years_string: formatYears(t.years),
      brand: titleSlugOf(t.brand),
      model: titleSlugOf(t.model),
      engine: titleSlugOf(t.engine),
      years: t.years,
      label: t.label,
    }))
    .sort((a, b) => byTitle(a, b) || a.years[0]! - b.years[0]!);
}
