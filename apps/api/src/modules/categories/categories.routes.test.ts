import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { categoryDetailResponse, categoryTreeResponse, type CategoryNode } from '@podbor/contract';
import {
  ctx,
  transportId,
  leaf,
  count,
  inSubtree,
  listOk,
  useCatalogContext,
} from '../../../test/catalog-helpers';
import { json } from '../../../test/helpers';

useCatalogContext();

describe('categories', () => {
  it('lists top-level categories with counts that match the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/categories/' });
    expect(res.statusCode).toBe(200);
    const nodes = categoryTreeResponse.parse(json(res));
    expect(nodes.length).toBeGreaterThan(3);
    for (const n of nodes) {
      expect(n.children).toBeUndefined();
      expect(n.total).toBe(await count(sql`select count(*) as n from products p where ${inSubtree(n.slug)}`));
      expect(n.found).toBe(n.total);
    }
  });

  it('returns the whole tree, and per vehicle found ≤ total with found = the listing total for that vehicle', async () => {
    const full = categoryTreeResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/categories/tree/' })),
    );
    expect(full.some((n) => (n.children?.length ?? 0) > 0)).toBe(true);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/catalog/categories/tree/${transportId}/`,
    });
    expect(res.statusCode).toBe(200);
    const tree = categoryTreeResponse.parse(json(res));
    const flat: CategoryNode[] = [];
    const walk = (nodes: CategoryNode[]) => nodes.forEach((n) => (flat.push(n), walk(n.children ?? [])));
    walk(tree);
    expect(flat.length).toBeGreaterThan(20);
    for (const n of flat) {
      expect(n.found).toBeLessThanOrEqual(n.total);
      expect(n.category_found).toBeLessThanOrEqual(n.category_total);
      const childFound = (n.children ?? []).reduce((s, c) => s + c.found, 0);
      expect(n.found).toBe(n.category_found + childFound);
    }
    const node = flat.find((n) => n.slug === leaf)!;
    expect(node.found).toBeGreaterThan(0);
    expect(node.found).toBe(
      await count(sql`select count(*) as n from products p where ${inSubtree(leaf, transportId)}`),
    );
    for (const n of flat.filter((x) => x.found > 0).slice(0, 6)) {
      const page = await listOk(n.slug, {}, { transport: transportId });
      expect(page.total, n.slug).toBe(n.found);
    }
  });

  it('per vehicle, tells the parts fitted to it (fitted) from the universal ones; none without a vehicle', async () => {
    const tree = categoryTreeResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/categories/tree/${transportId}/` })),
    );
    const nodes: CategoryNode[] = [];
    const walk = (list: CategoryNode[]) =>
      list.forEach((n) => {
        nodes.push(n);
        walk(n.children ?? []);
      });
    walk(tree);
    let universalOnly = 0;
    for (const n of nodes) {
      const fitted = await count(
        sql`select count(*) as n from products p where ${inSubtree(n.slug, transportId)} and not p.is_universal`,
      );
      expect(n.fitted, n.slug).toBe(fitted);
      expect(n.fitted!).toBeLessThanOrEqual(n.found);
      if (n.found > 0 && n.fitted === 0) universalOnly += 1;
    }
    expect(universalOnly, 'the seed has categories of universal products only').toBeGreaterThan(0);
    const plain = categoryTreeResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/categories/tree/' })),
    );
    expect(plain.every((n) => n.fitted === undefined)).toBe(true);
  });

  it('answers 404 for an unknown vehicle or category', async () => {
    for (const url of [
      '/api/v1/catalog/categories/tree/99999999/',
      '/api/v1/catalog/categories/tree/abc/',
      '/api/v1/catalog/no-such-category/categories/',
      '/api/v1/catalog/no-such-category/detail/',
      '/api/v1/catalog/no-such-category/filters/',
      `/api/v1/catalog/${leaf}/filters/99999999/`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(json(res)).toEqual({ errors: { detail: 'Не найдено.' } });
    }
  });

  it('lists children of a category, per vehicle too', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/catalog/tormoznaya-sistema/categories/',
    });
    expect(res.statusCode).toBe(200);
    const children = categoryTreeResponse.parse(json(res));
    expect(children.map((c) => c.slug)).toEqual(
      expect.arrayContaining(['tormoznye-kolodki', 'tormoznye-diski']),
    );
    const perVehicle = categoryTreeResponse.parse(
      json(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/catalog/tormoznaya-sistema/categories/${transportId}/`,
        }),
      ),
    );
    expect(perVehicle.map((c) => c.slug)).toEqual(children.map((c) => c.slug));
    for (const c of perVehicle) expect(c.found).toBeLessThanOrEqual(c.total);
  });

  it('describes a category with breadcrumbs and path', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/perednie-kolodki/detail/' });
    expect(res.statusCode).toBe(200);
    const d = categoryDetailResponse.parse(json(res));
    expect(d.breadcrumbs.map((b) => b.slug)).toEqual([
      'tormoznaya-sistema',
      'tormoznye-kolodki',
      'perednie-kolodki',
    ]);
    expect(d.path).toEqual(['tormoznaya-sistema', 'tormoznye-kolodki', 'perednie-kolodki']);
    expect(d.parent?.slug).toBe('tormoznye-kolodki');
    expect(d.total).toBe(
      await count(sql`select count(*) as n from products p where ${inSubtree('perednie-kolodki')}`),
    );
  });
});
