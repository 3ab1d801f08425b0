import { describe, expect, it } from 'vitest';
import { articleQuery, searchTerms } from './search.service';

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
    expect(searchTerms('шина R 15 hb3')).toEqual([
      { text: 'шина', kind: 'word' },
      { text: '15', kind: 'digits' },
      { text: 'hb3', kind: 'word' },
    ]);
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
