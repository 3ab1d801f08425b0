import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_SYNONYMS, brandKey, createBrandNormaliser } from '.';

describe('brand normalisation', () => {
  const normalise = createBrandNormaliser();

  it('ignores case, spaces, hyphens, dots and umlauts', () => {
    expect(brandKey(' Mann-Filter ')).toBe('MANNFILTER');
    expect(brandKey('blue print')).toBe(brandKey('BLUE-PRINT'));
    expect(brandKey('S.C.T.')).toBe('SCT');
    expect(brandKey('LEMFÖRDER')).toBe('LEMFORDER');
  });

  it('reads Cyrillic look-alike letters in a Latin name as Latin, and keeps Cyrillic names Cyrillic', () => {
    // 'К', 'В', 'О', 'С', 'Н' typed on a Russian layout.
    expect(brandKey('КYВ')).toBe('KYB');
    expect(brandKey('BОSСН')).toBe('BOSCH');
    expect(brandKey('Автоваз')).toBe('АВТОВАЗ');
  });

  it('maps the Russian market aliases to one maker', () => {
    expect(normalise('KAYABA')).toBe('KYB');
    expect(normalise('Kyb')).toBe('KYB');
    expect(normalise('MANN-FILTER')).toBe('MANN');
    expect(normalise('mann filter')).toBe('MANN');
    expect(normalise('LEMFÖRDER')).toBe('LEMFORDER');
    expect(normalise('Robert Bosch')).toBe('BOSCH');
    expect(normalise('Hyundai/KIA')).toBe('MOBIS');
    expect(normalise('Hyundai-Kia')).toBe('MOBIS');
    expect(normalise('FEBI BILSTEIN')).toBe('FEBI');
    expect(normalise('АвтоВАЗ')).toBe('LADA');
    expect(normalise('Unknown Maker')).toBe('UNKNOWNMAKER');
    expect(normalise('  ')).toBe('');
  });

  it('takes the synonym table as input; later entries win', () => {
    const custom = createBrandNormaliser([
      { brand: 'KYB', aliases: ['KAYABA'] },
      { brand: 'SAKURA', aliases: ['SAKURA FILTER', 'САКУРА'] },
      { brand: 'KAYABA', aliases: ['KYB'] },
    ]);
    expect(custom('Sakura-Filter')).toBe('SAKURA');
    expect(custom('сакура')).toBe('SAKURA');
    expect(custom('KYB')).toBe('KAYABA');
    // Not in this table: only its own key.
    expect(custom('MANN-FILTER')).toBe('MANNFILTER');
  });

  it('default list: every alias leads to its own maker, and no name is claimed by two makers', () => {
    const owner = new Map<string, string>();
    for (const { brand, aliases } of DEFAULT_BRAND_SYNONYMS) {
      for (const name of [brand, ...aliases]) {
        expect(normalise(name), name).toBe(brandKey(brand));
        const key = brandKey(name);
        expect(owner.get(key) ?? brand, `${name} is claimed twice`).toBe(brand);
        owner.set(key, brand);
      }
    }
  });
});
