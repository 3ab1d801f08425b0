// The supplier price-list readers on fixtures as suppliers send them (test/price-list-fixtures.ts): the good lines'
// values, the bad lines' line numbers (as the file shows them) and reasons, and whole-file failures.
import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import {
  PRICE_LIST_MESSAGES as M,
  PRICE_LIST_PLENTY_QUANTITY,
  isPriceListLineError,
  priceListSettings,
  type PriceListLine,
  type PriceListLineError,
  type PriceListRow,
  type PriceListSettingsInput,
} from '@podbor/contract';
import {
  PriceListFileError,
  detectPriceListFormat,
  previewPriceList,
  readPriceList,
  suggestPriceListMapping,
  type PriceListFormat,
  type PriceListSource,
} from '../src/modules/price-lists/parse';
import { FIXTURE_HEADER, fixtureCsv, fixtureXlsx, fixtureYml } from './price-list-fixtures';

const dir = mkdtempSync(path.join(os.tmpdir(), 'price-lists-'));
let files = 0;
/** The bytes as a file streamed in small chunks, so letters and records straddle chunk boundaries. */
function fileStream(bytes: Buffer, highWaterMark = 7): Readable {
  const file = path.join(dir, `f${(files += 1)}`);
  writeFileSync(file, bytes);
  return createReadStream(file, { highWaterMark });
}

const BY_NAME: PriceListSettingsInput = {
  mapping: {
    article: 'артикул',
    brand: 'ПРОИЗВОДИТЕЛЬ',
    title: 'Наименование',
    price: 'цена руб',
    quantity: 'Остаток',
    delivery_days: 'Срок  поставки',
    multiplicity: 'Кратность',
  },
};

async function readAll(source: PriceListSource, format: PriceListFormat, settings?: PriceListSettingsInput) {
  const rows: PriceListRow[] = [];
  const batches: number[] = [];
  for await (const batch of readPriceList(source, { format, settings, batchSize: 3 })) {
    batches.push(batch.length);
    rows.push(...batch);
  }
  const good = rows.filter((r): r is PriceListLine => !isPriceListLineError(r));
  const bad = rows.filter(isPriceListLineError);
  return { rows, good, bad, batches };
}

const errorAt = (bad: PriceListLineError[]) =>
  bad.map((b) => [b.line, b.error.column, b.error.value, b.error.reason]);

/** The goods every table fixture must yield, by their line in a CSV file (a line break in a title takes two). */
function expectGoodTableLines(
  good: PriceListLine[],
  lines: { bosch: number; kyb: number; mobis: number; ngk: number },
) {
  expect(good).toEqual([
    {
      line: lines.bosch,
      article: '0 986 452 041',
      articleNormalized: '0986452041',
      brand: 'BOSCH',
      brandNormalized: 'BOSCH',
      title: 'Фильтр масляный',
      price: 1234.5,
      quantity: 10,
      deliveryDays: 3,
      multiplicity: 1,
    },
    {
      line: lines.kyb,
      article: '333114',
      articleNormalized: '333114',
      brand: 'Kayaba',
      brandNormalized: 'KYB',
      title: 'Амортизатор "Excel-G"; передний',
      price: 5870,
      quantity: 4,
      deliveryDays: 2,
      multiplicity: 1,
    },
    {
      line: lines.mobis,
      article: '58101-2SA70',
      articleNormalized: '581012SA70',
      brand: 'HYUNDAI/KIA',
      brandNormalized: 'MOBIS',
      title: 'Колодки тормозные передние',
      price: 2100,
      quantity: PRICE_LIST_PLENTY_QUANTITY,
      deliveryDays: null,
      multiplicity: 2,
    },
    {
      line: lines.ngk,
      article: 'BKR6E',
      articleNormalized: 'BKR6E',
      brand: 'NGK',
      brandNormalized: 'NGK',
      title: 'Свеча зажигания',
      price: 320,
      quantity: 0,
      deliveryDays: 0,
      multiplicity: 4,
    },
  ]);
}

