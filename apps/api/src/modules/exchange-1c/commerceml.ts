import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { TextDecoder } from 'node:util';
import { SaxesParser } from 'saxes';
import { EXCHANGE_1C_MESSAGES as M, normalizeArticle, slugFromTitle } from '@podbor/contract';
import { ExchangeFailure } from './exchange-files';

// A streaming reader of CommerceML 2 (2.05–2.10) files: import.xml (Классификатор: groups and properties;
// Каталог: products) and offers.xml (ПакетПредложений: price types, warehouses, offers). The file is decoded in
// its declared encoding (UTF-8 or windows-1251, as 1C writes) and parsed by saxes chunk by chunk; only one record
// (a product, a top-level group with its subgroups, an offer) is held at a time, so the file's size does not
// matter. Each record is turned into a small plain object (`Staged`) handed to the caller in batches.

interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

export interface GroupRecord {
  id: string;
  title: string;
  parent: string | null;
  slug: string;
}
export interface PropertyRecord {
  id: string;
  title: string;
  slug: string;
  numeric: boolean;
  values: { id: string; title: string }[];
}
export interface ProductRecord {
  id: string;
  title: string;
  article: string;
  article_norm: string;
  slug: string;
  group: string | null;
  maker: { id: string; title: string; slug: string } | null;
  description: string;
  images: string[];
  props: { id: string; value: string }[];
  deleted: boolean;
}
export interface OfferRecord {
  id: string;
  prices: { type: string; value: number }[];
  stock: { wh: string; qty: number }[];
  qty: number | null;
}
export interface PriceTypeRecord {
  id: string;
  title: string;
}
export interface WarehouseRecord {
  id: string;
  title: string;
}

export type Staged =
  | { kind: 'group'; data: GroupRecord }
  | { kind: 'property'; data: PropertyRecord }
  | { kind: 'product'; data: ProductRecord }
  | { kind: 'pricetype'; data: PriceTypeRecord }
  | { kind: 'warehouse'; data: WarehouseRecord }
  | { kind: 'offer'; data: OfferRecord };

export interface FileMeta {
  /** `import` (import*.xml) or `offers` (offers*.xml). */
  file: 'import' | 'offers';
  /** СодержитТолькоИзменения: true = only changes, false = the full package. */
  onlyChanges: boolean;
  catalogId: string;
}

const RECORDS: Record<FileMeta['file'], string[]> = {
  import: [
    'Классификатор/Группы/Группа',
    'Классификатор/Свойства/Свойство',
    'Классификатор/Свойства/СвойствоНоменклатуры',
    'Каталог/Товары/Товар',
  ],
  offers: ['ТипыЦен/ТипЦены', 'Склады/Склад', 'Предложения/Предложение'],
};

const shortHash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 8);

/** A stable slug for a row from 1C: the title's transliteration and a piece of the 1C id's hash. */
export function slugFor(title: string, externalId: string): string {
  const base = slugFromTitle(title).slice(0, 80).replace(/-+$/, '');
  return `${base || 'item'}-${shortHash(externalId)}`;
}

const child = (node: XmlNode, name: string) => node.children.find((c) => c.name === name);
const children = (node: XmlNode | undefined, name: string) =>
  node ? node.children.filter((c) => c.name === name) : [];
const textOf = (node: XmlNode | undefined, name: string) => child(node ?? emptyNode, name)?.text.trim() ?? '';
const emptyNode: XmlNode = { name: '', attrs: {}, children: [], text: '' };
const isTrue = (value: string | undefined) => value?.trim().toLowerCase() === 'true';

