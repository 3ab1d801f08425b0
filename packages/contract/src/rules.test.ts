import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MASKS,
  PHONE_PATTERN,
  applyMask,
  codeField,
  isValidPhone,
  maskPhone,
  messageField,
  nameField,
  normalizePhone,
  passwordField,
  phoneField,
  requiredString,
  sanitizeName,
} from './index';

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('phone pattern and normalisation', () => {
  it.each([
    ['8 (912) 345-67-89', '+79123456789'],
    ['+7 912 345 67 89', '+79123456789'],
    ['+7 (912) 345-67-89', '+79123456789'],
    ['89123456789', '+79123456789'],
    ['79123456789', '+79123456789'],
    ['9123456789', '+79123456789'],
    ['  +79123456789 ', '+79123456789'],
  ])('accepts %s as %s', (input, expected) => {
    expect(PHONE_PATTERN.test(input)).toBe(true);
    expect(isValidPhone(input)).toBe(true);
    expect(normalizePhone(input)).toBe(expected);
    expect(phoneField.parse(input)).toBe(expected);
  });

  it.each([
    '12345',
    'abcdefghij',
    '8912abc6789',
    '+1 912 345 67 89',
    '+19123456789',
    '8912345678901',
    '+7 912 345 67 8',
  ])('refuses %s', (input) => {
    expect(isValidPhone(input)).toBe(false);
    expect(messagesOf(phoneField, input)).toEqual(['Номер введен неверно']);
  });

  it('normalizePhone returns null for non-Russian or incomplete numbers', () => {
    expect(normalizePhone('+19123456789')).toBeNull();
    expect(normalizePhone('+8 912 345 67 89')).toBeNull();
    expect(normalizePhone('912345678')).toBeNull();
    expect(normalizePhone('69123456789')).toBeNull();
    expect(normalizePhone('9123456789x')).toBeNull();
  });

  it('reports a missing or empty phone as a required field', () => {
    expect(messagesOf(phoneField, undefined)).toEqual(['Обязательное поле']);
    expect(messagesOf(phoneField, '   ')).toEqual(['Обязательное поле']);
  });
});

describe('masks', () => {
  it('applies the phone mask to raw digits and to partial input', () => {
    expect(applyMask(MASKS.phone, '9123456789')).toBe('+7 (912) 345-67-89');
    expect(applyMask(MASKS.phone, '912')).toBe('+7 (912');
    expect(applyMask(MASKS.phone, '9123')).toBe('+7 (912) 3');
    expect(applyMask(MASKS.phone, '')).toBe('');
  });

  it('re-masking a masked phone is stable and extra digits are cut', () => {
    expect(applyMask(MASKS.phone, '+7 (912) 345-67-89')).toBe('+7 (912) 345-67-89');
    expect(applyMask(MASKS.phone, '912345678900')).toBe('+7 (912) 345-67-89');
  });

  it('maskPhone drops a leading 8 of a full number', () => {
    expect(maskPhone('89123456789')).toBe('+7 (912) 345-67-89');
    expect(maskPhone('+79123456789')).toBe('+7 (912) 345-67-89');
  });

  /** What a masked input shows after each key: the mask runs on the field's value plus the typed character. */
  const typeKeys = (keys: string, start = '') =>
    [...keys].reduce((shown, key) => maskPhone(shown + key), start);
  /** Backspace at the end of the field, `times` times. */
  const backspace = (start: string, times: number) =>
    Array.from({ length: times }).reduce<string>((shown) => maskPhone(shown.slice(0, -1)), start);

  it('maskPhone: a leading 8 or 7 typed key by key is the country prefix (issue #13)', () => {
    expect(typeKeys('8')).toBe('+7 (');
    expect(typeKeys('89')).toBe('+7 (9');
    expect(typeKeys('89161234567')).toBe('+7 (916) 123-45-67');
    expect(typeKeys('79161234567')).toBe('+7 (916) 123-45-67');
    expect(typeKeys('+79161234567')).toBe('+7 (916) 123-45-67');
    expect(typeKeys('9161234567')).toBe('+7 (916) 123-45-67');
    // 8 800 … and St Petersburg's 812 typed with the trunk 8 keep their own 8.
    expect(typeKeys('88001234567')).toBe('+7 (800) 123-45-67');
    expect(typeKeys('88121234567')).toBe('+7 (812) 123-45-67');
    // A Kazakh number typed with +7 keeps the 7 of its code.
    expect(typeKeys('+77011234567')).toBe('+7 (701) 123-45-67');
    // Extra digits are cut, a letter changes nothing.
    expect(typeKeys('891612345678')).toBe('+7 (916) 123-45-67');
    expect(typeKeys('8a')).toBe('+7 (');
  });

  it('maskPhone: pasted and autofilled numbers in every Russian spelling', () => {
    for (const raw of [
      '89161234567',
      '8 916 123-45-67',
      '8 (916) 123-45-67',
      '+7 916 123 45 67',
      '+7 (916) 123-45-67',
      '+79161234567',
      '7 916 1234567',
      '9161234567',
      ' 8-916-123-45-67 ',
    ]) {
      expect(maskPhone(raw), raw).toBe('+7 (916) 123-45-67');
    }
    // Pasted into a field that already shows the prefix, or over an old 10-digit value that took the 8 as a digit.
    expect(maskPhone('+7 (8 916 123-45-67')).toBe('+7 (916) 123-45-67');
    expect(maskPhone('+7 (891) 612-34-567')).toBe('+7 (916) 123-45-67');
    // Ten digits are the national number, whatever they start with.
    expect(maskPhone('8123456789')).toBe('+7 (812) 345-67-89');
  });

  it('maskPhone: the prefix can be deleted and the field emptied', () => {
    expect(backspace('+7 (', 1)).toBe('');
    expect(backspace('+7 (9', 1)).toBe('+7 (');
    expect(backspace('+7 (9', 2)).toBe('');
    expect(backspace('+7 (916) 1', 1)).toBe('+7 (916');
    expect(maskPhone('')).toBe('');
    expect(maskPhone('+')).toBe('+');
    expect(maskPhone('+7')).toBe('+7');
    // Re-masking what the field shows is stable.
    for (const shown of ['+7 (', '+7 (9', '+7 (916) 123-45-67', '+7 (800) 1']) {
      expect(maskPhone(shown)).toBe(shown);
    }
  });

  it('the code mask finds the digits in a pasted text', () => {
    expect(applyMask(MASKS.code, 'код 1234')).toBe('1234');
    expect(applyMask(MASKS.code, 'Ваш код: 5678. Никому не сообщайте')).toBe('5678');
  });

  it('code, count and order-number masks keep only their digits', () => {
    expect(applyMask(MASKS.code, '12a3456')).toBe('1234');
    expect(applyMask(MASKS.count, '1000')).toBe('100');
    expect(applyMask(MASKS.orderNumber, '0012345678999')).toBe('001234567');
  });

  it('sanitizeName drops digits and symbols and caps the length at 60', () => {
    expect(sanitizeName('Иван 2 Petrov!!')).toBe('Иван Petrov');
    expect(sanitizeName('Ёлкин-Палкин')).toBe('ЁлкинПалкин');
    const long = sanitizeName('А'.repeat(70) + '1');
    expect(long).toHaveLength(60);
    expect(long).toBe('А'.repeat(60));
  });
});

