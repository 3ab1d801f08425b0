import { loginRequest } from '@podbor/contract';
import { describe, expect, it, vi } from 'vitest';
import { applyServerErrors } from './form-errors';
import { requestResolver } from './form-resolver';

// The forms' two halves: client checks from the contract's request schema, server errors onto fields.

const resolver = requestResolver<{ phone: string; password: string }>(
  loginRequest,
  (v) => ({ phone_number: v.phone, password: v.password }),
  { phone_number: 'phone', password: 'password' },
);
const run = (values: { phone: string; password: string }) =>
  resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false, names: [] } as never);

describe('requestResolver', () => {
  it('answers with the contract messages on the form fields', async () => {
    const result = await run({ phone: '', password: '' });
    expect(result.errors.phone?.message).toBe('Обязательное поле');
    expect(result.errors.password?.message).toBe('Обязательное поле');
    expect((await run({ phone: '+7 (912', password: 'x' })).errors.phone?.message).toBe(
      'Номер введен неверно',
    );
  });

  it('passes the form values through untouched when the request is valid', async () => {
    const values = { phone: '+7 (912) 345-67-89', password: 'x' };
    expect(await run(values)).toEqual({ values, errors: {} });
  });
});

describe('applyServerErrors', () => {
  it('sets field errors, focuses the first in form order, and puts the rest at form level', () => {
    const setError = vi.fn();
    applyServerErrors(
      { setError },
      { errors: { password: ['p'], phone_number: ['n'], non_field_errors: ['g'] } },
      { password: 'password', phone_number: 'phone', non_field_errors: 'general' },
      { order: ['phone', 'password'] },
    );
    expect(setError.mock.calls).toEqual([
      ['password', { type: 'server', message: 'p' }, { shouldFocus: false }],
      ['phone', { type: 'server', message: 'n' }, { shouldFocus: true }],
      ['root.server', { type: 'server', message: 'g' }],
    ]);
  });

  it("says 'Произошла ошибка' at form level without a body", () => {
    const setError = vi.fn();
    applyServerErrors<{ phone: string }>({ setError }, null, {});
    expect(setError).toHaveBeenCalledWith('root.server', { type: 'server', message: 'Произошла ошибка' });
  });
});
