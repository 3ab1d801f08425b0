import { sql } from 'drizzle-orm';
import type { BannersResponse, ManufacturerResponse, SitemapManufacturersResponse } from '@podbor/contract';
import type { Db } from '../../db/client';
import type { Category } from './category.directory';
import { num, rows } from '../../db/sql';

/** Active banners of the showcase (or of every showcase) for a category page, or for the home page. */
export async function findBanners(
  db: Db,
  showcaseId: number,
  category: Category | null,
): Promise<BannersResponse> {
  const result = await rows<{ id: number; title: string; subtitle: string; image: string; url: string }>(
    db,
    sql`select b.id, b.title, b.subtitle, b.image, b.url
        from banners b
        where b.is_active and (b.showcase_id is null or b.showcase_id = ${showcaseId})
          and ${category ? sql`b.category_id = ${category.id}` : sql`b.category_id is null`}
        order by b.sort, b.id`,
  );
  return result.map((b) => ({
    id: num(b.id),
    title: b.title,
    subtitle: b.subtitle || null,
    image: b.image,
    url: b.url,
    category: category?.slug ?? null,
  }));
}

export async function findManufacturer(db: Db, slug: string): Promise<ManufacturerResponse | undefined> {
  const [row] = await rows<{
    title: string;
    slug: string;
    description: string;
    logo: string | null;
    country: string;
    products_count: number;
  }>(
    db,
    sql`select m.title, m.slug, m.description, m.logo, m.country,
          (select count(*)::int from products p where p.manufacturer_id = m.id and p.is_active) as products_count
        from manufacturers m where m.slug = ${slug}`,
  );
  if (!row) return undefined;
  return { ...row, country: row.country || null, products_count: num(row.products_count) };
}

/** One page of active products for the sitemap, in id order (stable across pages while the catalogue changes little). */
export async function sitemapProductPage(
  db: Db,
  page: number,
  size: number,
): Promise<{ total: number; items: { slug: string; category_id: number }[] }> {
  const [countRow] = await rows<{ n: number }>(db, sql`select count(*)::int as n from products where is_active`);
  const items = await rows<{ slug: string; category_id: number }>(
    db,
    sql`select slug, category_id from products where is_active order by id limit ${size} offset ${(page - 1) * size}`,
  );
  return { total: num(countRow?.n ?? 0), items: items.map((r) => ({ slug: r.slug, category_id: num(r.category_id) })) };
}

export async function sitemapManufacturers(db: Db): Promise<SitemapManufacturersResponse> {
  return rows<{ title: string; slug: string }>(
    db,
    sql`select m.title, m.slug from manufacturers m
        where exists (select 1 from products p where p.manufacturer_id = m.id and p.is_active)
        order by m.slug`,
  );
}
