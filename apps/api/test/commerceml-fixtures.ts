import { deflateRawSync } from 'node:zlib';

// Generated CommerceML 2 packages for the 1C exchange tests (and the bench): import.xml with nested groups,
// properties (a listed one and a numeric one), makers and products; offers.xml with two price types, warehouses
// and offers with stock per warehouse. Written as chunks, so a 200,000-product package streams to a file.

export interface PackageOptions {
  /** Products numbered from `from` (default 0) to `from + count - 1`. */
  count: number;
  from?: number;
  /** СодержитТолькоИзменения. */
  onlyChanges?: boolean;
  /** Added to every retail price (a second package with new prices). */
  priceShift?: number;
  /** Warehouses of offers.xml: 1C id and title. */
  warehouses?: { id: string; title: string }[];
  /** Pictures: product index → path inside the package. */
  pictures?: Map<number, string>;
  /** Title suffix (a changed package). */
  titleSuffix?: string;
}

export const GROUPS = [
  { id: 'grp-engine', title: 'Двигатель 1С', parent: null },
  { id: 'grp-filters', title: 'Фильтры 1С', parent: 'grp-engine' },
  { id: 'grp-oil', title: 'Масляные фильтры 1С', parent: 'grp-filters' },
  { id: 'grp-brakes', title: 'Тормозная система 1С', parent: null },
] as const;

const MAKERS = [
  { id: 'mk-bosch', title: 'BOSCH' },
  { id: 'mk-mann', title: 'MANN-FILTER 1C' },
  { id: 'mk-trw', title: 'TRW 1C' },
];

export const productId = (i: number) => `prod-${String(i).padStart(7, '0')}`;
export const productArticle = (i: number) => `1C-${String(i).padStart(6, '0')}`;
export const retailPrice = (i: number, shift = 0) => 100 + (i % 900) + shift + 0.5;
export const stockFor = (i: number, w: number) => (i + w) % 7;

const groupXml = (parent: string | null): string =>
  GROUPS.filter((g) => g.parent === parent)
    .map((g) => {
      const subs = groupXml(g.id);
      return `<Группа><Ид>${g.id}</Ид><Наименование>${g.title}</Наименование>${subs ? `<Группы>${subs}</Группы>` : ''}</Группа>`;
    })
    .join('');

