// Brands as suppliers spell them, brought to one key per maker: 'Kayaba', 'KAYABA', 'kyb' → 'KYB';
// 'MANN-FILTER', 'Mann Filter' → 'MANN'; 'LEMFÖRDER' → 'LEMFORDER'. The key is what manufacturers are matched by
// (the import normalises the catalogue's manufacturers with the same function).

import { latinLookalikes } from '@podbor/contract';

/** One maker and the other names it goes by in price lists. */
export interface BrandSynonym {
  /** The maker's name as the shop keeps it. */
  brand: string;
  aliases: readonly string[];
}

/**
 * The comparison key of a brand: upper case, diacritics dropped (Ö → O, É → E), everything but letters and digits
 * removed (spaces, hyphens, dots, slashes, '&'), and — when the name has any Latin letter — Cyrillic look-alikes
 * turned into Latin ones. A wholly Cyrillic name ('АВТОВАЗ') stays Cyrillic.
 */
export function brandKey(brand: string): string {
  const upper = brand
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/ß/g, 'SS')
    .replace(/[^\p{L}\p{N}]+/gu, '');
  return /[A-Z]/.test(upper) ? latinLookalikes(upper) : upper;
}

const BRAND_CACHE_SIZE = 10_000;

/**
 * A brand normaliser over a synonym table: returns the key of the maker a name stands for ('KAYABA' → 'KYB'),
 * or the name's own key when the table does not know it. Later entries win over earlier ones, so the shop's own
 * table can be passed after the defaults: `createBrandNormaliser([...DEFAULT_BRAND_SYNONYMS, ...fromDatabase])`.
 */
export function createBrandNormaliser(synonyms: readonly BrandSynonym[] = DEFAULT_BRAND_SYNONYMS) {
  const table = new Map<string, string>();
  for (const { brand, aliases } of synonyms) {
    const target = brandKey(brand);
    if (target === '') continue;
    table.set(target, target);
    for (const alias of aliases) {
      const key = brandKey(alias);
      if (key !== '') table.set(key, target);
    }
  }
  // A price list names a few hundred brands over and over: each spelling is worked out once.
  const seen = new Map<string, string>();
  return (brand: string): string => {
    let result = seen.get(brand);
    if (result === undefined) {
      const key = brandKey(brand);
      result = table.get(key) ?? key;
      if (seen.size >= BRAND_CACHE_SIZE) seen.clear();
      seen.set(brand, result);
    }
    return result;
  };
}
export type BrandNormaliser = ReturnType<typeof createBrandNormaliser>;

/**
 * Names the Russian parts market uses for the same maker (genuine-parts brands under their carmaker's names,
 * makers under their old or group names). Spelling variants that differ only in case, spaces, hyphens, dots or
 * umlauts need no entry: the key takes care of them.
 */
export const DEFAULT_BRAND_SYNONYMS: readonly BrandSynonym[] = [
  { brand: 'KYB', aliases: ['KAYABA', 'KYB KAYABA', 'KAYABA KYB'] },
  { brand: 'MANN', aliases: ['MANN-FILTER', 'MANN FILTER', 'MANN+HUMMEL'] },
  { brand: 'LEMFORDER', aliases: ['LEMFÖRDER', 'LEMFOERDER', 'ZF LEMFORDER', 'ZF LEMFÖRDER'] },
  { brand: 'BOSCH', aliases: ['ROBERT BOSCH', 'BOSCH GMBH', 'БОШ'] },
  {
    brand: 'MOBIS',
    aliases: [
      'HYUNDAI/KIA',
      'KIA/HYUNDAI',
      'HYUNDAI-KIA',
      'HYUNDAI MOBIS',
      'MOBIS HYUNDAI',
      'HYUNDAI',
      'KIA',
    ],
  },
  { brand: 'SACHS', aliases: ['ZF SACHS', 'ZF'] },
  { brand: 'FEBI', aliases: ['FEBI BILSTEIN', 'FEBI-BILSTEIN'] },
  { brand: 'TRW', aliases: ['TRW AUTOMOTIVE', 'LUCAS TRW', 'TRW LUCAS', 'TRW/LUCAS'] },
  { brand: 'MAHLE', aliases: ['KNECHT', 'MAHLE/KNECHT', 'MAHLE KNECHT', 'KNECHT/MAHLE', 'MAHLE ORIGINAL'] },
  { brand: 'TOPRAN', aliases: ['HANS PRIES', 'HANS PRIES/TOPRAN', 'TOPRAN/HANS PRIES'] },
  { brand: 'BLUE PRINT', aliases: ['ADL BLUE PRINT', 'BLUE PRINT ADL', 'ADL'] },
  { brand: 'CONTITECH', aliases: ['CONTINENTAL CONTITECH', 'CONTINENTAL/CONTITECH', 'CONTI TECH'] },
  { brand: 'NGK', aliases: ['NGK SPARK PLUG', 'NGK/NTK', 'NGK NTK'] },
  {
    brand: 'VAG',
    aliases: ['VW', 'VOLKSWAGEN', 'VW/AUDI', 'AUDI/VW', 'VOLKSWAGEN/AUDI', 'VW AUDI', 'AUDI', 'SKODA'],
  },
  { brand: 'TOYOTA', aliases: ['TOYOTA/LEXUS', 'LEXUS', 'TOYOTA LEXUS'] },
  { brand: 'NISSAN', aliases: ['NISSAN/INFINITI', 'INFINITI'] },
  { brand: 'MERCEDES-BENZ', aliases: ['MERCEDES', 'MB', 'DAIMLER', 'DAIMLER AG', 'MERCEDES BENZ'] },
  { brand: 'GM', aliases: ['GENERAL MOTORS', 'OPEL/GM', 'GM/OPEL', 'CHEVROLET/GM'] },
  { brand: 'PSA', aliases: ['PEUGEOT/CITROEN', 'CITROEN/PEUGEOT', 'PEUGEOT-CITROEN'] },
  { brand: 'LADA', aliases: ['АВТОВАЗ', 'AVTOVAZ', 'ВАЗ', 'VAZ', 'ЛАДА'] },
  { brand: 'ГАЗ', aliases: ['GAZ', 'ГОРЬКОВСКИЙ АВТОЗАВОД'] },
  { brand: 'LYNXAUTO', aliases: ['LYNX', 'LYNX AUTO'] },
  { brand: 'SSANGYONG', aliases: ['SSANG YONG', 'SSANG-YONG'] },
  { brand: 'LUZAR', aliases: ['ЛУЗАР'] },
  { brand: 'TRIALLI', aliases: ['ТРИАЛЛИ'] },
  { brand: 'HELLA', aliases: ['BEHR HELLA SERVICE', 'HELLA/BEHR', 'BEHR'] },
  { brand: 'GATES', aliases: ['GATES UNITTA'] },
];
