// What VINs and Japanese FRAME numbers say about a vehicle, for the makes sold in Russia (issue #17). Brands are
// the catalogue's brand slugs, models the catalogue's model titles; a maker the catalogue lacks still gets its
// name, so the customer learns what the code is rather than "unknown".
//
// Only what is certain is written down. `year10` is true only where the maker puts the model year in the 10th
// character for that market (North America, China, Korea, Russia's AvtoVAZ, GM and VAG plants, BMW); European
// and Japanese-market codes often leave it to the maker, and a guessed year would send the customer to the wrong
// parts.

export interface Manufacturer {
  maker: string;
  country: string;
  /** Catalogue brand slugs the code can belong to (two when one plant builds both). */
  brands: readonly string[];
  year10: boolean;
  /** The catalogue's vehicle type, where the brand builds more than one kind and the code tells which. */
  type?: string;
}

const m = (
  maker: string,
  country: string,
  brands: string[],
  year10: boolean,
  type?: string,
): Manufacturer => ({ maker, country, brands, year10, ...(type ? { type } : {}) });
const CARS = 'legkovye';
const MOTO = 'mototsikly';

/** World manufacturer identifiers: the first three characters (a two-character key covers a whole prefix). */
export const WMI: Readonly<Record<string, Manufacturer>> = {
  // Russia and its plants.
  XTA: m('АвтоВАЗ (Lada)', 'Россия', ['lada'], true),
  XTT: m('УАЗ', 'Россия', ['uaz'], false),
  X96: m('ГАЗ', 'Россия', ['gaz'], false),
  XTH: m('ГАЗ', 'Россия', ['gaz'], false),
  XTC: m('КАМАЗ', 'Россия', ['kamaz'], false),
  X7L: m('Renault Россия', 'Россия', ['renault'], false),
  XW8: m('Фольксваген Груп Рус', 'Россия', ['volkswagen', 'skoda'], true),
  Z94: m('Хендэ Мотор Мануфактуринг Рус', 'Россия', ['hyundai', 'kia'], true),
  XWE: m('Автотор (Kia)', 'Россия', ['kia'], true),
  XW7: m('Тойота Мотор Мануфэкчуринг Россия', 'Россия', ['toyota'], false),
  Z8N: m('Ниссан Мануфэкчуринг Рус', 'Россия', ['nissan'], false),
  X9F: m('Форд Соллерс', 'Россия', ['ford'], false),
  X9L: m('GM-АвтоВАЗ', 'Россия', ['chevrolet'], true),
  XUU: m('Автотор (Chevrolet)', 'Россия', ['chevrolet'], true),
  Z8T: m('ПСМА Рус (Mitsubishi)', 'Россия', ['mitsubishi'], false),
  X4X: m('Автотор (BMW)', 'Россия', ['bmw'], true),
  Y4K: m('БелДжи (Geely)', 'Беларусь', ['geely'], true),
  // Korea.
  KNA: m('Kia', 'Корея', ['kia'], true),
  KND: m('Kia', 'Корея', ['kia'], true),
  KNE: m('Kia', 'Корея', ['kia'], true),
  KMH: m('Hyundai', 'Корея', ['hyundai'], true),
  KM8: m('Hyundai', 'Корея', ['hyundai'], true),
  KL1: m('GM Korea (Chevrolet)', 'Корея', ['chevrolet'], true),
  // Europe.
  VF1: m('Renault', 'Франция', ['renault'], false),
  WVW: m('Volkswagen', 'Германия', ['volkswagen'], true),
  WVG: m('Volkswagen', 'Германия', ['volkswagen'], true),
  WV1: m('Volkswagen Коммерческие автомобили', 'Германия', ['volkswagen'], true),
  WV2: m('Volkswagen Коммерческие автомобили', 'Германия', ['volkswagen'], true),
  TMB: m('Škoda', 'Чехия', ['skoda'], true),
  WF0: m('Ford', 'Германия', ['ford'], false),
  WBA: m('BMW', 'Германия', ['bmw'], true),
  WBS: m('BMW M', 'Германия', ['bmw'], true),
  WDD: m('Mercedes-Benz', 'Германия', ['mercedes-benz'], false),
  WDB: m('Mercedes-Benz', 'Германия', ['mercedes-benz'], false),
  WDC: m('Mercedes-Benz', 'Германия', ['mercedes-benz'], false),
  WD3: m('Mercedes-Benz (Sprinter)', 'Германия', ['mercedes-benz'], false),
  W1K: m('Mercedes-Benz', 'Германия', ['mercedes-benz'], false),
  W1N: m('Mercedes-Benz', 'Германия', ['mercedes-benz'], false),
  W1V: m('Mercedes-Benz (коммерческие)', 'Германия', ['mercedes-benz'], false),
  SB1: m('Toyota', 'Великобритания', ['toyota'], false),
  NMT: m('Toyota', 'Турция', ['toyota'], false),
  SJN: m('Nissan', 'Великобритания', ['nissan'], false),
  VSK: m('Nissan', 'Испания', ['nissan'], false),
  SHH: m('Honda', 'Великобритания', ['honda'], false, CARS),
  SHS: m('Honda', 'Великобритания', ['honda'], false, CARS),
  JMZ: m('Mazda', 'Япония', ['mazda'], false),
  WAU: m('Audi', 'Германия', [], true),
  WP0: m('Porsche', 'Германия', [], true),
  YV1: m('Volvo', 'Швеция', [], false),
  ZFA: m('Fiat', 'Италия', [], false),
  VF3: m('Peugeot', 'Франция', [], false),
  VF7: m('Citroën', 'Франция', [], false),
  SAL: m('Land Rover', 'Великобритания', [], false),
  // Japan (export codes; the domestic market uses FRAME numbers instead).
  JTH: m('Lexus', 'Япония', [], false),
  JTJ: m('Lexus', 'Япония', [], false),
  JT: m('Toyota', 'Япония', ['toyota'], false),
  JN1: m('Nissan', 'Япония', ['nissan'], false),
  JN8: m('Nissan', 'Япония', ['nissan'], false),
  JMB: m('Mitsubishi', 'Япония', ['mitsubishi'], false),
  JM1: m('Mazda', 'Япония', ['mazda'], true),
  JM3: m('Mazda', 'Япония', ['mazda'], true),
  JHM: m('Honda', 'Япония', ['honda'], true, CARS),
  JHL: m('Honda', 'Япония', ['honda'], true, CARS),
  JH2: m('Honda (мотоциклы)', 'Япония', ['honda'], true, MOTO),
  JYA: m('Yamaha (мотоциклы)', 'Япония', ['yamaha'], true, MOTO),
  JS1: m('Suzuki (мотоциклы)', 'Япония', ['suzuki'], true, MOTO),
  // Thailand and South Africa (Hilux, L200, Pajero Sport).
  MR0: m('Toyota', 'Таиланд', ['toyota'], false),
  AHT: m('Toyota', 'ЮАР', ['toyota'], false),
  MMB: m('Mitsubishi', 'Таиланд', ['mitsubishi'], false),
  // China.
  LGW: m('Great Wall (Haval)', 'Китай', ['haval'], true),
  LVV: m('Chery', 'Китай', ['chery'], true),
  L6T: m('Geely', 'Китай', ['geely'], true),
  // North America: the check digit is compulsory there, and the 10th character is the model year.
  '4T1': m('Toyota', 'США', ['toyota'], true),
  '4T3': m('Toyota', 'США', ['toyota'], true),
  '2T3': m('Toyota', 'Канада', ['toyota'], true),
  '1HG': m('Honda', 'США', ['honda'], true, CARS),
  '5J6': m('Honda', 'США', ['honda'], true, CARS),
  '1N4': m('Nissan', 'США', ['nissan'], true),
  '5N1': m('Nissan', 'США', ['nissan'], true),
  '3VW': m('Volkswagen', 'Мексика', ['volkswagen'], true),
  '1FA': m('Ford', 'США', ['ford'], true),
  '1FM': m('Ford', 'США', ['ford'], true),
  '1FT': m('Ford', 'США', ['ford'], true),
  '1G1': m('Chevrolet', 'США', ['chevrolet'], true),
  '5XY': m('Kia', 'США', ['kia'], true),
  '5NP': m('Hyundai', 'США', ['hyundai'], true),
  '5NM': m('Hyundai', 'США', ['hyundai'], true),
  '5UX': m('BMW', 'США', ['bmw'], true),
  '4JG': m('Mercedes-Benz', 'США', ['mercedes-benz'], true),
  '5YJ': m('Tesla', 'США', [], true),
};

