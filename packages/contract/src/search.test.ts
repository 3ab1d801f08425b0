import { describe, expect, it } from 'vitest';
import { isSearchableQuery, parseSearchQuery, searchSynonyms, switchKeyboardLayout } from './search';

const codes = (q: string) => parseSearchQuery(q).codes.map((c) => c.text);

describe('search codes', () => {
  it('reads a viscosity grade in every spelling as one code', () => {
    for (const q of ['5w30', '5W-30', '5w-30', '5w 30', '5 W 30', '5W–30', '5w/30', '5в30'])
      expect(codes(q), q).toEqual(['5w30']);
    expect(codes('10W-40')).toEqual(['10w40']);
    expect(codes('0w20')).toEqual(['0w20']);
    expect(parseSearchQuery('масло 5W-30 Shell')).toMatchObject({
      codes: [{ kind: 'viscosity', winter: 5, hot: 30 }],
      rest: 'масло shell',
    });
  });

  it('reads a tyre size in every spelling, with or without the rim', () => {
    for (const q of [
      '205/55 R16',
      '205/55r16',
      '205/55R16',
      '205 55 16',
      '205 55 r16',
      '205/55-16',
      '205 / 55 Р16',
    ])
      expect(codes(q), q).toEqual(['205/55r16']);
    expect(codes('205/55')).toEqual(['205/55']);
    expect(parseSearchQuery('шины 205/55 R16 зимние')).toMatchObject({
      codes: [{ kind: 'tyre', width: 205, profile: 55, rim: 16 }],
      rest: 'шины зимние',
    });
  });

  it('reads lamp bases and rims, Cyrillic look-alikes included', () => {
    expect(codes('H7')).toEqual(['h7']);
    expect(codes('h4')).toEqual(['h4']);
    expect(codes('Н7')).toEqual(['h7']);
    expect(codes('лампа HB3 и H11')).toEqual(['hb3', 'h11']);
    expect(codes('D2S')).toEqual(['d2s']);
    expect(codes('диски R16')).toEqual(['r16']);
    expect(codes('диски р17')).toEqual(['r17']);
  });

  it('leaves numbers that are no code alone', () => {
    expect(codes('0 986 494 524')).toEqual([]);
    expect(codes('205 55')).toEqual([]);
    expect(codes('gdb1264')).toEqual([]);
    expect(codes('h77 1205/55 15w45')).toEqual([]);
    expect(parseSearchQuery('Колодки  тормозные').rest).toBe('колодки тормозные');
  });

  it('keeps codes once, in the order typed', () => {
    expect(codes('H7 5w30 h7 205/55 R16')).toEqual(['h7', '5w30', '205/55r16']);
  });

  it('lets a code shorter than three characters be searched, other short queries not', () => {
    expect(isSearchableQuery('H7')).toBe(true);
    expect(isSearchableQuery(' h4 ')).toBe(true);
    expect(isSearchableQuery('ко')).toBe(false);
    expect(isSearchableQuery('  ')).toBe(false);
    expect(isSearchableQuery('масло')).toBe(true);
  });
});

describe('search synonyms', () => {
  it('maps what customers say to the catalogue words, in any word form', () => {
    expect(searchSynonyms('дворники')).toEqual([['щетка', 'стеклоочистителя']]);
    expect(searchSynonyms('Дворников')).toEqual([['щетка', 'стеклоочистителя']]);
    expect(searchSynonyms('незамерзайка')).toEqual([['жидкость', 'стеклоомывателя', 'зимняя']]);
    expect(searchSynonyms('тосол')).toEqual([['антифриз']]);
    expect(searchSynonyms('резину')).toEqual([['шина']]);
  });

  it('does not stretch a stem to other words', () => {
    expect(searchSynonyms('колодки')).toEqual([]);
    expect(searchSynonyms('резинка')).toEqual([]);
    expect(searchSynonyms('дворниковедение')).toEqual([]);
  });
});

describe('keyboard layout', () => {
  it('reads a query typed with the Latin layout as Russian', () => {
    expect(switchKeyboardLayout('rjkjlrb')).toBe('колодки');
    expect(switchKeyboardLayout('vfckj')).toBe('масло');
    expect(switchKeyboardLayout('Ajhl ;tkt')).toBe('форд желе');
    expect(switchKeyboardLayout('o`nrb')).toBe('щётки');
    expect(switchKeyboardLayout('vfckj 5w30')).toBe('масло 5w30');
  });

  it('reads a query typed with the Russian layout as Latin', () => {
    expect(switchKeyboardLayout('ищыср')).toBe('bosch');
  });

  it('gives null when there is nothing to switch', () => {
    expect(switchKeyboardLayout('5w30')).toBeNull();
    expect(switchKeyboardLayout('масло mobil')).toBeNull();
    expect(switchKeyboardLayout('')).toBeNull();
  });
});
