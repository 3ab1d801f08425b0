// How customers ask for parts, read the same way by the API (search, results page) and the storefront (when a
// query is worth sending). No zod and no I/O: the storefront's search island imports it directly
// ('@podbor/contract/search').
//
// - Codes: oil viscosity (5W-30), tyre size (205/55 R16), lamp base (H7) and rim (R16) are recognised in any
//   spelling ('5w30', '5W-30', '5w 30', '205/55r16', '205 55 16', 'н7') and read as one canonical code each.
// - Synonyms: what customers call a part → the words the catalogue uses ('дворники' → 'щетки стеклоочистителя').
// - Keyboard layout: a query typed with the wrong layout ('rjkjlrb' → 'колодки', 'ищыср' → 'bosch').

import { SEARCH_MIN_LENGTH } from './constants';

export type SearchCode =
  /** SAE viscosity grade: winter and hot numbers ('5W-30' → 5, 30). */
  | { kind: 'viscosity'; text: string; winter: number; hot: number }
  /** Tyre size: width / profile, with the rim diameter when given ('205/55 R16'). */
  | { kind: 'tyre'; text: string; width: number; profile: number; rim: number | null }
  /** Lamp base ('H7', 'HB4', 'D2S', 'W5W'). */
  | { kind: 'lamp'; text: string }
  /** Rim diameter alone ('R16', 'Р16'). */
  | { kind: 'rim'; text: string; rim: number };

export interface ParsedSearchQuery {
  /** The codes found, each once, in the order they appear. */
  codes: SearchCode[];
  /** The query without its codes (lower case, ё as е), for word search. */
  rest: string;
}

/** Lower case, ё as е, and the Cyrillic letters that look like Latin ones in codes ('Н7', 'Р16'). */
export function normalizeSearchText(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е');
}

// Boundaries: a code is not part of a longer word or number ('15w40' is one grade, '1205/55' no size).
const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';

const VISCOSITY = new RegExp(
  `${B}(0|5|10|15|20|25)\\s*[wв]\\s*[-‐–—/]?\\s*(8|12|16|20|30|40|50|60)${E}`,
  'gu',
);
// 205/55 R16, 205/55R16, 205/55-16, 205/55 ZR16, 205 / 55 р16, 205/55 16 — and 205/55 alone.
const TYRE_SLASH = new RegExp(
  `${B}(1[2-9]5|[23][0-9]5)\\s*[/\\\\]\\s*([2-9][05])(?:\\s*(?:z?[rр]|-)?\\s*(1[2-9]|2[0-4]))?${E}`,
  'gu',
);
// 205 55 16, 205 55 r16: three numbers need the rim, else any two numbers would be read as a size.
const TYRE_SPACED = new RegExp(
  `${B}(1[2-9]5|[23][0-9]5)\\s+([2-9][05])\\s+(?:z?[rр]\\s*)?(1[2-9]|2[0-4])${E}`,
  'gu',
);
const LAMP = new RegExp(
  `${B}((?:[hн](?:[1-9]|1[0-9]|2[0-7]))|(?:[hн][bв][1-5])|(?:hir[12])|(?:d[1-8][sr])|(?:w5w|w21w|p21w|py21w|c5w|t10|h6w))${E}`,
  'gu',
);
const RIM = new RegExp(`${B}[rр]\\s?(1[2-9]|2[0-4])${E}`, 'gu');

const LOOKALIKE: Readonly<Record<string, string>> = { н: 'h', в: 'b' };

/** Finds the codes of a query and returns them with the rest of the query. */
export function parseSearchQuery(query: string): ParsedSearchQuery {
  let rest = normalizeSearchText(query);
  const found: { at: number; code: SearchCode }[] = [];
  const take = (re: RegExp, make: (m: RegExpExecArray) => SearchCode) => {
    rest = rest.replace(re, (...args) => {
      const match = args.slice(0, -2) as unknown as RegExpExecArray;
      const at = args[args.length - 2] as number;
      found.push({ at, code: make(match) });
      // Same length, so the positions of later codes still order them.
      return ' '.repeat(String(args[0]).length);
    });
  };
  take(TYRE_SLASH, (m) => tyre(Number(m[1]), Number(m[2]), m[3] ? Number(m[3]) : null));
  take(TYRE_SPACED, (m) => tyre(Number(m[1]), Number(m[2]), Number(m[3])));
  take(VISCOSITY, (m) => {
    const winter = Number(m[1]);
    const hot = Number(m[2]);
    return { kind: 'viscosity', text: `${winter}w${hot}`, winter, hot };
  });
  take(LAMP, (m) => ({ kind: 'lamp', text: [...String(m[1])].map((c) => LOOKALIKE[c] ?? c).join('') }));
  take(RIM, (m) => ({ kind: 'rim', text: `r${m[1]}`, rim: Number(m[1]) }));
  const codes = new Map<string, SearchCode>();
  for (const { code } of found.sort((a, b) => a.at - b.at))
    if (!codes.has(code.text)) codes.set(code.text, code);
  return { codes: [...codes.values()], rest: rest.replace(/\s+/g, ' ').trim() };
}

