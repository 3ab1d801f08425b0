import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { manufacturerResponse } from '@podbor/contract';
import { ctx, query, useCatalogContext } from '../../../test/catalog-helpers';
import { json } from '../../../test/helpers';

useCatalogContext();

describe('manufacturers', () => {
  it('describes a manufacturer with its product count', async () => {
    const [m] = await query<{ slug: string; n: number }>(
      sql`select m.slug, count(p.id)::int as n from manufacturers m join products p on p.manufacturer_id = m.id and p.is_active group by m.slug order by 2 desc limit 1`,
    );
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/manufacturers/${m!.slug}/` });
    expect(res.statusCode).toBe(200);
    expect(manufacturerResponse.parse(json(res)).products_count).toBe(Number(m!.n));
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/manufacturers/no-such-maker/' }))
        .statusCode,
    ).toBe(404);
  });
});
