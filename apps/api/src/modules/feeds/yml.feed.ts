import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { productUrl } from '@podbor/contract';
import { Parser } from 'htmlparser2';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { availableByBranch } from '../../lib/catalog/branch-stock';
import { bestOffers, type BestOffer } from '../../lib/catalog/offers';
import { parseRows, pgNumber, pgNumberOrNull } from '../../db/sql';
import {
  categoryDirectory,
  visibleCategorySql,
  type Category,
  type CategoryTree,
} from '../../lib/catalog/category.directory';

// The shop's feed for Yandex Market in YML (yml_catalog → shop → currencies, categories, pickup-options, offers).
// Written to `out` as it is read: the products come in keyset-paginated batches (id order), each batch with the
// available stock of its products per active branch, and every batch is written before the next one is read,
// waiting for the stream to drain — the feed of a 200,000-product catalogue never exists in memory as a whole.
//
// What the storefront does not show, the feed does not list: inactive products, services, products of hidden
// categories (and their subtrees) and products without a price. A product with nothing in stock is listed as
// `available="false"` with `<count>0</count>`; its in-stock branches are its `<outlets>` (outlet id = branch id,
// the points registered in the Market account), and pickup there is free and same-day. A product no active branch
// has but an active supplier offers «под заказ» is sold as the storefront sells it: the best offer's price
// (lib/catalog/offers.ts, fetched per batch), `<count>` = the offer's units, no outlets, and its own
// `<pickup-options>` with the offer's term in days (sold by a multiple: `<min-quantity>` / `<step-quantity>`).

/** Products read per statement. */
export const YML_BATCH_SIZE = 2000;
/** Yandex takes up to 10 pictures and 3,000 characters of description per offer. */
const MAX_PICTURES = 10;
const MAX_DESCRIPTION = 3000;

export interface YmlFeedStats {
  offers: number;
  categories: number;
}

const shopRow = z.object({ title: z.string(), legal_name: z.string(), email: z.string() });

const productRow = z.object({
  id: pgNumber,
  slug: z.string(),
  title: z.string(),
  article: z.string(),
  category_id: pgNumber,
  price: pgNumber,
  old_price: pgNumberOrNull,
  images: z.array(z.string()),
  description: z.string(),
  vendor: z.string().nullable(),
});
type ProductRow = z.output<typeof productRow>;

