import { sql } from 'drizzle-orm';
import type { SitemapManufacturersResponse, SitemapProductsResponse } from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { parseRows, pgNumber } from '../../db/sql';
import {
  categoryDirectory,
  visibleCategorySql,
  type CategoryTree,
} from '../../lib/catalog/category.directory';

// What the storefront's sitemap.xml lists: every active product's URL parts, page by page, and the
// manufacturers that have active products.

const countRow = z.object({ n: pgNumber });
const productRow = z.object({ slug: z.string(), category_id: pgNumber });
const manufacturerRow = z.object({ title: z.string(), slug: z.string() });

/** One page of active products in id order (stable across pages while the catalogue changes little). */
export async function sitemapProducts(db: Db, page: number, size: number): Promise<SitemapProductsResponse> {
  const t = await categoryDirectory(db).tree();
  const { total, items } = await sitemapProductPage(db, t, page, size);
  return {
    current: page,
    pages: Math.max(1, Math.ceil(total / size)),
    total,
    results: items.map((item) => ({ slug: item.slug, categories: t.byId.get(item.category_id)?.path ?? [] })),
  };
}

async function sitemapProductPage(db: Db, t: CategoryTree, page: number, size: number) {
  const visible = visibleCategorySql(t, sql`category_id`);
  const [countResult] = await parseRows(
    db,
    sql`select count(*)::int as n from products where is_active and ${visible}`,
    countRow,
  );
  const items = await parseRows(
    db,
    sql`select slug, category_id from products where is_active and ${visible} order by id limit ${size} offset ${(page - 1) * size}`,
    productRow,
  );
  return { total: countResult?.n ?? 0, items };
}

export async function sitemapManufacturers(db: Db): Promise<SitemapManufacturersResponse> {
  return parseRows(
    db,
    sql`select m.title, m.slug from manufacturers m
        where exists (select 1 from products p where p.manufacturer_id = m.id and p.is_active)
        order by m.slug`,
    manufacturerRow,
  );
}
