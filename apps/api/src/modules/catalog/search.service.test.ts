import { describe, expect, it } from 'vitest';
import { buildVocabulary, correctWord } from './search.service';

describe('search vocabulary', () => {
  const vocabulary = buildVocabulary([
    'Тормозные колодки',
    'Амортизаторы',
    'Масла и жидкости',
    'Lada Vesta',
    'Bosch 0 986',
  ]);

  it('keeps letter-only words of four letters and more, lower-cased', () => {
    expect(vocabulary).toEqual(
      expect.arrayContaining([
        'тормозные',
        'колодки',
        'амортизаторы',
        'масла',
        'жидкости',
        'lada',
        'vesta',
        'bosch',
      ]),
    );
    expect(vocabulary).not.toContain('и');
    expect(vocabulary).not.toContain('0');
  });

  it('corrects one typo, two in long words, also against a longer word form', () => {
    expect(correctWord(vocabulary, 'калодки')).toBe('колодки');
    expect(correctWord(vocabulary, 'амартизатор')).toBe('амортизатор');
    expect(correctWord(vocabulary, 'тармазные')).toBe('тормозные');
  });

  it('leaves known words, other forms of them and unrelated words alone', () => {
    expect(correctWord(vocabulary, 'колодка')).toBeNull();
    expect(correctWord(vocabulary, 'масло')).toBeNull();
    expect(correctWord(vocabulary, 'свечи')).toBeNull();
    expect(correctWord(vocabulary, 'abc')).toBeNull();
  });
});
