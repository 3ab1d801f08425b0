import { describe, expect, it } from 'vitest';
import { articleQuery, codeTsquery, searchTerms } from './search.service';

describe('search terms', () => {
  it('lower-cases words, keeps numbers whole, drops single letters and repeats', () => {
    expect(searchTerms('Колодки Тормозные колодки')).toEqual([
      { text: 'колодки', kind: 'word' },
      { text: 'тормозные', kind: 'word' },
    ]);
    expect(searchTerms('0 986 494 524')).toEqual([
      { text: '0', kind: 'digits' },
      { text: '986', kind: 'digits' },
      { text: '494', kind: 'digits' },
      { text: '524', kind: 'digits' },
    ]);
    expect(searchTerms('шина 15 hb')).toEqual([
      { text: 'шина', kind: 'word' },
      { text: '15', kind: 'digits' },
      { text: 'hb', kind: 'word' },
    ]);
  });

  it('reads codes whole, first, whatever their spelling', () => {
    expect(searchTerms('масло 5W-30').map((t) => [t.kind, t.text])).toEqual([
      ['code', '5w30'],
      ['word', 'масло'],
    ]);
    expect(searchTerms('шина R 15 hb3').map((t) => [t.kind, t.text])).toEqual([
      ['code', 'r15'],
      ['code', 'hb3'],
      ['word', 'шина'],
    ]);
    expect(searchTerms('205 55 16')).toEqual([
      {
        text: '205/55r16',
        kind: 'code',
        code: { kind: 'tyre', text: '205/55r16', width: 205, profile: 55, rim: 16 },
      },
    ]);
  });

  it('gives a word customers use for a part its catalogue words as synonyms', () => {
    expect(searchTerms('дворники')).toEqual([
      {
        text: 'дворники',
        kind: 'word',
        synonyms: [
          [
            { text: 'щетка', kind: 'word' },
            { text: 'стеклоочистителя', kind: 'word' },
          ],
        ],
      },
    ]);
    expect(searchTerms('колодки')[0]).not.toHaveProperty('synonyms');
  });

  it('reads ё as е and leaves only letters and ASCII digits, so the tsquery text is always valid', () => {
    expect(searchTerms('чёрный')).toEqual([{ text: 'черный', kind: 'word' }]);
    expect(searchTerms("масло' & | ! ( ) : * <->")).toEqual([{ text: 'масло', kind: 'word' }]);
  });
});

describe('article query', () => {
  it('normalises case, spaces, dashes, dots and slashes; prefixes only with a digit and four characters', () => {
    expect(articleQuery('0 986-494.524')).toEqual({ exact: '0986494524', like: '0986494524%' });
    expect(articleQuery('gdb1264')).toEqual({ exact: 'GDB1264', like: 'GDB1264%' });
    expect(articleQuery('колодки')).toEqual({ exact: 'КОЛОДКИ', like: null });
    expect(articleQuery('a1')).toBeNull();
  });

  it('escapes LIKE wildcards', () => {
    expect(articleQuery('12%_4')?.like).toBe('12\\%\\_4%');
  });
});

describe('code tsquery', () => {
  it('matches every way the parser cuts a title spelling', () => {
    const viscosity = codeTsquery({ kind: 'viscosity', text: '5w30', winter: 5, hot: 30 });
    // '5W30' one word; '5W-30' the word '5w' and the number '-30'; '5W 30' two words.
    expect(viscosity.split(' | ')).toEqual([
      "'5w30'",
      "('5w' <-> '30')",
      "('5w' <-> '-30')",
      "'5w/30'",
      "'5w-30'",
    ]);
    const size = codeTsquery({ kind: 'tyre', text: '205/55r16', width: 205, profile: 55, rim: 16 });
    expect(size).toContain("('205/55' <-> 'r16')");
    expect(size).toContain("'205/55r16'");
    expect(size).toContain("('205/55' <-> 'р16')");
    expect(codeTsquery({ kind: 'tyre', text: '205/55', width: 205, profile: 55, rim: null })).toBe(
      "'205/55':* | ('205' <-> '55')",
    );
    expect(codeTsquery({ kind: 'lamp', text: 'h7' })).toBe("'h7'");
  });
});