function tyre(width: number, profile: number, rim: number | null): SearchCode {
  return {
    kind: 'tyre',
    text: rim === null ? `${width}/${profile}` : `${width}/${profile}r${rim}`,
    width,
    profile,
    rim,
  };
}

/**
 * Whether a query is worth sending: SPEC §5's three characters, or a code shorter than that ('H7', 'H4' —
 * lamp bases are how lamps are asked for).
 */
export function isSearchableQuery(query: string): boolean {
  const trimmed = query.trim();
  if ([...trimmed].length >= SEARCH_MIN_LENGTH) return true;
  return trimmed !== '' && parseSearchQuery(trimmed).codes.length > 0;
}

// ---- synonyms ----

export interface SearchSynonym {
  /** The customer's word as a stem: a query word starting with it (and at most 3 letters longer) matches. */
  stem: string;
  /** What the catalogue calls it: every word of one of these phrases must be found. */
  means: readonly string[];
  /** Words starting with one of these are something else ('резинка' is no tyre). */
  not?: readonly string[];
}

/** What customers call parts → the catalogue's words. Lower case, е for ё. */
export const SEARCH_SYNONYMS: readonly SearchSynonym[] = [
  { stem: 'дворник', means: ['щетка стеклоочистителя'] },
  { stem: 'незамерзайк', means: ['жидкость стеклоомывателя зимняя'] },
  { stem: 'незамерзающ', means: ['жидкость стеклоомывателя зимняя'] },
  { stem: 'омывайк', means: ['жидкость стеклоомывателя'] },
  { stem: 'омывател', means: ['жидкость стеклоомывателя'] },
  { stem: 'тосол', means: ['антифриз'] },
  { stem: 'антифриз', means: ['тосол'] },
  { stem: 'охлаждающ', means: ['антифриз'] },
  { stem: 'резин', means: ['шина'], not: ['резинк'] },
  { stem: 'покрышк', means: ['шина'] },
  { stem: 'акб', means: ['аккумулятор'] },
  { stem: 'аккумулятор', means: ['акб'] },
  { stem: 'тормозух', means: ['жидкость тормозная'] },
  { stem: 'лампочк', means: ['лампа'] },
  { stem: 'регистратор', means: ['видеорегистратор'] },
  { stem: 'литье', means: ['диск литой'] },
  { stem: 'штамповк', means: ['диск штампованный'] },
  { stem: 'свечк', means: ['свеча зажигания'] },
  { stem: 'масляник', means: ['фильтр масляный'] },
  { stem: 'моторк', means: ['масло моторное'] },
  { stem: 'трансмиссионк', means: ['масло трансмиссионное'] },
  { stem: 'диодн', means: ['лампа светодиодная'] },
  { stem: 'led', means: ['лампа светодиодная'] },
];

/** The phrases a query word stands for (each as its words), or an empty list. */
export function searchSynonyms(word: string): string[][] {
  const w = normalizeSearchText(word);
  const out: string[][] = [];
  for (const s of SEARCH_SYNONYMS) {
    if (!w.startsWith(s.stem) || [...w].length > [...s.stem].length + 3) continue;
    if (s.not?.some((n) => w.startsWith(n))) continue;
    for (const phrase of s.means) out.push(phrase.split(' '));
  }
  return out;
}

// ---- keyboard layout ----

const LATIN = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const CYRILLIC = 'йцукенгшщзхъфывапролджэячсмитьбюё';
const TO_CYRILLIC = new Map<string, string>();
const TO_LATIN = new Map<string, string>();
for (let i = 0; i < LATIN.length; i++) {
  TO_CYRILLIC.set(LATIN[i]!, CYRILLIC[i]!);
  TO_LATIN.set(CYRILLIC[i]!, LATIN[i]!);
}

/**
 * The query as it was meant when typed with the other keyboard layout (Russian ЙЦУКЕН ↔ Latin QWERTY):
 * 'rjkjlrb' → 'колодки', 'vfckj 5w30' → 'масло 5w30', 'ищыср' → 'bosch'. Words with digits stay as typed (codes,
 * articles); on the Latin side ; ' , . [ ] ` are the Russian letters on those keys. Null when no word changes or
 * the letters are of both alphabets.
 */
export function switchKeyboardLayout(query: string): string | null {
  const text = query.toLowerCase();
  const latin = /[a-z]/.test(text);
  const cyrillic = /[а-яё]/.test(text);
  if (latin === cyrillic) return null;
  const map = latin ? TO_CYRILLIC : TO_LATIN;
  let changed = false;
  const out = text
    .split(/(\s+)/)
    .map((token) => {
      if (/\d/.test(token) || !/\p{L}/u.test(token)) return token;
      const switched = [...token].map((c) => map.get(c) ?? c).join('');
      if (switched !== token) changed = true;
      return switched;
    })
    .join('');
  return changed ? out : null;
}