/** The manufacturer of a VIN: its three-character WMI, else a two-character prefix entry. */
export const manufacturerOf = (vin: string): Manufacturer | undefined =>
  WMI[vin.slice(0, 3)] ?? WMI[vin.slice(0, 2)];

export interface ModelHint {
  brand: string;
  model: string;
}

/** AvtoVAZ writes the model in characters 4–7 (4–6 for the platforms shared with Renault). */
const LADA_MODELS: ReadonlyArray<[RegExp, string]> = [
  [/^219[01]/, 'Granta'],
  [/^(111[789]|219[24])/, 'Kalina'],
  [/^217[012]/, 'Priora'],
  [/^2107/, '2107'],
  [/^2114/, '2114 Samara'],
  [/^(2121|2131)/, 'Niva Legend'],
  [/^2123/, 'Niva Travel'],
  [/^GFL/, 'Vesta'],
  [/^GAB/, 'XRAY'],
  [/^[KRF]S0/, 'Largus'],
];

/**
 * Volkswagen group plants write the model in characters 7–8: the platform code after the 'ZZZ' filler of
 * Volkswagen's VINs, Škoda's own model code (NE, NH, NS, NP) in the newer ones.
 */
const VAG_MODELS: Readonly<Record<string, ModelHint>> = {
  '61': { brand: 'volkswagen', model: 'Polo' },
  '6R': { brand: 'volkswagen', model: 'Polo' },
  '16': { brand: 'volkswagen', model: 'Jetta' },
  '5K': { brand: 'volkswagen', model: 'Golf' },
  AU: { brand: 'volkswagen', model: 'Golf' },
  '3C': { brand: 'volkswagen', model: 'Passat' },
  '3G': { brand: 'volkswagen', model: 'Passat B8' },
  '5N': { brand: 'volkswagen', model: 'Tiguan' },
  AD: { brand: 'volkswagen', model: 'Tiguan II' },
  '7H': { brand: 'volkswagen', model: 'Transporter' },
  '7J': { brand: 'volkswagen', model: 'Transporter' },
  '7E': { brand: 'volkswagen', model: 'Transporter' },
  '1Z': { brand: 'skoda', model: 'Octavia' },
  NE: { brand: 'skoda', model: 'Octavia A7' },
  NH: { brand: 'skoda', model: 'Rapid' },
  NS: { brand: 'skoda', model: 'Kodiaq' },
  '3T': { brand: 'skoda', model: 'Superb' },
  NP: { brand: 'skoda', model: 'Superb III' },
};

