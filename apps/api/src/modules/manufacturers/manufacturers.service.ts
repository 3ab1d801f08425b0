import { sql } from 'drizzle-orm';
import type { ManufacturerResponse } from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { parseRows, pgNumber } from '../../db/sql';
import { notFound } from '../../lib/http-error';

const manufacturerRow = z.object({
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  country: z.string(),
  products_count: pgNumber,
});

/** A manufacturer's page with the number of its active products; 404 for an unknown slug. */
export async function manufacturerPage(db: Db, slug: string): Promise<ManufacturerResponse> {
  const [row] = await parseRows(
    db,
    sql`select m.title, m.slug, m.description, m.logo, m.country,
          (select count(*)::int from products p where p.manufacturer_id = m.id and p.is_active) as products_count
        from manufacturers m where m.slug = ${slug}`,
    manufacturerRow,
  );
  if (!row) throw notFound();
  return { ...row, country: row.country || null };
}
