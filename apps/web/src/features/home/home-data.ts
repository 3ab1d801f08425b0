import type { Banner, CategoryNode, ProductListItem } from '@podbor/contract';
import { apiTry } from '@/lib/api/server';

// Data of the home page for the chosen vehicle (SPEC §2 home, issue #4): the category tree with `found` counts
// for that vehicle, its most stocked categories, a shelf of popular products from the first of them, and banners.

export interface PopularCategory {
  slug: string;
  title: string;
  image: string | null;
  /** Products of this category that fit the vehicle (all products without one). */
  count: number;
  /** With a vehicle: the products fitted to it, universal ones (fit every vehicle) not counted; else null. */
  fitted: number | null;
  /** Slug chain root → this category. */
  path: string[];
  /** Slug of its top-level category. */
  root: string;
}

export interface ProductShelf {
  category: PopularCategory;
  products: ProductListItem[];
  total: number;
}

/**
 * Second-level categories (the level a shopper thinks in: motor oils, brake pads, tyres) that have products for
 * the vehicle; a top-level category without children stands for itself. With a vehicle, the categories of parts
 * fitted to it come first (most fitted parts first), then those of universal products only (16 000 oils fit
 * every car, which says nothing about this one); without one, most products first.
 */
export function popularCategories(tree: readonly CategoryNode[], limit: number): PopularCategory[] {
  const found: PopularCategory[] = [];
  for (const root of tree) {
    const level = root.children && root.children.length > 0 ? root.children : [root];
    for (const node of level) {
      if (node.found <= 0) continue;
      found.push({
        slug: node.slug,
        title: node.title,
        image: node.image ?? null,
        count: node.found,
        fitted: node.fitted ?? null,
        path: node === root ? [root.slug] : [root.slug, node.slug],
        root: root.slug,
      });
    }
  }
  return found
    .sort(
      (a, b) =>
        (b.fitted ?? 0) - (a.fitted ?? 0) || b.count - a.count || a.title.localeCompare(b.title, 'ru'),
    )
    .slice(0, limit);
}

const SHELF_SIZE = 4;
const SHELVES = 2;
const BANNER_SOURCES = 4;

function shelfOf(category: PopularCategory, transportId: number | null) {
  const query = { page: 1, size: SHELF_SIZE, sort: 'popular', order: 'desc' } as const;
  const body = { page: 1, sort: 'popular', order: 'desc', filter: {} } as const;
  return transportId
    ? apiTry('categoryProductsByTransport', {
        params: { categorySlug: category.slug, transportId },
        query,
        body,
      })
    : apiTry('categoryProducts', { params: { categorySlug: category.slug }, query, body });
}

export interface HomeData {
  years: string[];
  popular: PopularCategory[];
  shelves: ProductShelf[];
  banners: Banner[];
  /** False when the catalogue could not be loaded (API trouble), to tell it apart from "nothing fits". */
  catalogAvailable: boolean;
}

export async function loadHomeData(transportId: number | null): Promise<HomeData> {
  const [homeBanners, tree, years] = await Promise.all([
    // Banners fresh every time (a back-office edit shows on the next view); a small indexed read in the API.
    apiTry('banners'),
    transportId ? apiTry('categoryTreeByTransport', { params: { transportId } }) : apiTry('categoryTree'),
    apiTry('transportYears', { revalidate: 300 }),
  ]);
  const popular = popularCategories(tree ?? [], 8);

  // Banners meant for the home page first; the showcase's category banners of what this vehicle needs most
  // fill the row (they link to those categories).
  const bannerSlugs = [...new Set(popular.slice(0, BANNER_SOURCES).flatMap((c) => [c.slug, c.root]))];
  const [lists, categoryBanners] = await Promise.all([
    Promise.all(popular.slice(0, SHELVES).map((c) => shelfOf(c, transportId))),
    (homeBanners?.length ?? 0) >= 3
      ? Promise.resolve([])
      : Promise.all(bannerSlugs.map((slug) => apiTry('banners', { query: { category: slug } }))),
  ]);

  const seen = new Set<number>();
  const banners = [...(homeBanners ?? []), ...categoryBanners.flatMap((b) => b ?? [])].filter((b) => {
    if (seen.has(b.id)) return false;
    seen.add(b.id);
    return true;
  });

  const shelves: ProductShelf[] = [];
  popular.slice(0, SHELVES).forEach((category, i) => {
    const list = lists[i];
    if (list && list.results.length > 0)
      shelves.push({ category, products: list.results, total: list.total });
  });

  return { years: years ?? [], popular, shelves, banners, catalogAvailable: tree !== null };
}
