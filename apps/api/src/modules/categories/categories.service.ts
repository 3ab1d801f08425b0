import type { CategoryDetailResponse, CategoryNode } from '@podbor/contract';
import type { Db } from '../../db/client';
import { categoryDirectory, categoryOr404, toNode } from '../../lib/catalog/category.directory';
import { transportOr404 } from '../../lib/catalog/transport.directory';

// The category tree and its nodes with product counts (found = for the chosen vehicle, with universal
// products), all from the category directory held in memory.

/**
 * The top-level categories (`depth` 0) or the whole tree, or the children of `categorySlug`; counts for the
 * vehicle when one is given (an unknown vehicle or category is a 404).
 */
export async function categoryNodes(
  db: Db,
  opts: { transportId?: number; depth: number; categorySlug?: string },
): Promise<CategoryNode[]> {
  const categories = categoryDirectory(db);
  const t = await categories.tree();
  const of = opts.categorySlug === undefined ? undefined : categoryOr404(t, opts.categorySlug);
  const transportId = opts.transportId === undefined ? null : await transportOr404(db, opts.transportId);
  const [found, fitted] = await Promise.all([
    categories.found(transportId),
    transportId === null ? undefined : categories.fitted(transportId),
  ]);
  const list = of ? of.children : t.roots;
  return list.map((c) => toNode(t, found, c, { depth: opts.depth }, fitted));
}

export async function categoryDetail(db: Db, slug: string): Promise<CategoryDetailResponse> {
  const t = await categoryDirectory(db).tree();
  const c = categoryOr404(t, slug);
  const node = toNode(t, t.directTotal, c, { depth: 0 });
  const parent = c.ancestors.at(-2);
  return {
    title: c.title,
    slug: c.slug,
    description: c.description,
    image: c.image,
    seo_title: c.seoTitle || c.title,
    seo_description: c.seoDescription,
    breadcrumbs: c.ancestors.map((a) => ({ title: a.title, slug: a.slug })),
    parent: parent ? { title: parent.title, slug: parent.slug } : null,
    path: c.path,
    found: node.found,
    total: node.total,
    category_found: node.category_found,
    category_total: node.category_total,
  };
}
