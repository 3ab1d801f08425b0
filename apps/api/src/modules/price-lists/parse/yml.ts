// A supplier's YML (the Yandex Market catalogue format) read as a price list: yml_catalog/shop/offers/offer with
// vendor, vendorCode, name, price, count or available, and delivery days when given. Streamed with saxes: the
// bytes are decoded in chunks (the encoding from a BOM or the XML declaration) and offers become lines as their
// closing tags arrive.
import iconv from 'iconv-lite';
import { SaxesParser } from 'saxes';
import {
  PRICE_LIST_MESSAGES as M,
  PRICE_LIST_PLENTY_QUANTITY,
  type PriceListField,
  type PriceListRow,
} from '@podbor/contract';
import type { BrandNormaliser } from './brands';
import { asBuffer } from './csv';
import { PriceListFileError, readLineValues } from './lines';
import { parseDecimal } from './values';

/** The YML element each field comes from (error reports name it as the column). */
const ELEMENTS: Readonly<Record<PriceListField, string>> = {
  article: 'vendorCode',
  brand: 'vendor',
  title: 'name',
  price: 'price',
  quantity: 'count',
  delivery_days: 'delivery-options',
  multiplicity: 'min-quantity',
};

/** Enough of the start of the file to hold its XML declaration. */
const DECLARATION_BYTES = 512;

/** Child elements of an offer whose text is read. */
const OFFER_TEXT = new Set([
  'vendor',
  'vendorCode',
  'name',
  'model',
  'typePrefix',
  'price',
  'count',
  'currencyId',
]);

interface Offer {
  line: number;
  available: string | undefined;
  text: Map<string, string>;
  deliveryDays: string | undefined;
}

/** The encoding named by a BOM or by `<?xml … encoding="…"?>` in the first bytes; UTF-8 when neither says. */
export function xmlEncoding(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  const declaration = /^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
    head.toString('latin1', 0, 200),
  );
  const name = declaration?.[1]?.toLowerCase() ?? 'utf-8';
  if (!iconv.encodingExists(name)) throw new PriceListFileError(M.unknownEncoding);
  return name;
}

/** Reads a supplier's YML into price-list lines, in batches; `line` is the line of the offer's opening tag. */
export async function* readYmlLines(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  normaliseBrand: BrandNormaliser,
  batchSize: number,
): AsyncGenerator<PriceListRow[]> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: string[] = [];
  const rates = new Map<string, number | null>([
    ['RUR', 1],
    ['RUB', 1],
  ]);
  let shopDeliveryDays: string | undefined;
  let offer: Offer | null = null;
  let textOf: string | null = null;
  let text = '';
  let ready: PriceListRow[] = [];
  let offers = 0;
  let failure: Error | null = null;
  const columnOf = (field: PriceListField) => ELEMENTS[field];

  parser.on('opentag', (tag) => {
    const name = tag.name;
    const parent = stack[stack.length - 1];
    stack.push(name);
    if (stack.length === 1 && name !== 'yml_catalog') {
      failure = new PriceListFileError(M.notYmlCatalog);
      return;
    }
    const attr = (key: string) => {
      const value = tag.attributes[key];
      return typeof value === 'string' ? value : undefined;
    };
    if (name === 'offer' && parent === 'offers') {
      offer = { line: parser.line, available: attr('available'), text: new Map(), deliveryDays: undefined };
    } else if (offer && parent === 'offer' && OFFER_TEXT.has(name)) {
      textOf = name;
      text = '';
    } else if (name === 'currency' && parent === 'currencies') {
      const id = (attr('id') ?? '').toUpperCase();
      const rate = parseDecimal(attr('rate') ?? '');
      if (id && !rates.has(id)) rates.set(id, rate !== null && rate > 0 ? rate : null);
    } else if (name === 'option' && parent === 'delivery-options') {
      const owner = stack[stack.length - 3];
      const days = attr('days');
      if (days === undefined) return;
      // The first option given is the supplier's usual term.
      if (owner === 'offer' && offer && offer.deliveryDays === undefined) offer.deliveryDays = days;
      else if (owner === 'shop' && shopDeliveryDays === undefined) shopDeliveryDays = days;
    }
  });
  const addText = (t: string) => {
    if (textOf !== null) text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', (tag) => {
    stack.pop();
    if (textOf !== null && tag.name === textOf && offer) {
      offer.text.set(textOf, text);
      textOf = null;
    } else if (tag.name === 'offer' && offer && stack[stack.length - 1] === 'offers') {
      ready.push(offerLine(offer));
      offers += 1;
      offer = null;
    }
  });
  parser.on('error', (error) => {
    failure ??= new PriceListFileError(`${M.notYml}, строка ${parser.line}: ${error.message.split('\n')[0]}`);
  });

  function offerLine(o: Offer): PriceListRow {
    const t = o.text;
    const title =
      t.get('name') ?? [t.get('typePrefix'), t.get('vendor'), t.get('model')].filter(Boolean).join(' ');
    let count = t.get('count');
    if (count === undefined && o.available !== undefined) {
      count = o.available.trim().toLowerCase() === 'false' ? '0' : String(PRICE_LIST_PLENTY_QUANTITY);
    }
    let price = t.get('price') ?? '';
    const currency = (t.get('currencyId') ?? 'RUB').trim().toUpperCase();
    const rate = rates.get(currency);
    if (currency !== 'RUB' && currency !== 'RUR') {
      const amount = parseDecimal(price);
      if (rate === undefined || rate === null || amount === null) {
        return { line: o.line, error: { column: 'currencyId', value: currency, reason: M.currency } };
      }
      price = String(amount * rate);
    }
    return readLineValues(
      o.line,
      {
        article: t.get('vendorCode') ?? '',
        brand: t.get('vendor') ?? '',
        title,
        price,
        ...(count !== undefined ? { quantity: count } : {}),
        ...((o.deliveryDays ?? shopDeliveryDays) !== undefined
          ? { delivery_days: o.deliveryDays ?? shopDeliveryDays }
          : {}),
      },
      columnOf,
      normaliseBrand,
    );
  }

  let decoder: ReturnType<typeof iconv.getDecoder> | null = null;
  const feed = (chunk: string) => {
    if (chunk && !failure) parser.write(chunk);
    if (failure) throw failure;
  };
  let batch: PriceListRow[] = [];
  const take = function* () {
    for (const row of ready) {
      batch.push(row);
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    ready = [];
  };
  // The first bytes are kept until the XML declaration can be read whole.
  let head: Buffer | null = Buffer.alloc(0) as Buffer;
  for await (const raw of source) {
    let chunk = asBuffer(raw);
    if (head !== null) {
      head = Buffer.concat([head, chunk]);
      if (head.length < DECLARATION_BYTES) continue;
      chunk = head;
      head = null;
    }
    decoder ??= iconv.getDecoder(xmlEncoding(chunk));
    feed(decoder.write(chunk));
    yield* take();
  }
  if (head !== null && head.length > 0) {
    decoder = iconv.getDecoder(xmlEncoding(head));
    feed(decoder.write(head));
  }
  if (decoder) feed(decoder.end() ?? '');
  if (!failure) parser.close();
  if (failure) throw failure;
  yield* take();
  if (stack.length > 0 || decoder === null) throw new PriceListFileError(decoder ? M.notYml : M.emptyFile);
  if (offers === 0) throw new PriceListFileError(M.emptyFile);
  if (batch.length > 0) yield batch;
}