const VAG_WMIS = new Set(['XW8', 'WVW', 'WVG', 'WV1', 'WV2', 'TMB', '3VW']);

/** The model a VIN names, where its maker's scheme is known to us. */
export function modelOfVin(vin: string): ModelHint | undefined {
  const wmi = vin.slice(0, 3);
  if (wmi === 'XTA') {
    const hit = LADA_MODELS.find(([pattern]) => pattern.test(vin.slice(3, 9)));
    return hit && { brand: 'lada', model: hit[1] };
  }
  if (VAG_WMIS.has(wmi)) return VAG_MODELS[vin.slice(6, 8)];
  return undefined;
}

export interface FrameModel extends ModelHint {
  from: number;
  to: number;
}

const frame = (brand: string, model: string, from: number, to: number, codes: string) =>
  codes.split(' ').map((code) => [code, { brand, model, from, to }] as const);

/**
 * Japanese domestic-market model codes (the part of a FRAME number before the dash) for the models of the
 * catalogue, with the years of that body. Japan builds its cars for home without a VIN; a customer with a
 * right-hand-drive import has this number on the plate under the bonnet and in the registration document.
 */
export const FRAME_MODELS: ReadonlyMap<string, FrameModel> = new Map([
  ...frame('toyota', 'Corolla', 2000, 2007, 'NZE121 NZE124 ZZE121 ZZE122 ZZE123 ZZE124 CE121'),
  ...frame('toyota', 'Corolla', 2006, 2013, 'NZE141 NZE144 ZRE142 ZRE144'),
  ...frame('toyota', 'Corolla', 2012, 2019, 'NZE161 NZE164 NRE161 ZRE162'),
  ...frame('toyota', 'Corolla', 2019, 2026, 'ZRE212 MZEA12 ZWE211'),
  ...frame('toyota', 'Camry', 2001, 2006, 'ACV30 ACV35 MCV30'),
  ...frame('toyota', 'Camry', 2006, 2011, 'ACV40 ACV45 AHV40'),
  ...frame('toyota', 'Camry', 2011, 2017, 'AVV50 ASV50'),
  ...frame('toyota', 'Camry', 2017, 2026, 'AXVH70 AXVH75'),
  ...frame('toyota', 'RAV4', 2000, 2005, 'ACA20 ACA21 ZCA26'),
  ...frame('toyota', 'RAV4', 2005, 2012, 'ACA31 ACA36 ALA30 GSA33'),
  ...frame('toyota', 'RAV4', 2012, 2018, 'ZSA42 ZSA44 ALA49 AVA44'),
  ...frame('toyota', 'RAV4', 2018, 2026, 'MXAA52 MXAA54 AXAH54'),
  ...frame('toyota', 'Land Cruiser Prado', 2002, 2009, 'KDJ120 KDJ125 GRJ120 TRJ120 VZJ120 RZJ120'),
  ...frame('toyota', 'Land Cruiser Prado', 2009, 2023, 'GRJ150 GRJ151 TRJ150 GDJ150 KDJ150'),
  ...frame('toyota', 'Land Cruiser', 1998, 2007, 'UZJ100 HDJ101 FZJ100'),
  ...frame('toyota', 'Land Cruiser', 2007, 2021, 'UZJ200 URJ202 VDJ200 GRJ200'),
  ...frame('toyota', 'Land Cruiser', 2021, 2026, 'VJA300 FJA300'),
  ...frame('toyota', 'Hilux', 2004, 2015, 'KUN25 KUN26'),
  ...frame('toyota', 'Hilux', 2015, 2026, 'GUN125 GUN126'),
  ...frame('nissan', 'X-Trail', 2000, 2007, 'T30 NT30 PNT30'),
  ...frame('nissan', 'X-Trail', 2007, 2014, 'T31 NT31 TNT31 DNT31'),
  ...frame('nissan', 'X-Trail', 2013, 2022, 'T32 NT32 HT32 HNT32'),
  ...frame('nissan', 'Qashqai', 2006, 2013, 'J10 KJ10 NJ10 KNJ10'),
  ...frame('mitsubishi', 'Lancer', 2000, 2010, 'CS2A CS5A CS5W'),
  ...frame('mitsubishi', 'Lancer', 2007, 2017, 'CY4A CY3A CX4A'),
  ...frame('mitsubishi', 'ASX', 2010, 2026, 'GA3W GA4W'),
  ...frame('mitsubishi', 'Outlander', 2005, 2012, 'CW5W CW6W'),
  ...frame('mitsubishi', 'Outlander', 2012, 2026, 'GF7W GF8W GG2W'),
  ...frame('mazda', '3', 2003, 2009, 'BK5P BKEP BK3P'),
  ...frame('mazda', '3', 2009, 2013, 'BL5FP BLEFP BL5FW BLEFW'),
  ...frame('mazda', '3', 2013, 2019, 'BM5FP BMEFP BM5FS BMEFS BYEFP'),
  ...frame('mazda', '6', 2002, 2008, 'GG3P GGEP GG3S GGES GY3W'),
  ...frame('mazda', '6', 2007, 2012, 'GH5FP GHEFP GH5FS GHEFS GH5FW'),
  ...frame('mazda', '6', 2012, 2026, 'GJ2FP GJEFP GJ5FP GJ2AP GJEFW'),
  ...frame('mazda', 'CX-5', 2011, 2017, 'KE2FW KEEFW KE5FW KE2AW KEEAW'),
  ...frame('mazda', 'CX-5', 2017, 2026, 'KF2P KFEP KF5P'),
  ...frame('honda', 'CR-V', 1995, 2001, 'RD1 RD2'),
  ...frame('honda', 'CR-V', 2001, 2006, 'RD4 RD5 RD7'),
  ...frame('honda', 'CR-V', 2006, 2011, 'RE3 RE4'),
  ...frame('honda', 'CR-V', 2011, 2016, 'RM1 RM4'),
  ...frame('honda', 'CR-V', 2016, 2026, 'RW1 RW2 RT5 RT6'),
]);
