// Cyrillic capitals that look like Latin ones. Codes typed on a Russian keyboard layout mix them in: a VIN
// 'ХТА…', a brand 'КYВ' or 'ВОSСН'. Shared by the VIN reader and the price lists' brand keys.

const LOOKALIKES: Readonly<Record<string, string>> = {
  А: 'A',
  В: 'B',
  Е: 'E',
  Ё: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
};
const LOOKALIKE_RE = /[АВЕЁКМНОРСТУХ]/g;

/** Upper-case text with its Cyrillic look-alike capitals turned into the Latin letters they look like. */
export const latinLookalikes = (upper: string): string =>
  upper.replace(LOOKALIKE_RE, (c) => LOOKALIKES[c] ?? c);