function toNumber(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const cleaned = raw.replace(/\s|\u00a0/g, '').replace(',', '.');
  if (cleaned === '') return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

/** The product's own Ид: 1C writes an offer of a characteristic as `<товар>#<характеристика>`. */
const productIdOf = (raw: string) => raw.split('#')[0]?.trim() ?? '';

function required(node: XmlNode, name: string, what: string, line: number): string {
  const value = textOf(node, name);
  if (!value) throw new ExchangeFailure(`${what} без элемента «${name}» (строка ${line}).`);
  return value;
}

function groupRecords(node: XmlNode, parent: string | null, line: number, out: Staged[]): void {
  const id = required(node, 'Ид', 'Группа', line);
  const title = textOf(node, 'Наименование') || id;
  out.push({ kind: 'group', data: { id, title, parent, slug: slugFor(title, id) } });
  for (const sub of children(child(node, 'Группы'), 'Группа')) groupRecords(sub, id, line, out);
}

function propertyRecord(node: XmlNode, line: number): PropertyRecord {
  const id = required(node, 'Ид', 'Свойство', line);
  const title = textOf(node, 'Наименование') || id;
  const valuesNode = child(node, 'ВариантыЗначений');
  return {
    id,
    title,
    slug: slugFor(title, id),
    numeric: textOf(node, 'ТипЗначений') === 'Число',
    values: children(valuesNode, 'Справочник')
      .map((v) => ({ id: textOf(v, 'ИдЗначения'), title: textOf(v, 'Значение') }))
      .filter((v) => v.id && v.title),
  };
}

function productRecord(node: XmlNode, line: number): ProductRecord {
  const id = productIdOf(required(node, 'Ид', 'Товар', line));
  const title = required(node, 'Наименование', 'Товар', line);
  const article = textOf(node, 'Артикул');
  const makerNode = child(node, 'Изготовитель');
  const makerId = textOf(makerNode, 'Ид');
  const makerTitle = textOf(makerNode, 'Наименование');
  const status = node.attrs['Статус'] ?? textOf(node, 'Статус');
  return {
    id,
    title: title.slice(0, 500),
    article: article.slice(0, 100),
    article_norm: normalizeArticle(article).slice(0, 100),
    slug: slugFor(title, id),
    group: textOf(child(node, 'Группы'), 'Ид') || null,
    maker:
      makerId || makerTitle
        ? {
            id: makerId || `name:${makerTitle.toLowerCase()}`,
            title: makerTitle || makerId,
            slug: slugFor(makerTitle || makerId, makerId || makerTitle),
          }
        : null,
    description: textOf(node, 'Описание').slice(0, 20_000),
    images: children(node, 'Картинка')
      .map((c) => c.text.trim())
      .filter(Boolean),
    props: children(child(node, 'ЗначенияСвойств'), 'ЗначенияСвойства')
      .map((v) => ({
        id: textOf(v, 'Ид'),
        value:
          children(v, 'Значение')
            .map((c) => c.text.trim())
            .find(Boolean) ?? '',
      }))
      .filter((v) => v.id && v.value),
    deleted:
      status === 'Удален' || isTrue(node.attrs['ПометкаУдаления']) || isTrue(textOf(node, 'ПометкаУдаления')),
  };
}

function offerRecord(node: XmlNode, line: number): OfferRecord {
  const id = productIdOf(required(node, 'Ид', 'Предложение', line));
  const prices: OfferRecord['prices'] = [];
  for (const price of children(child(node, 'Цены'), 'Цена')) {
    const value = toNumber(textOf(price, 'ЦенаЗаЕдиницу'));
    const type = textOf(price, 'ИдТипаЦены');
    if (value === null || value < 0)
      throw new ExchangeFailure(`Предложение ${id}: некорректная цена (строка ${line}).`);
    if (type) prices.push({ type, value });
  }
  const stock: OfferRecord['stock'] = [];
  for (const s of children(node, 'Склад')) {
    const qty = toNumber(s.attrs['КоличествоНаСкладе']);
    if (s.attrs['ИдСклада'] && qty !== null) stock.push({ wh: s.attrs['ИдСклада'], qty });
  }
  for (const rest of children(child(node, 'Остатки'), 'Остаток')) {
    const wh = child(rest, 'Склад');
    const qty = toNumber(textOf(wh ?? rest, 'Количество'));
    const whId = textOf(wh, 'Ид');
    if (whId && qty !== null) stock.push({ wh: whId, qty });
  }
  return {
    id,
    prices,
    stock: stock.map((s) => ({ wh: s.wh, qty: Math.max(0, Math.floor(s.qty)) })),
    qty: ((q) => (q === null ? null : Math.max(0, Math.floor(q))))(toNumber(textOf(node, 'Количество'))),
  };
}

/** The encoding named by the XML declaration (UTF-8 when none), refused when the runtime does not know it. */
async function decoderFor(file: string): Promise<TextDecoder> {
  const handle = await open(file, 'r');
  const head = Buffer.alloc(256);
  try {
    await handle.read(head, 0, 256, 0);
  } finally {
    await handle.close();
  }
  const declared = /^(?:\ufeff)?<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/.exec(head.toString('latin1'));
  const label = declared?.[1]?.trim() ?? 'utf-8';
  try {
    return new TextDecoder(label, { fatal: true });
  } catch {
    throw new ExchangeFailure(`${M.encodingUnknown}${label}`);
  }
}

/**
 * Reads `file` (import*.xml or offers*.xml) and hands its records to `sink` in batches of about `batch`, in file
 * order. Throws ExchangeFailure (with the line) for a file that is not well-formed XML, not in a known encoding or
 * not CommerceML; the caller then drops whatever it staged.
 */
export async function readCommerceMl(
  file: string,
  kind: FileMeta['file'],
  sink: (records: Staged[]) => Promise<void>,
  batch = 500,
): Promise<FileMeta> {
  const decoder = await decoderFor(file);
  const parser = new SaxesParser({ position: true });
  const suffixes = RECORDS[kind];
  const meta: FileMeta = { file: kind, onlyChanges: false, catalogId: '' };
  const names: string[] = [];
  let record: XmlNode[] | null = null;
  let recordLine = 0;
  let pending: Staged[] = [];
  let root = '';
  let sawBody = false;
  let textTarget: 'onlyChanges' | 'catalogId' | null = null;

  const emit = (node: XmlNode, path: string) => {
    if (path.endsWith('Группы/Группа')) groupRecords(node, null, recordLine, pending);
    else if (path.endsWith('Свойства/Свойство') || path.endsWith('Свойства/СвойствоНоменклатуры'))
      pending.push({ kind: 'property', data: propertyRecord(node, recordLine) });
    else if (path.endsWith('Товары/Товар'))
      pending.push({ kind: 'product', data: productRecord(node, recordLine) });
    else if (path.endsWith('ТипыЦен/ТипЦены'))
      pending.push({
        kind: 'pricetype',
        data: {
          id: required(node, 'Ид', 'Тип цены', recordLine),
          title: textOf(node, 'Наименование'),
        },
      });
    else if (path.endsWith('Склады/Склад'))
      pending.push({
        kind: 'warehouse',
        data: { id: required(node, 'Ид', 'Склад', recordLine), title: textOf(node, 'Наименование') },
      });
    else pending.push({ kind: 'offer', data: offerRecord(node, recordLine) });
  };

  parser.on('error', (err) => {
    throw new ExchangeFailure(`${M.xmlBroken}${err.message}`);
  });
  parser.on('opentag', (tag) => {
    const attrs = tag.attributes as Record<string, string>;
    names.push(tag.name);
    if (names.length === 1) {
      root = tag.name;
      if (root !== 'КоммерческаяИнформация') throw new ExchangeFailure(M.notCommerceMl);
    }
    if (record) {
      const node: XmlNode = { name: tag.name, attrs, children: [], text: '' };
      record[record.length - 1]?.children.push(node);
      record.push(node);
      return;
    }
    const path = names.join('/');
    if (tag.name === 'Каталог' || tag.name === 'ПакетПредложений' || tag.name === 'Классификатор') {
      if (kind === 'import' ? tag.name !== 'ПакетПредложений' : tag.name === 'ПакетПредложений')
        sawBody = true;
      if (attrs['СодержитТолькоИзменения'] !== undefined && tag.name !== 'Классификатор')
        meta.onlyChanges = isTrue(attrs['СодержитТолькоИзменения']);
    }
    if (
      names.length === 3 &&
      tag.name === 'СодержитТолькоИзменения' &&
      (names[1] === 'Каталог' || names[1] === 'ПакетПредложений')
    )
      textTarget = 'onlyChanges';
    else if (names.length === 3 && tag.name === 'Ид' && names[1] === 'Каталог') textTarget = 'catalogId';
    if (suffixes.some((s) => path.endsWith(s))) {
      record = [{ name: tag.name, attrs, children: [], text: '' }];
      recordLine = parser.line;
    }
  });
  const onText = (text: string) => {
    if (record) {
      const node = record[record.length - 1];
      if (node) node.text += text;
    } else if (textTarget === 'onlyChanges') meta.onlyChanges = isTrue(text);
    else if (textTarget === 'catalogId') meta.catalogId += text.trim();
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const path = names.join('/');
    names.pop();
    textTarget = null;
    if (!record) return;
    const node = record.pop();
    if (record.length === 0 && node) {
      record = null;
      emit(node, path);
    }
  });

  let decoded = '';
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 })) {
      decoded = decoder.decode(chunk as Buffer, { stream: true });
      parser.write(decoded);
      if (pending.length >= batch) {
        const out = pending;
        pending = [];
        await sink(out);
      }
    }
    decoded = decoder.decode();
    parser.write(decoded);
    parser.close();
  } catch (err) {
    if (err instanceof ExchangeFailure) throw err;
    if (err instanceof TypeError)
      throw new ExchangeFailure(`${M.xmlBroken}байты не в кодировке ${decoder.encoding}`);
    throw err;
  }
  if (!sawBody) throw new ExchangeFailure(M.notCommerceMl);
  if (pending.length > 0) await sink(pending);
  return meta;
}
