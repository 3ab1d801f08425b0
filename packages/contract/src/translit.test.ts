import { describe, expect, it } from 'vitest';
import { transliterate } from './translit';

describe('transliterate', () => {
  it('maps lower-case Russian letters to Latin and keeps everything else', () => {
    expect(transliterate('лада веста 1.6')).toBe('lada vesta 1.6');
    expect(transliterate('щётка, объём')).toBe('shchetka, obem');
    expect(transliterate('Škoda X')).toBe('Škoda X');
  });
});
