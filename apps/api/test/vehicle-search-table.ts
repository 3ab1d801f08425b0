import type { SearchResponse } from '@podbor/contract';

// Issue #17 "must show": free-text queries as customers type them, with the vehicle and the category the search
// must read from them (Russian and Latin names, nicknames, typos, the wrong keyboard layout, years, engine
// volumes, prepositions, and queries without a vehicle). Run by vehicle-search.test.ts (hit rate ≥ 95 %) and
// printed by `npm run bench:vehicle-search`.

export interface ExpectedVehicle {
  brand: string;
  model: string;
  year?: number;
  /** Engine volume the answer's engine must start with ('1.6'). */
  volume?: string;
}

export interface VehicleSearchCase {
  query: string;
  vehicle: ExpectedVehicle | null;
  /** A category slug the answer must list; null when the query names no part. */
  category: string | null;
}

const v = (brand: string, model: string, year?: number, volume?: string): ExpectedVehicle => ({
  brand,
  model,
  ...(year === undefined ? {} : { year }),
  ...(volume === undefined ? {} : { volume }),
});

export const VEHICLE_SEARCH_TABLE: readonly VehicleSearchCase[] = [
  { query: 'колодки камри 2018', vehicle: v('Toyota', 'Camry', 2018), category: 'tormoznye-kolodki' },
  {
    query: 'фильтр масляный гранта 1.6',
    vehicle: v('Lada', 'Granta', undefined, '1.6'),
    category: 'maslyanye-filtry',
  },
  { query: 'vesta свечи', vehicle: v('Lada', 'Vesta'), category: 'svechi-zazhiganiya' },
  { query: 'колодки солярис', vehicle: v('Hyundai', 'Solaris'), category: 'tormoznye-kolodki' },
  { query: 'амортизаторы рапид 2016', vehicle: v('Skoda', 'Rapid', 2016), category: 'amortizatory' },
  {
    query: 'свечи логан 1.6',
    vehicle: v('Renault', 'Logan', undefined, '1.6'),
    category: 'svechi-zazhiganiya',
  },
  { query: 'тормозные диски форд фокус', vehicle: v('Ford', 'Focus'), category: 'tormoznye-diski' },
  { query: 'королла салонный фильтр', vehicle: v('Toyota', 'Corolla'), category: 'salonnye-filtry' },
  { query: 'грм приора', vehicle: v('Lada', 'Priora'), category: 'remni-grm' },
  { query: 'десятка колодки', vehicle: v('Lada', '2110'), category: 'tormoznye-kolodki' },
  { query: '2110 свечи', vehicle: v('Lada', '2110'), category: 'svechi-zazhiganiya' },
  { query: 'масло нива', vehicle: v('Lada', 'Niva Legend'), category: 'motornye-masla' },
  { query: 'rfvhb колодки', vehicle: v('Toyota', 'Camry'), category: 'tormoznye-kolodki' },
  { query: 'uhfynf фильтр воздушный', vehicle: v('Lada', 'Granta'), category: 'vozdushnye-filtry' },
  { query: 'колодки на гранту', vehicle: v('Lada', 'Granta'), category: 'tormoznye-kolodki' },
  {
    query: 'щетки стеклоочистителя поло',
    vehicle: v('Volkswagen', 'Polo'),
    category: 'shchetki-stekloochistitelya',
  },
  { query: 'дворники kia rio 2017', vehicle: v('Kia', 'Rio', 2017), category: 'shchetki-stekloochistitelya' },
  { query: 'аккумулятор дастер', vehicle: v('Renault', 'Duster'), category: 'akkumulyatory' },
  {
    query: 'колодки передние октавия 2015',
    vehicle: v('Skoda', 'Octavia A7', 2015),
    category: 'perednie-kolodki',
  },
  { query: 'hyundai creta колодки задние', vehicle: v('Hyundai', 'Creta'), category: 'zadnie-kolodki' },
  {
    query: 'свечи зажигания лада веста 1.6',
    vehicle: v('Lada', 'Vesta', undefined, '1.6'),
    category: 'svechi-zazhiganiya',
  },
  {
    query: 'масляный фильтр соларис 1.4',
    vehicle: v('Hyundai', 'Solaris', undefined, '1.4'),
    category: 'maslyanye-filtry',
  },
  { query: 'амортизатор каролла', vehicle: v('Toyota', 'Corolla'), category: 'amortizatory' },
  { query: 'колодки camri 2019', vehicle: v('Toyota', 'Camry', 2019), category: 'tormoznye-kolodki' },
  { query: 'тигуан салонный фильтр', vehicle: v('Volkswagen', 'Tiguan'), category: 'salonnye-filtry' },
  { query: 'антифриз лансер', vehicle: v('Mitsubishi', 'Lancer'), category: 'antifrizy' },
  { query: 'шаровая опора логан', vehicle: v('Renault', 'Logan'), category: 'rychagi-i-sharovye-opory' },
  {
    query: 'стойки стабилизатора x-trail',
    vehicle: v('Nissan', 'X-Trail'),
    category: 'stoyki-stabilizatora',
  },
  { query: 'колодки кашкай 2016', vehicle: v('Nissan', 'Qashqai', 2016), category: 'tormoznye-kolodki' },
  { query: 'лампы н7 приора', vehicle: v('Lada', 'Priora'), category: 'lampy' },
  {
    query: 'фильтр салона дастер 2.0',
    vehicle: v('Renault', 'Duster', undefined, '2.0'),
    category: 'salonnye-filtry',
  },
  { query: 'шины на солярис', vehicle: v('Hyundai', 'Solaris'), category: 'shiny' },
  { query: 'тормозные колодки для патриот', vehicle: v('УАЗ', 'Patriot'), category: 'tormoznye-kolodki' },
  { query: 'колодки газель', vehicle: v('ГАЗ', 'ГАЗель Бизнес'), category: 'tormoznye-kolodki' },
  { query: 'свечи шнива', vehicle: v('Chevrolet', 'Niva'), category: 'svechi-zazhiganiya' },
  { query: 'лачетти амортизаторы', vehicle: v('Chevrolet', 'Lacetti'), category: 'amortizatory' },
  { query: 'масляный фильтр туссан', vehicle: v('Hyundai', 'Tucson'), category: 'maslyanye-filtry' },
  { query: 'колодки спортейдж 2019', vehicle: v('Kia', 'Sportage', 2019), category: 'tormoznye-kolodki' },
  {
    query: 'колодки фокус 1.6',
    vehicle: v('Ford', 'Focus', undefined, '1.6'),
    category: 'tormoznye-kolodki',
  },
  {
    query: 'моторное масло королла 2012 1.6',
    vehicle: v('Toyota', 'Corolla', 2012, '1.6'),
    category: 'motornye-masla',
  },
  { query: 'веста кросс колодки', vehicle: v('Lada', 'Vesta SW Cross'), category: 'tormoznye-kolodki' },
  { query: 'ниссан альмера свечи', vehicle: v('Nissan', 'Almera'), category: 'svechi-zazhiganiya' },
  { query: 'vw polo 2015 колодки', vehicle: v('Volkswagen', 'Polo', 2015), category: 'tormoznye-kolodki' },
  { query: 'салонный фильтр санта фе', vehicle: v('Hyundai', 'Santa Fe'), category: 'salonnye-filtry' },
  { query: 'лада веста', vehicle: v('Lada', 'Vesta'), category: null },
  { query: 'камри 2018', vehicle: v('Toyota', 'Camry', 2018), category: null },
  { query: 'масло 5w30', vehicle: null, category: 'motornye-masla' },
  { query: 'колодки тормозные', vehicle: null, category: 'tormoznye-kolodki' },
  { query: 'фильтр масляный', vehicle: null, category: 'maslyanye-filtry' },
  { query: 'свечи зажигания', vehicle: null, category: 'svechi-zazhiganiya' },
  { query: 'шины 205/55 r16', vehicle: null, category: 'shiny' },
  { query: 'дворники', vehicle: null, category: 'shchetki-stekloochistitelya' },
  { query: 'тосол', vehicle: null, category: 'antifrizy' },
  { query: 'амортизатор передний', vehicle: null, category: 'amortizatory' },
];

