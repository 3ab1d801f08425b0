import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cartUpdateItemRequest,
  detailError,
  errorBody,
  fastifyValidationToBody,
  feedbackRequest,
  fieldErrors,
  firstNonFieldError,
  issuesToBody,
  loginRequest,
  registerRequest,
  zodErrorToBody,
} from './index';

function bodyFor(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a validation error');
  return zodErrorToBody(result.error);
}

describe('zodErrorToBody', () => {
  it('reports missing fields as required, per field', () => {
    expect(bodyFor(loginRequest, {})).toEqual({
      errors: { phone_number: ['Обязательное поле'], password: ['Обязательное поле'] },
    });
  });

  it('treats null and empty strings as missing', () => {
    expect(bodyFor(feedbackRequest, { name: null, phone: '', message: '   ' })).toEqual({
      errors: {
        name: ['Обязательное поле'],
        phone: ['Обязательное поле'],
        message: ['Обязательное поле'],
      },
    });
  });

  it('gives a Russian message for a wrong type, not the required text', () => {
    const body = bodyFor(loginRequest, { phone_number: 89123456789, password: 'secret123' });
    const messages = body.errors.phone_number;
    expect(Array.isArray(messages)).toBe(true);
    expect(messages).toHaveLength(1);
    expect(messages?.[0]).not.toBe('Обязательное поле');
    expect(messages?.[0]).toMatch(/[а-я]/i);
    expect(messages?.[0]).toMatch(/ожидалось/);
  });

  it('keys nested issues by the dotted path', () => {
    const body = bodyFor(cartUpdateItemRequest, {
      items: [{ product: 'oil-5w30', quantity: 2 }, { product: 'filter', quantity: 1000 }, { quantity: 1 }],
    });
    expect(body.errors['items.1.quantity']).toEqual(['Количество должно быть от 1 до 999']);
    expect(body.errors['items.2.product']).toEqual(['Обязательное поле']);
    expect(Object.keys(body.errors).sort()).toEqual(['items.1.quantity', 'items.2.product']);
  });

  it('puts object-level refinements on their path and root issues in non_field_errors', () => {
    const body = bodyFor(registerRequest, {
      phone_number: '+79123456789',
      password: 'long-enough-1',
      password2: 'different-2',
    });
    expect(body).toEqual({ errors: { password2: ['Пароли не совпадают'] } });
    expect(bodyFor(loginRequest, 'not an object').errors.non_field_errors).toHaveLength(1);
  });

  it('recognises untranslated "missing" issues too', () => {
    const body = issuesToBody([
      { code: 'invalid_type', path: ['a'], message: 'Invalid input: expected string, received undefined' },
      { code: 'invalid_type', path: ['b'], message: 'Invalid input: expected string, received number' },
    ]);
    expect(body.errors.a).toEqual(['Обязательное поле']);
    expect(body.errors.b).toEqual(['Invalid input: expected string, received number']);
  });
});

describe('error body helpers', () => {
  it('builds envelopes that satisfy the schema', () => {
    expect(detailError('Не найдено.')).toEqual({ errors: { detail: 'Не найдено.' } });
    expect(fieldErrors({ phone_number: 'x', password: ['a', 'b'] })).toEqual({
      errors: { phone_number: ['x'], password: ['a', 'b'] },
    });
    expect(errorBody.safeParse(detailError('x')).success).toBe(true);
    expect(errorBody.safeParse({ errors: { phone_number: 'not an array' } }).success).toBe(false);
    expect(errorBody.safeParse({ detail: 'x' }).success).toBe(false);
  });

  it('converts Fastify validation items by instance path', () => {
    expect(
      fastifyValidationToBody([
        { instancePath: '/items/0/quantity', message: 'плохо' },
        { instancePath: '/', message: 'корень' },
        {
          instancePath: '/phone',
          keyword: 'invalid_type',
          message: 'Invalid input: expected string, received undefined',
        },
      ]),
    ).toEqual({
      errors: { 'items.0.quantity': ['плохо'], non_field_errors: ['корень'], phone: ['Обязательное поле'] },
    });
  });

  it('firstNonFieldError reads non_field_errors, then detail', () => {
    expect(firstNonFieldError({ errors: { non_field_errors: ['Подождите'], detail: 'd' } })).toBe(
      'Подождите',
    );
    expect(firstNonFieldError({ errors: { detail: 'd' } })).toBe('d');
    expect(firstNonFieldError({ errors: { phone_number: ['x'] } })).toBeUndefined();
    expect(firstNonFieldError('oops')).toBeUndefined();
  });
});
