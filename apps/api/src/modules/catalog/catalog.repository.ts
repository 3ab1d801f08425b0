import { sql } from 'drizzle-orm';
import type { BannersResponse, ManufacturerResponse } from '@podbor/contract';
import type { Db } from '../../db/client';
import type { Category } from './category.directory';
import { num, rows } from './sql';

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