describe('field builders', () => {
  it('message: 1000 characters pass, 1001 are refused with the Russian hint', () => {
    expect(messageField.parse('я'.repeat(1000))).toHaveLength(1000);
    expect(messagesOf(messageField, 'я'.repeat(1001))).toEqual(['максимальное количество символов 1000']);
    expect(messagesOf(messageField, '')).toEqual(['Обязательное поле']);
  });

  it('password: 7 characters refused, 8 and 128 accepted, 129 refused', () => {
    expect(messagesOf(passwordField, '1234567')).toEqual(['Пароль должен содержать не менее 8 символов']);
    expect(passwordField.parse('12345678')).toBe('12345678');
    expect(passwordField.safeParse('x'.repeat(128)).success).toBe(true);
    expect(passwordField.safeParse('x'.repeat(129)).success).toBe(false);
    expect(messagesOf(passwordField, '')).toEqual(['Обязательное поле']);
  });

  it('code: exactly 4 digits', () => {
    expect(codeField.parse(' 1234 ')).toBe('1234');
    expect(codeField.safeParse('123').success).toBe(false);
    expect(codeField.safeParse('12345').success).toBe(false);
    expect(codeField.safeParse('12a4').success).toBe(false);
  });

  it('name: letters and spaces up to 60', () => {
    expect(nameField.parse(' Анна Smith ')).toBe('Анна Smith');
    expect(messagesOf(nameField, 'R2D2')).toEqual(['Допустимы только русские или латинские буквы и пробелы']);
    expect(nameField.safeParse('a'.repeat(61)).success).toBe(false);
  });

  it('requiredString trims, requires and limits to 200 by default', () => {
    expect(requiredString().parse('  x ')).toBe('x');
    expect(messagesOf(requiredString(), undefined)).toEqual(['Обязательное поле']);
    expect(messagesOf(requiredString(), 'x'.repeat(201))).toEqual(['максимальное количество символов 200']);
    expect(requiredString(5).safeParse('123456').success).toBe(false);
  });
});

describe('empty values get a single message', () => {
  it.each([
    ['code', codeField],
    ['name', nameField],
    ['password', passwordField],
    ['message', messageField],
  ] as const)('%s', (_name, schema) => {
    expect(messagesOf(schema, '')).toEqual(['Обязательное поле']);
  });
});