describe('CSV price lists', () => {
  it('Windows-1251 with ";": good lines land, bad ones are reported with their line numbers and reasons', async () => {
    const { good, bad, batches } = await readAll(fileStream(fixtureCsv('windows-1251', ';')), 'csv', BY_NAME);
    expectGoodTableLines(good, { bosch: 4, kyb: 5, mobis: 9, ngk: 12 });
    expect(errorAt(bad)).toEqual([
      [7, 'Цена, руб.', '', M.priceMissing],
      [10, 'Остаток', 'десять', M.quantityNotNumber],
      [11, 'Производитель', '', M.brandMissing],
      [13, 'Цена, руб.', '-5', M.priceNotPositive],
    ]);
    // Streamed in batches of the size asked for.
    expect(batches).toEqual([3, 3, 2]);
  });

  it('UTF-8 with ",", mapped by column numbers', async () => {
    const byNumber = {
      mapping: { article: 1, brand: 2, title: 3, price: 4, quantity: 5, delivery_days: 6, multiplicity: 7 },
    };
    const formats: unknown[] = [];
    const progress: number[] = [];
    const rows: PriceListRow[] = [];
    for await (const batch of readPriceList(fileStream(fixtureCsv('utf-8', ',')), {
      format: 'csv',
      settings: { ...byNumber, file: { first_data_line: 4 } },
      onFormat: (f) => formats.push(f),
      onBytes: (n) => progress.push(n),
    })) {
      rows.push(...batch);
    }
    expect(formats).toEqual([{ encoding: 'utf-8', delimiter: ',' }]);
    // Progress by bytes ends at the file's size.
    expect(progress.at(-1)).toBe(fixtureCsv('utf-8', ',').length);
    expect(progress.length).toBeGreaterThan(10);
    expectGoodTableLines(
      rows.filter((r): r is PriceListLine => !isPriceListLineError(r)),
      {
        bosch: 4,
        kyb: 5,
        mobis: 9,
        ngk: 12,
      },
    );
    // Columns are named from the header line above the data.
    expect(errorAt(rows.filter(isPriceListLineError)).map((e) => e.slice(0, 2))).toEqual([
      [7, 'Цена, руб.'],
      [10, 'Остаток'],
      [11, 'Производитель'],
      [13, 'Цена, руб.'],
    ]);
  });

  it('UTF-8 with a BOM and ";", and the encoding and delimiter chosen instead of detected', async () => {
    const bom = await readAll(fileStream(fixtureCsv('utf-8', ';', true)), 'csv', BY_NAME);
    expectGoodTableLines(bom.good, { bosch: 4, kyb: 5, mobis: 9, ngk: 12 });
    const chosen = await readAll(fileStream(fixtureCsv('windows-1251', ';')), 'csv', {
      ...BY_NAME,
      file: { encoding: 'windows-1251', delimiter: ';' },
    });
    expect(chosen.good).toHaveLength(4);
    // The wrong encoding chosen: the Russian headers are not found.
    await expect(
      readAll(fileStream(fixtureCsv('windows-1251', ';')), 'csv', {
        ...BY_NAME,
        file: { encoding: 'utf-8' },
      }),
    ).rejects.toThrow(M.noHeader);
  });

  it('UTF-16 with a BOM and tabs, as Excel saves «Unicode text»', async () => {
    const text = 'Артикул\tБренд\tЦена\r\nW 712/95\tMANN-FILTER\t890,00\r\n';
    const { good } = await readAll(fileStream(iconv.encode(text, 'utf-16le', { addBOM: true })), 'csv', {
      mapping: { article: 'Артикул', brand: 'Бренд', price: 'Цена' },
    });
    expect(good.map((l) => [l.line, l.article, l.brandNormalized, l.price])).toEqual([
      [2, 'W 712/95', 'MANN', 890],
    ]);
  });

  it('without a header row, data from the line given, columns by number', async () => {
    const text = 'A1;BOSCH;Фильтр;100;2\nA2;KYB;Стойка;200,5;\n';
    const { good, bad } = await readAll(fileStream(Buffer.from(text)), 'csv', {
      mapping: { article: 1, brand: 2, price: 4, quantity: 5 },
      file: { header_row: false },
    });
    expect(bad).toEqual([]);
    expect(good.map((l) => [l.line, l.article, l.price, l.quantity, l.title])).toEqual([
      [1, 'A1', 100, 2, ''],
      [2, 'A2', 200.5, 0, ''],
    ]);
    const skipped = await readAll(fileStream(Buffer.from(text)), 'csv', {
      mapping: { article: 1, brand: 2, price: 4 },
      file: { header_row: false, first_data_line: 2 },
    });
    expect(skipped.good.map((l) => [l.line, l.article, l.quantity])).toEqual([[2, 'A2', null]]);
    // Errors name a column by its number when the file has no header.
    const noBrand = await readAll(fileStream(Buffer.from('A1;;Фильтр;100\n')), 'csv', {
      mapping: { article: 1, brand: 2, price: 4 },
      file: { header_row: false },
    });
    expect(errorAt(noBrand.bad)).toEqual([[1, 'Столбец 2', '', M.brandMissing]]);
  });

  it('fails the whole file with a Russian reason when it cannot be read', async () => {
    const fail = (bytes: Buffer, settings: PriceListSettingsInput = BY_NAME) =>
      readAll(fileStream(bytes, 64 * 1024), 'csv', settings).then(
        () => 'прочитан',
        (e: unknown) => (e instanceof PriceListFileError ? e.message : `не та ошибка: ${String(e)}`),
      );
    expect(
      await fail(Buffer.from('Артикул;Бренд;Цена\n'), {
        mapping: { article: 'Артикул', brand: 'Бренд', price: 'Цена' },
      }),
    ).toBe(M.emptyFile);
    expect(await fail(Buffer.from('Артикул;Бренд;Стоимость\nA;B;1\n'))).toMatch(new RegExp(`^${M.noHeader}`));
    expect(
      await fail(Buffer.from('Артикул;Бренд;Стоимость\nA;B;1\n'), {
        mapping: { article: 'Артикул', brand: 'Бренд', price: 'Цена' },
      }),
    ).toBe(`${M.noHeader} «Цена»`);
    expect(await fail(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]))).toBe(M.unknownEncoding);
    expect(await fail(Buffer.from('одна колонка\nбез разделителей\n'))).toBe(M.notCsv);
    expect(
      await fail(Buffer.from('A;B;1\n'), {
        mapping: { article: 1, brand: 'Бренд', price: 3 },
        file: { header_row: false },
      }),
    ).toBe(M.columnByNameNeedsHeader);
    expect(
      await fail(Buffer.from(`Артикул;Бренд;Цена\nA;B;"${'x'.repeat(1_100_000)}\n`), {
        mapping: { article: 'Артикул', brand: 'Бренд', price: 'Цена' },
      }),
    ).toBe(`${M.csvBroken}, строка 2`);
  });
});

