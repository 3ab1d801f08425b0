// VIN and Japanese FRAME numbers (issue #17): what a customer types to find their vehicle. This file holds the
// rules both sides apply — reading the text the way people write it and the checks ISO 3779 allows — without zod,
// so the storefront's vehicle selector can check a code before it asks. The tables that name makers and models
// live with the API (apps/api/src/modules/transport/vehicle-code-data.ts).

import { latinLookalikes } from './lookalikes';

export const VIN_LENGTH = 17;
export const VEHICLE_CODE_MAX_LENGTH = 40;

export const VEHICLE_CODE_MESSAGES = {
  empty: 'Введите VIN (17 знаков) или номер кузова, например NZE141-1234567',
  vinLength: (length: number) =>
    `В VIN 17 знаков, а здесь ${length}. Номер кузова японской машины пишется с дефисом: NZE141-1234567`,
  vinLetters: 'В VIN не бывает букв I, O и Q: вместо них, скорее всего, цифры 1 и 0',
  vinCharacters: 'В VIN только латинские буквы и цифры',
  vinCheckDigit: 'Контрольный знак VIN (9-й) не сходится с остальными: проверьте, нет ли опечатки',
  frameFormat: 'Номер кузова — код модели, дефис и номер: NZE141-1234567',
  tooLong: `Не длиннее ${VEHICLE_CODE_MAX_LENGTH} знаков`,
} as const;

/**
 * Upper case, Cyrillic look-alikes made Latin, spaces dropped (people copy VINs in groups). A FRAME number written
 * with a space instead of its dash ('NZE141 1234567') gets its dash back.
 */
export function normalizeVehicleCode(raw: string): string {
  const upper = raw
    .trim()
    .replace(/^([\p{L}\d]{2,8})[\s\u00a0]+(\d{3,8})$/u, '$1-$2')
    .toUpperCase();
  return latinLookalikes(upper)
    .replace(/[\s\u00a0]+/g, '')
    .replace(/[‐‑‒–—]/g, '-');
}

export type VehicleCode =
  | { kind: 'vin'; code: string; checkDigit: 'valid' | 'not-used' }
  | { kind: 'frame'; code: string; model: string; serial: string };

export type VehicleCodeResult = { ok: true; value: VehicleCode } | { ok: false; message: string };

const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The 9th character ISO 3779's North American rule (49 CFR 565) computes from the other sixteen: '0'–'9' or 'X'. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const c = vin[i]!;
    const value = /\d/.test(c) ? Number(c) : (TRANSLITERATION[c] ?? 0);
    sum += value * WEIGHTS[i]!;
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/**
 * Whether the check digit is mandatory: only for vehicles made for North America (WMI '1'–'5'). Europe, Russia and
 * Asia leave the 9th character to the maker, so a mismatch there is no error.
 */
export const vinCheckDigitRequired = (vin: string) => /^[1-5]/.test(vin);

// The 10th character's 30-year cycle: A = 1980 (and 2010), … Y = 2000 (2030), 1 = 2001 (2031), … 9 = 2009 (2039).
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** Model years the 10th character can stand for, within [from, to]; empty when the character is no year code. */
export function vinModelYears(vin: string, from: number, to: number): number[] {
  const index = YEAR_CODES.indexOf(vin[9] ?? '');
  if (index < 0) return [];
  const years: number[] = [];
  for (let year = 1980 + index; year <= to; year += 30) if (year >= from) years.push(year);
  return years;
}

const FRAME = /^([A-Z0-9]{2,8})-(\d{3,8})$/;

/** Reads what the customer typed as a VIN or a FRAME number, or says in Russian what is wrong with it. */
export function readVehicleCode(raw: string): VehicleCodeResult {
  const text = normalizeVehicleCode(raw);
  if (!text) return { ok: false, message: VEHICLE_CODE_MESSAGES.empty };
  if (text.length > VEHICLE_CODE_MAX_LENGTH) return { ok: false, message: VEHICLE_CODE_MESSAGES.tooLong };
  if (text.includes('-')) {
    const frame = FRAME.exec(text);
    if (!frame || !/[A-Z]/.test(frame[1]!)) return { ok: false, message: VEHICLE_CODE_MESSAGES.frameFormat };
    return { ok: true, value: { kind: 'frame', code: text, model: frame[1]!, serial: frame[2]! } };
  }
  if (!/^[A-Z0-9]+$/.test(text)) return { ok: false, message: VEHICLE_CODE_MESSAGES.vinCharacters };
  if (text.length !== VIN_LENGTH) return { ok: false, message: VEHICLE_CODE_MESSAGES.vinLength(text.length) };
  if (/[IOQ]/.test(text)) return { ok: false, message: VEHICLE_CODE_MESSAGES.vinLetters };
  const matches = vinCheckDigit(text) === text[8];
  if (!matches && vinCheckDigitRequired(text))
    return { ok: false, message: VEHICLE_CODE_MESSAGES.vinCheckDigit };
  return { ok: true, value: { kind: 'vin', code: text, checkDigit: matches ? 'valid' : 'not-used' } };
}
