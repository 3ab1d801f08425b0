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