describe('streaming', () => {
  /** 200,000 lines (about 8 MB) made as they are asked for; tells how many bytes were taken and whether it was closed. */
  function lazySource(make: (i: number) => string, header: string) {
    const state = { bytes: 0, closed: false };
    async function* source() {
      try {
        let chunk = header;
        for (let i = 1; i <= 200_000; i += 1) {
          chunk += make(i);
          if (i % 500 === 0) {
            const bytes = Buffer.from(chunk);
            state.bytes += bytes.length;
            yield bytes;
            chunk = '';
          }
        }
      } finally {
        state.closed = true;
      }
    }
    return { state, source: source() };
  }

  it('CSV: the first lines come before the file is read, and stopping early closes the file', async () => {
    const { state, source } = lazySource(
      (i) => `A${i};BOSCH;Фильтр ${i};${i},50;5\n`,
      'Артикул;Бренд;Наименование;Цена;Остаток\n',
    );
    let firstAt = 0;
    let lines = 0;
    for await (const batch of readPriceList(source, {
      format: 'csv',
      settings: { mapping: { article: 'Артикул', brand: 'Бренд', price: 'Цена' } },
    })) {
      firstAt ||= state.bytes;
      lines += batch.length;
      if (lines >= 5000) break;
    }
    expect(firstAt).toBeGreaterThan(0);
    expect(firstAt).toBeLessThan(1024 * 1024);
    expect(state.bytes).toBeLessThan(2 * 1024 * 1024);
    expect(state.closed).toBe(true);
  });

  it('YML: offers come as the file is read, and stopping early closes the file', async () => {
    const { state, source } = lazySource(
      (i) =>
        `<offer id="${i}"><vendor>NGK</vendor><vendorCode>N${i}</vendorCode><price>${i}</price></offer>\n`,
      '<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog><shop><offers>\n',
    );
    let firstAt = 0;
    let lines = 0;
    for await (const batch of readPriceList(source, { format: 'yml' })) {
      firstAt ||= state.bytes;
      lines += batch.length;
      if (lines >= 5000) break;
    }
    expect(firstAt).toBeLessThan(256 * 1024);
    expect(state.bytes).toBeLessThan(1024 * 1024);
    expect(state.closed).toBe(true);
  });
});