export interface VehicleSearchRow {
  query: string;
  expected: string;
  got: string;
  hit: boolean;
}

const expectedText = (c: VehicleSearchCase) =>
  `${c.vehicle ? [c.vehicle.brand, c.vehicle.model, c.vehicle.year, c.vehicle.volume].filter(Boolean).join(' ') : '—'} / ${c.category ?? '—'}`;

/** Runs every query through `search` and says which answers name the expected vehicle and category. */
export async function runVehicleSearchTable(
  search: (query: string) => Promise<SearchResponse>,
): Promise<{ rows: VehicleSearchRow[]; hitRate: number }> {
  const rows: VehicleSearchRow[] = [];
  for (const c of VEHICLE_SEARCH_TABLE) {
    const r = await search(c.query);
    const got = r.vehicle;
    const want = c.vehicle;
    const vehicleOk = want
      ? got !== undefined &&
        got.brand === want.brand &&
        got.model === want.model &&
        got.year === want.year &&
        (want.volume === undefined ||
          got.engine === want.volume ||
          (got.engine ?? '').startsWith(`${want.volume} `))
      : got === undefined;
    const categoryOk =
      c.category === null ||
      r.categories.some((cat) => cat.slug === c.category || cat.categories.includes(c.category!));
    const gotText = `${got ? [got.brand, got.model, got.year, got.engine].filter(Boolean).join(' ') : '—'} / ${
      r.categories.map((cat) => cat.slug).join(', ') || '—'
    }`;
    rows.push({ query: c.query, expected: expectedText(c), got: gotText, hit: vehicleOk && categoryOk });
  }
  return { rows, hitRate: rows.filter((r) => r.hit).length / rows.length };
}
