// Supplier price-list fixtures for the readers' tests: one list of goods, good and bad lines mixed, written as a
// supplier would send it — CSV in Windows-1251 with ';' or UTF-8 with ',', an XLSX, a supplier YML.
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';

export interface FixtureGoods {
  article: string;
  brand: string;
  title: string;
  price: string;
  quantity: string;
  delivery: string;
  multiplicity: string;
}

export const FIXTURE_TITLE = 'Прайс-лист ООО «Автодеталь» на 26.11.2026';
export const FIXTURE_HEADER = [
  'Артикул',
  'Производитель',
  'Наименование',
  'Цена, руб.',
  'Остаток',
  'Срок поставки',
  'Кратность',
];

const g = (
  article: string,
  brand: string,
  title: string,
  price: string,
  quantity: string,
  delivery: string,
  multiplicity: string,
): FixtureGoods => ({ article, brand, title, price, quantity, delivery, multiplicity });

/**
 * The table: a title line and a blank line above the header, a group heading among the goods, and the bad lines
 * the issue names (missing price, text in quantity, empty brand) plus a negative price.
 */
export const FIXTURE_ROWS: readonly (FixtureGoods | string)[] = [
  g('0 986 452 041', 'BOSCH', 'Фильтр масляный', '1 234,50', '>10', '3 дня', '1'),
  g('333114', 'Kayaba', 'Амортизатор "Excel-G";\nпередний', '5 870', '4', '1-2', ''),
  g('W 712/95', 'MANN-FILTER', 'Фильтр масляный', '', '7', '2', '1'),
  'Тормозные колодки',
  g('58101-2SA70', 'HYUNDAI/KIA', 'Колодки тормозные передние', '2 100,00 руб.', 'много', '', '2'),
  g('04465-33471', 'Toyota', 'Колодки тормозные', '3450.00', 'десять', '5', '1'),
  g('GDB1550', '', 'Колодки тормозные', '2 990', '3', '4', '1'),
  g('BKR6E', 'NGK', 'Свеча зажигания', '320', '0', 'сегодня', '4'),
  g('15208-65F0E', 'NISSAN', 'Фильтр масляный', '-5', '1', '2', '1'),
];

function csvField(value: string, delimiter: string): string {
  return /["\n\r]/.test(value) || value.includes(delimiter) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The fixture as CSV: title line, blank line, header, goods (a group heading is a line with one cell). */
export function fixtureCsv(encoding: 'windows-1251' | 'utf-8', delimiter: ';' | ',', bom = false): Buffer {
  const lines = [FIXTURE_TITLE, '', FIXTURE_HEADER.map((v) => csvField(v, delimiter)).join(delimiter)];
  for (const row of FIXTURE_ROWS) {
    if (typeof row === 'string') lines.push(row);
    else
      lines.push(
        Object.values(row)
          .map((v) => csvField(v, delimiter))
          .join(delimiter),
      );
  }
  const text = lines.join('\r\n') + '\r\n';
  const body = iconv.encode(text, encoding);
  return bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}

/**
 * The fixture as an XLSX on its first sheet; a second sheet with other data follows, to prove only the first is
 * read. The numeric article and some prices are number cells (one a formula), as Excel keeps them.
 */
export async function fixtureXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Прайс');
  sheet.addRow([FIXTURE_TITLE]);
  sheet.addRow([]);
  sheet.addRow(FIXTURE_HEADER);
  for (const row of FIXTURE_ROWS) {
    if (typeof row === 'string') {
      sheet.addRow([row]);
      continue;
    }
    const cells: (string | number)[] = Object.values(row);
    if (/^\d+$/.test(row.article)) cells[0] = Number(row.article);
    if (row.price === '3450.00') cells[3] = { formula: '3000+450', result: 3450 } as unknown as number;
    if (row.price === '320') cells[3] = 320;
    sheet.addRow(cells);
  }
  const other = workbook.addWorksheet('Условия');
  other.addRow(['Условия поставки']);
  other.addRow(['Артикул', 'Бренд', 'Цена']);
  other.addRow(['X1', 'BOSCH', '1']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A supplier's YML in Windows-1251 (declared in the XML declaration): currencies with a dollar rate, a shop-wide
 * delivery term, offers on the lines noted beside them.
 */
export function fixtureYml(): Buffer {
  const text = `<?xml version="1.0" encoding="windows-1251"?>
<yml_catalog date="2026-11-26 09:00">
<shop>
<name>Автодеталь</name>
<currencies><currency id="RUR" rate="1"/><currency id="USD" rate="90"/></currencies>
<delivery-options><option cost="0" days="5"/></delivery-options>
<offers>
<offer id="1" available="true"><vendor>BOSCH</vendor><vendorCode>0 986 452 041</vendorCode><name>Фильтр масляный</name><price>1234.50</price><count>12</count><delivery-options><option cost="0" days="1-3"/></delivery-options></offer>
<offer id="2" available="true">
  <vendor>KAYABA</vendor>
  <vendorCode>333114</vendorCode>
  <name><![CDATA[Амортизатор "Excel-G" & передний]]></name>
  <price>10</price>
  <currencyId>USD</currencyId>
</offer>
<offer id="3" available="true"><vendor>MANN-FILTER</vendor><vendorCode>W 712/95</vendorCode><name>Фильтр</name></offer>
<offer id="4"><vendor>Toyota</vendor><vendorCode>04465-33471</vendorCode><name>Колодки</name><price>3450</price><count>десять</count></offer>
<offer id="5"><vendor></vendor><vendorCode>GDB1550</vendorCode><name>Колодки</name><price>2990</price></offer>
<offer id="6" available="false"><vendor>NGK</vendor><vendorCode>BKR6E</vendorCode><name>Свеча &amp; зажигания</name><price>320</price></offer>
</offers>
</shop>
</yml_catalog>
`;
  return iconv.encode(text, 'windows-1251');
}