export function* importXml(o: PackageOptions): Generator<string> {
  const from = o.from ?? 0;
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2026-11-26T10:00:00">\n`;
  yield `<Классификатор><Ид>cls-1</Ид><Наименование>Классификатор (Основной каталог товаров)</Наименование>`;
  yield `<Группы>${groupXml(null)}</Группы>`;
  yield `<Свойства><Свойство><Ид>prop-side</Ид><Наименование>Сторона 1С</Наименование><ТипЗначений>Справочник</ТипЗначений><ВариантыЗначений><Справочник><ИдЗначения>side-l</ИдЗначения><Значение>Левая</Значение></Справочник><Справочник><ИдЗначения>side-r</ИдЗначения><Значение>Правая</Значение></Справочник></ВариантыЗначений></Свойство>`;
  yield `<Свойство><Ид>prop-diam</Ид><Наименование>Диаметр 1С</Наименование><ТипЗначений>Число</ТипЗначений></Свойство></Свойства></Классификатор>\n`;
  yield `<Каталог СодержитТолькоИзменения="${o.onlyChanges ? 'true' : 'false'}"><Ид>cat-1</Ид><ИдКлассификатора>cls-1</ИдКлассификатора><Наименование>Основной каталог товаров</Наименование><Товары>\n`;
  let chunk = '';
  for (let i = from; i < from + o.count; i += 1) {
    const group = ['grp-oil', 'grp-filters', 'grp-brakes', 'grp-engine'][i % 4];
    const maker = MAKERS[i % MAKERS.length]!;
    const picture = o.pictures?.get(i);
    chunk += `<Товар><Ид>${productId(i)}</Ид><Артикул>${productArticle(i)}</Артикул><Наименование>Деталь 1С №${i}${o.titleSuffix ?? ''}</Наименование><БазоваяЕдиница Код="796">шт</БазоваяЕдиница><Группы><Ид>${group}</Ид></Группы><Описание>Описание детали №${i} &amp; её применение</Описание>${picture ? `<Картинка>${picture}</Картинка>` : ''}<Изготовитель><Ид>${maker.id}</Ид><Наименование>${maker.title}</Наименование></Изготовитель><ЗначенияСвойств><ЗначенияСвойства><Ид>prop-side</Ид><Значение>${i % 2 ? 'side-l' : 'side-r'}</Значение></ЗначенияСвойства><ЗначенияСвойства><Ид>prop-diam</Ид><Значение>${50 + (i % 30)},5</Значение></ЗначенияСвойства></ЗначенияСвойств></Товар>\n`;
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}</Товары></Каталог></КоммерческаяИнформация>\n`;
}

export function* offersXml(o: PackageOptions): Generator<string> {
  const from = o.from ?? 0;
  const warehouses = o.warehouses ?? [];
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2026-11-26T10:00:00">\n`;
  yield `<ПакетПредложений СодержитТолькоИзменения="${o.onlyChanges ? 'true' : 'false'}"><Ид>cat-1#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>cat-1</ИдКаталога><ИдКлассификатора>cls-1</ИдКлассификатора>`;
  yield `<ТипыЦен><ТипЦены><Ид>price-retail</Ид><Наименование>Розничная</Наименование><Валюта>RUB</Валюта></ТипЦены><ТипЦены><Ид>price-wholesale</Ид><Наименование>Оптовая</Наименование><Валюта>RUB</Валюта></ТипЦены></ТипыЦен>`;
  yield `<Склады>${warehouses.map((w) => `<Склад><Ид>${w.id}</Ид><Наименование>${w.title}</Наименование></Склад>`).join('')}</Склады><Предложения>\n`;
  let chunk = '';
  for (let i = from; i < from + o.count; i += 1) {
    const stock = warehouses
      .map((w, k) => `<Склад ИдСклада="${w.id}" КоличествоНаСкладе="${stockFor(i, k)}"/>`)
      .join('');
    const total = warehouses.reduce((sum, _w, k) => sum + stockFor(i, k), 0);
    chunk += `<Предложение><Ид>${productId(i)}</Ид><Артикул>${productArticle(i)}</Артикул><Наименование>Деталь 1С №${i}</Наименование><Цены><Цена><Представление>${retailPrice(i, o.priceShift)} RUB за шт</Представление><ИдТипаЦены>price-retail</ИдТипаЦены><ЦенаЗаЕдиницу>${retailPrice(i, o.priceShift)}</ЦенаЗаЕдиницу><Валюта>RUB</Валюта></Цена><Цена><ИдТипаЦены>price-wholesale</ИдТипаЦены><ЦенаЗаЕдиницу>${retailPrice(i, o.priceShift) - 20}</ЦенаЗаЕдиницу></Цена></Цены><Количество>${total}</Количество>${stock}</Предложение>\n`;
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}</Предложения></ПакетПредложений></КоммерческаяИнформация>\n`;
}

export const joinXml = (parts: Iterable<string>) => Buffer.from([...parts].join(''), 'utf8');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A zip archive (deflated entries), as 1C packs a package when the site answers zip=yes. */
export function makeZip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const packed = deflateRawSync(e.data);
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** Text in windows-1251 (the encoding older 1C configurations write): Cyrillic, ASCII and a few signs. */
export function toWindows1251(text: string): Buffer {
  const out = Buffer.alloc(text.length);
  let n = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 63;
    let byte: number;
    if (code < 0x80) byte = code;
    else if (code >= 0x410 && code <= 0x44f) byte = code - 0x410 + 0xc0;
    else if (code === 0x401) byte = 0xa8;
    else if (code === 0x451) byte = 0xb8;
    else if (code === 0x2116) byte = 0xb9;
    else byte = 63;
    out[n] = byte;
    n += 1;
  }
  return out.subarray(0, n);
}
