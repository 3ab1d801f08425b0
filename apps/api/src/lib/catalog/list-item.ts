import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import { fitOf, type ProductListItem } from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { intArray, parseRowsPrepared, pgNumber, pgNumberOrNull } from '../../db/sql';
import { perDb } from '../ttl-cache';
import type { CategoryTree } from './category.directory';
import { bestOfferColumn, bestOfferOf, bestOffers, offerJson, offerOf, type BestOffer } from './offers';

// A product as the list item of API-SHAPES §6 (listing, analogues, recommendations): the columns every such
// statement selects, their row, and the item built from it.

/** Columns of a list item, for `products p` joined to `manufacturers m`. */
export const LIST_ITEM_COLUMNS = sql`p.id, p.slug, p.title, p.images->>0 as image, p.price::float8 as price,
  p.old_price::float8 as old_price, p.article, p.category_id, p.is_service, p.is_universal, p.with_installation,
  p.rating_avg::float8 as rating_avg, p.rating_count, m.title as manufacturer, m.slug as manufacturer_slug,
  exists (select 1 from stock s where s.product_id = p.id and s.quantity > s.reserved) as in_stock`;

/** The row of LIST_ITEM_COLUMNS. */
export const listItemRow = z.object({
  id: pgNumber,
  slug: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  price: pgNumber,
  old_price: pgNumberOrNull,
  article: z.string(),
  category_id: pgNumber,
  is_service: z.boolean(),
  is_universal: z.boolean(),
  with_installation: z.boolean(),
  rating_avg: pgNumber,
  rating_count: pgNumber,
  manufacturer: z.string().nullable(),
  manufacturer_slug: z.string().nullable(),
  in_stock: z.boolean(),
});
export type ListItemRow = z.infer<typeof listItemRow>;

/**
 * The best supplier offers of the rows a card would call «нет в наличии» (goods with no own stock): one query for
 * the whole page, by product ids.
 */
export function listOffers(db: Db, rows: readonly ListItemRow[]): Promise<Map<number, BestOffer>> {
  return bestOffers(
    db,
    rows.filter((r) => !r.in_stock && !r.is_service).map((r) => r.id),
  );
}

/**
 * The cards of products `ids`, in that order, each with its best supplier offer where a card would call it «нет в
 * наличии» (goods with no own stock). Ids of no product are left out. The rows come from cardRows: the pages
 * served in one turn of the event loop share one statement.
 */
export async function listItemsByIds(
  db: Db,
  tree: CategoryTree,
  ids: readonly number[],
  linked: boolean | undefined,
): Promise<ProductListItem[]> {
  if (ids.length === 0) return [];
  const loaded = await cardRows(db).loadMany(ids);
  const offers = new Map<number, BestOffer>();
  const rows: ListItemRow[] = [];
  for (const card of loaded) {
    if (card instanceof Error) throw card;
    if (card === null) continue;
    rows.push(card.row);
    if (card.offer) offers.set(card.row.id, card.offer);
  }
  return rows.map((r) => toListItem(tree, r, linked, offers));
}

/** A card's row, and its best supplier offer where the card would call it «нет в наличии». */
interface CardRow {
  row: ListItemRow;
  offer: BestOffer | undefined;
}

/**
 * Card rows by product id, read by key in one statement for every page asked for in the same turn of the event
 * loop (under load, the pages of many requests at once): one round trip, and one execution of the one plan made
 * per connection (db/sql.ts), instead of one per page. Nothing is kept between turns (no cache): a card is as
 * fresh as a statement of its own would make it.
 */
const cardRows = perDb(
  (db: Db) =>
    new DataLoader<number, CardRow | null>(
      async (ids) => {
        const rows = await parseRowsPrepared(
          db,
          sql`select ${LIST_ITEM_COLUMNS}, ${bestOfferOf(sql`p.id`)} as offer
              from products p left join manufacturers m on m.id = p.manufacturer_id
              where p.id = any(${intArray([...new Set(ids)])})`,
          listItemOfferRow,
          'generic',
        );
        const byId = new Map<number, CardRow>();
        for (const r of rows) {
          const { offer, ...row } = r;
          byId.set(r.id, { row, offer: r.in_stock || r.is_service ? undefined : offerOf(offer) });
        }
        return ids.map((id) => byId.get(id) ?? null);
      },
      // After the turn's I/O callbacks (setImmediate), not the current one's microtasks: a batch gathers every
      // request read from the sockets in this turn.
      { cache: false, batchScheduleFn: (run) => setImmediate(run), maxBatchSize: 2_000 },
    ),
);

const listItemOfferRow = listItemRow.extend({ offer: bestOfferColumn });

export function toListItem(
  tree: CategoryTree,
  r: ListItemRow,
  linked: boolean | undefined,
  offers?: ReadonlyMap<number, BestOffer>,
): ProductListItem {
  const offer = offers?.get(r.id);
  const category = tree.byId.get(r.category_id);
  return {
    title: r.title,
    slug: r.slug,
    image: r.image,
    price: r.price,
    categories: category ? [category.path] : [],
    manufacturer: r.manufacturer,
    ...(linked === undefined ? {} : { is_linked_transport: linked }),
    average_rating: r.rating_avg,
    manufacturer_slug: r.manufacturer_slug,
    old_price: r.old_price,
    vendor_code: r.article,
    is_service: r.is_service,
    is_universal: r.is_universal,
    in_stock: r.in_stock,
    reviews_count: r.rating_count,
    with_installation: r.with_installation,
    offer: offer ? offerJson(offer) : null,
    ...(linked === undefined
      ? {}
      : { fit: fitOf({ isUniversal: r.is_universal, isService: r.is_service, linked }) }),
  };
}
