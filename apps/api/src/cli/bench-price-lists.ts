// The price-list readers' benchmark, driven by scripts/bench-price-lists.mjs (`npm run bench:price-lists`), which
// bundles this file and runs each step in its own process so every reading has its own peak RSS:
//   generate-csv <file> <lines>    a supplier CSV in Windows-1251 with ';' (about 1 in 200 lines bad)
//   generate-xlsx <file> <lines>   the same goods as an XLSX (shared strings, as Excel writes them)
//   read <csv|xlsx> <file>         reads it with readPriceList; prints one JSON line of figures
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { isPriceListLineError, type PriceListSettingsInput } from '@podbor/contract';
import { readPriceList } from '../modules/price-lists/parse';

const HEADER = [
  'Артикул',
  'Производитель',
  'Наименование',
  'Цена, руб.',
  'Остаток',
  'Срок поставки',
  'Кратность',
];
const SETTINGS: PriceListSettingsInput = {
  mapping: {
    article: 'Артикул',
    brand: 'Производитель',
    title: 'Наименование',
    price: 'Цена, руб.',
    quantity: 'Остаток',
    delivery_days: 'Срок поставки',
    multiplicity: 'Кратность',
  },
};
const BRANDS = [
  'BOSCH',
  'Kayaba',
  'MANN-FILTER',
  'LEMFÖRDER',
  'HYUNDAI/KIA',
  'FEBI BILSTEIN',
  'NGK',
  'TRW',
  'SACHS',
];
const TITLES = [
  'Фильтр масляный',
  'Колодки тормозные передние',
  'Амортизатор задний газовый',
  'Свеча зажигания',
];
const QUANTITIES = ['4', '>10', '12', 'много', '', '1', '10+', '0'];

/** A deterministic pseudo-random stream (the same file on every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Goods line i as text cells; every 200th line has one of the faults. */
function goods(i: number, rnd: () => number): string[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const kopecks = Math.floor(rnd() * 5_000_000) + 100;
  const price = `${Math.floor(kopecks / 100).toLocaleString('ru-RU')},${String(kopecks % 100).padStart(2, '0')}`;
  const row = [
    `${String(i).padStart(7, '0')}-${Math.floor(rnd() * 1000)}`,
    pick(BRANDS),
    `${pick(TITLES)} ${i % 997}`,
    price,
    pick(QUANTITIES),
    String(1 + Math.floor(rnd() * 14)),
    rnd() < 0.9 ? '1' : '2',
  ];
  if (i % 200 === 7) row[3] = '';
  if (i % 200 === 77) row[4] = 'уточняйте';
  if (i % 200 === 177) row[1] = '';
  return row;
}

function csvField(value: string): string {
  return /[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

async function generateCsv(file: string, lines: number) {
  const out = createWriteStream(file);
  const rnd = random(15);
  let text = `${HEADER.join(';')}\r\n`;
  for (let i = 1; i <= lines; i += 1) {
    text += `${goods(i, rnd).map(csvField).join(';')}\r\n`;
    if (i % 10_000 === 0 || i === lines) {
      if (!out.write(iconv.encode(text, 'windows-1251'))) await once(out, 'drain');
      text = '';
    }
  }
  out.end();
  await once(out, 'finish');
}

async function generateXlsx(file: string, lines: number) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: true,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('Прайс');
  sheet.addRow(HEADER).commit();
  const rnd = random(15);
  for (let i = 1; i <= lines; i += 1) {
    const cells: (string | number)[] = goods(i, rnd);
    // Excel keeps prices as numbers.
    const price = Number(String(cells[3]).replace(/\s/g, '').replace(',', '.'));
    if (cells[3] !== '') cells[3] = price;
    sheet.addRow(cells).commit();
  }
  sheet.commit();
  await workbook.commit();
}

async function read(format: 'csv' | 'xlsx', file: string) {
  const started = performance.now();
  let good = 0;
  let bad = 0;
  for await (const batch of readPriceList(createReadStream(file), { format, settings: SETTINGS })) {
    for (const row of batch) {
      if (isPriceListLineError(row)) bad += 1;
      else good += 1;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const lines = good + bad;
  console.log(
    JSON.stringify({
      format,
      lines,
      good,
      bad,
      seconds: Math.round(seconds * 100) / 100,
      linesPerSecond: Math.round(lines / seconds),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
}

const [command, a, b] = process.argv.slice(2);
if (command === 'generate-csv' && a && b) await generateCsv(a, Number(b));
else if (command === 'generate-xlsx' && a && b) await generateXlsx(a, Number(b));
else if (command === 'read' && (a === 'csv' || a === 'xlsx') && b) await read(a, b);
else {
  console.error('usage: generate-csv|generate-xlsx <file> <lines> | read <csv|xlsx> <file>');
  process.exit(2);
}