describe('XLSX price lists', () => {
  it('reads the first sheet: number cells, formulas, the Excel row numbers', async () => {
    const { good, bad } = await readAll(fileStream(await fixtureXlsx(), 1024), 'xlsx', BY_NAME);
    // No line break in a cell moves the rows: the title cell with one stays on its row.
    expectGoodTableLines(
      good.map((l) => (l.brand === 'Kayaba' ? { ...l } : l)),
      { bosch: 4, kyb: 5, mobis: 8, ngk: 11 },
    );
    expect(errorAt(bad)).toEqual([
      [6, 'Цена, руб.', '', M.priceMissing],
      [9, 'Остаток', 'десять', M.quantityNotNumber],
      [10, 'Производитель', '', M.brandMissing],
      [12, 'Цена, руб.', '-5', M.priceNotPositive],
    ]);
  });

  it('skips a hidden first sheet by default', async () => {
    const workbook = new ExcelJS.Workbook();
    const hidden = workbook.addWorksheet('Служебный', { state: 'hidden' });
    hidden.addRow(['Артикул', 'Бренд', 'Цена']);
    hidden.addRow(['HIDDEN', 'BOSCH', 1]);
    const shown = workbook.addWorksheet('Прайс');
    shown.addRow(['Артикул', 'Бренд', 'Цена']);
    shown.addRow(['SHOWN', 'BOSCH', 2]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const { good } = await readAll(fileStream(bytes, 1024), 'xlsx', {
      mapping: { article: 'Артикул', brand: 'Бренд', price: 'Цена' },
    });
    expect(good.map((l) => [l.line, l.article, l.price])).toEqual([[2, 'SHOWN', 2]]);
  });

  it('reads another sheet when told, and refuses what is not an XLSX', async () => {
    const other = await readAll(fileStream(await fixtureXlsx(), 1024), 'xlsx', {
      mapping: { article: 'Артикул', brand: 'Бренд', price: 'Цена' },
      file: { sheet: 'условия' },
    });
    expect(other.good.map((l) => [l.line, l.article, l.price])).toEqual([[3, 'X1', 1]]);
    await expect(
      readAll(fileStream(await fixtureXlsx(), 1024), 'xlsx', { ...BY_NAME, file: { sheet: 3 } }),
    ).rejects.toThrow(M.noSheet);
    await expect(readAll(fileStream(fixtureCsv('utf-8', ';')), 'xlsx', BY_NAME)).rejects.toThrow(M.notXlsx);
  });
});

describe('supplier YML', () => {
  it('reads offers: vendor, vendorCode, price (converted by the file’s rate), count or available, delivery days', async () => {
    const { good, bad } = await readAll(fileStream(fixtureYml()), 'yml');
    expect(good).toEqual([
      {
        line: 8,
        article: '0 986 452 041',
        articleNormalized: '0986452041',
        brand: 'BOSCH',
        brandNormalized: 'BOSCH',
        title: 'Фильтр масляный',
        price: 1234.5,
        quantity: 12,
        deliveryDays: 3,
        multiplicity: 1,
      },
      {
        line: 9,
        article: '333114',
        articleNormalized: '333114',
        brand: 'KAYABA',
        brandNormalized: 'KYB',
        title: 'Амортизатор "Excel-G" & передний',
        price: 900,
        quantity: PRICE_LIST_PLENTY_QUANTITY,
        deliveryDays: 5,
        multiplicity: 1,
      },
      {
        line: 19,
        article: 'BKR6E',
        articleNormalized: 'BKR6E',
        brand: 'NGK',
        brandNormalized: 'NGK',
        title: 'Свеча & зажигания',
        price: 320,
        quantity: 0,
        deliveryDays: 5,
        multiplicity: 1,
      },
    ]);
    expect(errorAt(bad)).toEqual([
      [16, 'price', '', M.priceMissing],
      [17, 'count', 'десять', M.quantityNotNumber],
      [18, 'vendor', '', M.brandMissing],
    ]);
  });

  it('refuses broken XML, a file that is not a YML catalogue, an unknown encoding', async () => {
    const broken = fixtureYml().subarray(0, 600);
    await expect(readAll(fileStream(broken), 'yml')).rejects.toThrow(M.notYml);
    await expect(
      readAll(fileStream(Buffer.from('<?xml version="1.0"?>\n<catalog><offer/></catalog>')), 'yml'),
    ).rejects.toThrow(M.notYmlCatalog);
    await expect(
      readAll(fileStream(Buffer.from('<?xml version="1.0" encoding="x-klingon"?>\n<yml_catalog/>')), 'yml'),
    ).rejects.toThrow(M.unknownEncoding);
    await expect(
      readAll(fileStream(Buffer.from('<yml_catalog><shop><offers></offers></shop></yml_catalog>')), 'yml'),
    ).rejects.toThrow(M.emptyFile);
  });
});

describe('setting a supplier up', () => {
  it('previews the first rows with the detected format and a suggested mapping', async () => {
    const preview = await previewPriceList(fileStream(fixtureCsv('windows-1251', ';')), 'csv', {}, 5);
    expect(preview.format).toEqual({ encoding: 'windows-1251', delimiter: ';' });
    expect(preview.rows.map((r) => r.line)).toEqual([1, 3, 4, 5, 7]);
    expect(preview.rows[1]!.cells).toEqual(FIXTURE_HEADER);
    expect(preview.suggested).toEqual({
      article: 'Артикул',
      brand: 'Производитель',
      title: 'Наименование',
      price: 'Цена, руб.',
      quantity: 'Остаток',
      delivery_days: 'Срок поставки',
      multiplicity: 'Кратность',
    });
    const xlsx = await previewPriceList(fileStream(await fixtureXlsx(), 1024), 'xlsx');
    expect(xlsx.suggested.price).toBe('Цена, руб.');
    expect(xlsx.rows[0]!.line).toBe(1);
  });

  it('suggests columns from common Russian headers, exact names before prefixes', () => {
    expect(
      suggestPriceListMapping([
        'Код',
        'Бренд',
        'Номер детали',
        'Описание',
        'Цена закупки',
        'Цена',
        'Наличие',
        'Срок, дн.',
      ]),
    ).toEqual({
      article: 'Номер детали',
      brand: 'Бренд',
      title: 'Описание',
      price: 'Цена',
      quantity: 'Наличие',
      delivery_days: 'Срок, дн.',
    });
  });

  it('checks the settings with Russian messages', () => {
    const result = priceListSettings.safeParse({
      mapping: { article: 1, brand: 'Бренд', price: 0, title: 1 },
      file: { header_row: false, first_data_line: 0 },
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['mapping.price', M.columnNumber],
        ['file.first_data_line', M.firstDataLine],
      ]),
    );
    const missing = priceListSettings.safeParse({ mapping: { article: 1, price: 3 } });
    expect(missing.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['mapping.brand', 'Обязательное поле'],
    ]);
    const twice = priceListSettings.safeParse({
      mapping: { article: 1, brand: 2, price: 3, title: 1 },
      file: { header_row: false },
    });
    expect(twice.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['mapping.title', M.columnTwice],
    ]);
    const byName = priceListSettings.safeParse({
      mapping: { article: 1, brand: 'Бренд', price: 3 },
      file: { header_row: false },
    });
    expect(byName.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['mapping.brand', M.columnByNameNeedsHeader],
    ]);
  });

  it('tells the format from the name and the first bytes', () => {
    expect(detectPriceListFormat('price.CSV')).toBe('csv');
    expect(detectPriceListFormat('price.xlsx')).toBe('xlsx');
    expect(detectPriceListFormat('feed.yml')).toBe('yml');
    expect(detectPriceListFormat('price.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe('xlsx');
    expect(detectPriceListFormat('price.doc')).toBeNull();
  });
});