// XML 1.0 allows tab, LF, CR and the characters from U+0020 on, except lone surrogates and U+FFFE/U+FFFF: a
// control character pasted into a title would make the whole feed unreadable, so such characters are dropped.
/* eslint-disable no-control-regex -- matching the control characters is the point */
const NOT_XML_CHAR =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** A quick first look (one character class): most texts have none of these and skip the slower replace. */
const MAYBE_NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
/* eslint-enable no-control-regex */
const XML_SPECIAL = /[&<>"']/g;
const XML_ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe inside an XML element or a double-quoted attribute. */
export function xmlText(value: string): string {
  const clean = MAYBE_NOT_XML.test(value) ? value.replace(NOT_XML_CHAR, '') : value;
  return clean.replace(XML_SPECIAL, (ch) => XML_ENTITY[ch] ?? ch);
}

const BLOCK_TAGS = new Set([
  'p',
  'br',
  'div',
  'li',
  'ul',
  'ol',
  'tr',
  'td',
  'th',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);

/** Plain text of a product's (sanitised) HTML description: tags dropped, entities decoded, spaces collapsed. */
export function plainText(html: string, max = MAX_DESCRIPTION): string {
  if (html === '') return '';
  let text = '';
  const parser = new Parser(
    {
      ontext: (chunk) => {
        text += chunk;
      },
      onopentag: (name) => {
        if (BLOCK_TAGS.has(name)) text += ' ';
      },
      onclosetag: (name) => {
        if (BLOCK_TAGS.has(name)) text += ' ';
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  // Cut at a word boundary and say that the text goes on.
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Absolute URL of a stored picture (`/media/…` under the media origin; absolute ones as they are). */
function pictureUrl(image: string, config: Config): string | null {
  try {
    if (/^https?:\/\//i.test(image)) return new URL(image).href;
    if (image.startsWith('/')) return new URL(`${config.mediaPublicUrl}${image}`).href;
  } catch {
    // A malformed stored URL is left out rather than breaking the offer.
  }
  return null;
}

/** A price as YML writes it: a decimal point, no more than two decimals, no grouping. */
function priceText(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** ISO 8601 with the offset, as `yml_catalog@date` wants it. */
function feedDate(now: Date): string {
  return `${now.toISOString().slice(0, 19)}+00:00`;
}

/** Writes `chunk`, resolving once the stream can take more (or rejecting when it fails). */
async function put(out: Writable, chunk: string): Promise<void> {
  if (out.destroyed) throw new Error('feed output closed');
  if (out.write(chunk, 'utf8')) return;
  await new Promise<void>((resolve, reject) => {
    const done = (err?: Error) => {
      out.off('drain', onDrain);
      out.off('error', onError);
      out.off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onError = (err: Error) => done(err);
    const onClose = () => done(new Error('feed output closed'));
    out.on('drain', onDrain);
    out.on('error', onError);
    out.on('close', onClose);
  });
}

function categoryXml(c: Category): string {
  const parent = c.parentId === null ? '' : ` parentId="${c.parentId}"`;
  return `<category id="${c.id}"${parent}>${xmlText(c.title)}</category>\n`;
}

function offerXml(
  p: ProductRow,
  tree: CategoryTree,
  stock: ReadonlyMap<number, ReadonlyMap<number, number>>,
  offers: ReadonlyMap<number, BestOffer>,
  config: Config,
): string {
  const category = tree.byId.get(p.category_id);
  if (!category) return '';
  const perBranch = stock.get(p.id);
  const total = perBranch ? [...perBranch.values()].reduce((a, n) => a + n, 0) : 0;
  // Own stock first; without it, the best supplier offer (the storefront shows no old price next to it).
  const offer = total > 0 ? undefined : offers.get(p.id);
  const available = total > 0 || offer !== undefined;
  const url = `${config.publicUrl}${productUrl(category.path, p.slug)}`;
  const parts = [
    `<offer id="${p.id}" available="${available}">`,
    `<url>${xmlText(url)}</url>`,
    `<price>${priceText(offer ? offer.price : p.price)}</price>`,
  ];
  if (!offer && p.old_price !== null && p.old_price > p.price)
    parts.push(`<oldprice>${priceText(p.old_price)}</oldprice>`);
  parts.push('<currencyId>RUR</currencyId>', `<categoryId>${p.category_id}</categoryId>`);
  let pictures = 0;
  for (const image of p.images) {
    if (pictures >= MAX_PICTURES) break;
    const src = pictureUrl(image, config);
    if (!src) continue;
    parts.push(`<picture>${xmlText(src)}</picture>`);
    pictures += 1;
  }
  parts.push('<store>false</store>', `<pickup>${available}</pickup>`, '<delivery>false</delivery>');
  if (perBranch && total > 0) {
    parts.push('<outlets>');
    for (const [branchId, n] of perBranch) if (n > 0) parts.push(`<outlet id="${branchId}" instock="${n}"/>`);
    parts.push('</outlets>');
  } else if (offer) {
    // Picked up at a branch once the supplier has delivered: free, after the offer's term.
    parts.push(`<pickup-options><option cost="0" days="${offer.deliveryDays}"/></pickup-options>`);
  }
  parts.push(`<name>${xmlText(p.title)}</name>`);
  if (p.vendor) parts.push(`<vendor>${xmlText(p.vendor)}</vendor>`);
  if (p.article.trim()) parts.push(`<vendorCode>${xmlText(p.article.trim())}</vendorCode>`);
  const description = plainText(p.description);
  if (description) parts.push(`<description>${xmlText(description)}</description>`);
  if (offer && offer.multiplicity > 1)
    parts.push(
      `<min-quantity>${offer.multiplicity}</min-quantity>`,
      `<step-quantity>${offer.multiplicity}</step-quantity>`,
    );
  parts.push(`<count>${offer ? offer.quantity : total}</count>`, '</offer>\n');
  return parts.join('');
}

/** Units available now per product and active branch, only where there are some (the outlets' instock). */
const branchStock = (db: Db, ids: readonly number[]) =>
  availableByBranch(db, ids, sql`b.is_active and s.quantity > s.reserved`);

/**
 * Writes the YML feed of `db`'s catalogue to `out` (not ended: the caller owns the stream), batch by batch.
 * Absolute URLs are under `config.publicUrl` (pages) and `config.mediaPublicUrl` (pictures).
 */
export async function generateYmlFeed(
  db: Db,
  config: Config,
  out: Writable,
  opts: { now?: Date; batchSize?: number } = {},
): Promise<YmlFeedStats> {
  const batchSize = opts.batchSize ?? YML_BATCH_SIZE;
  const tree = await categoryDirectory(db).tree();
  const [shop] = await parseRows(
    db,
    sql`select title, legal_name, email from showcases order by is_default desc, id limit 1`,
    shopRow,
  );
  const host = new URL(config.publicUrl).host;
  const name = shop?.title.trim() || host;
  const categories = [...tree.byId.values()].filter((c) => !c.isService);
  const listed = new Set(categories.map((c) => c.id));

  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<yml_catalog date="${feedDate(opts.now ?? new Date())}">`,
    '<shop>',
    `<name>${xmlText(name)}</name>`,
    `<company>${xmlText(shop?.legal_name.trim() || name)}</company>`,
    `<url>${xmlText(`${config.publicUrl}/`)}</url>`,
  ];
  if (shop?.email.trim()) head.push(`<email>${xmlText(shop.email.trim())}</email>`);
  head.push('<currencies><currency id="RUR" rate="1"/></currencies>', '<categories>', '');
  await put(out, head.join('\n'));
  let chunk = '';
  for (const c of categories) {
    // A category under a service one is listed as a root: YML's parentId must name a listed category.
    chunk += categoryXml(c.parentId !== null && !listed.has(c.parentId) ? { ...c, parentId: null } : c);
  }
  await put(
    out,
    `${chunk}</categories>\n<pickup-options><option cost="0" days="0"/></pickup-options>\n<offers>\n`,
  );

  const visible = visibleCategorySql(tree);
  /** One batch after product id `after`, with its stock and supplier offers; null past the end. */
  const readBatch = async (after: number) => {
    const rows = await parseRows(
      db,
      sql`select p.id, p.slug, p.title, p.article, p.category_id, p.price, p.old_price, p.images, p.description,
            m.title as vendor
          from products p
          left join manufacturers m on m.id = p.manufacturer_id
          where p.id > ${after} and p.is_active and not p.is_service and p.price > 0 and ${visible}
          order by p.id
          limit ${batchSize}`,
      productRow,
    );
    if (rows.length === 0) return null;
    const ids = rows.map((r) => r.id);
    const stock = await branchStock(db, ids);
    // The best offers of the batch's products no active branch has, in one statement (own stock goes first).
    const offers = await bestOffers(
      db,
      ids.filter((id) => !stock.has(id)),
    );
    return { rows, stock, offers, last: rows[rows.length - 1]!.id, full: rows.length === batchSize };
  };
  let offers = 0;
  // The database reads the next batch while this one is turned into XML and written: one batch ahead at most.
  let next = readBatch(0);
  for (;;) {
    const batch = await next;
    if (!batch) break;
    next = batch.full ? readBatch(batch.last) : Promise.resolve(null);
    // A failed write must not leave the read-ahead's rejection unhandled.
    next.catch(() => {});
    let text = '';
    for (const p of batch.rows) {
      if (!listed.has(p.category_id)) continue;
      const xml = offerXml(p, tree, batch.stock, batch.offers, config);
      if (xml) {
        text += xml;
        offers += 1;
      }
    }
    await put(out, text);
  }
  await put(out, '</offers>\n</shop>\n</yml_catalog>\n');
  return { offers, categories: categories.length };
}
