import { sql } from 'drizzle-orm';
import type { BannersResponse } from '@podbor/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { parseRows, pgNumber } from '../../db/sql';
import { categoryDirectory, categoryOr404, type Category } from '../../lib/catalog/category.directory';
import type { ShowcaseResolver } from '../showcase/showcase.service';

const bannerRow = z.object({
  id: pgNumber,
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  url: z.string(),
});

/** Banners of the request's showcase for a category page (an unknown category is a 404), or for the home page. */
export async function bannersFor(
  db: Db,
  showcases: ShowcaseResolver,
  request: FastifyRequest,
  categorySlug: string | null | undefined,
): Promise<BannersResponse> {
  const category = categorySlug ? categoryOr404(await categoryDirectory(db).tree(), categorySlug) : null;
  const showcase = await showcases.forRequest(request);
  return findBanners(db, showcase.id, category);
}

/** Active banners of the showcase (or of every showcase) for a category page, or for the home page. */
async function findBanners(db: Db, showcaseId: number, category: Category | null): Promise<BannersResponse> {
  const result = await parseRows(
    db,
    sql`select b.id, b.title, b.subtitle, b.image, b.url
        from banners b
        where b.is_active and b.image <> '' and (b.showcase_id is null or b.showcase_id = ${showcaseId})
          and ${category ? sql`b.category_id = ${category.id}` : sql`b.category_id is null`}
        order by b.sort, b.id`,
    bannerRow,
  );
  return result.map((b) => ({
    id: b.id,
    title: b.title,
    subtitle: b.subtitle || null,
    image: b.image,
    url: b.url,
    category: category?.slug ?? null,
  }));
}
