import { loginRequest, passwordResetSetRequest, registerRequest } from '@podbor/contract';
import { describe, expect, it } from 'vitest';
import { serverErrors, validate } from '@/lib/form-errors';
import {
  LOGIN_ROUTES,
  REGISTER_ROUTES,
  RESET_CODE_ROUTES,
  RESET_PHONE_ROUTES,
  RESET_SET_ROUTES,
  VERIFY_ROUTES,
} from './error-routes';

// SPEC §8: where each server error of the sign-in calls is shown.

describe('server errors of the sign-in dialog', () => {
  it('login: detail under the button, password and phone_number on their fields', () => {
    expect(serverErrors({ errors: { detail: 'Неверный номер телефона или пароль.' } }, LOGIN_ROUTES)).toEqual(
      {
        general: 'Неверный номер телефона или пароль.',
      },
    );
    expect(
      serverErrors(
        { errors: { password: ['a', 'b'], phone_number: ['Номер введен неверно'] } },
        LOGIN_ROUTES,
      ),
    ).toEqual({
      password: 'a',
      phone: 'Номер введен неверно',
    });
  });

  it('registration: fields on their fields, non_field_errors general', () => {
    expect(
      serverErrors(
        { errors: { password2: ['Пароли не совпадают'], non_field_errors: ['x'] } },
        REGISTER_ROUTES,
      ),
    ).toEqual({ password2: 'Пароли не совпадают', general: 'x' });
  });

  it('reset steps: phone step on the phone field, code step on the code field, set step on the password field', () => {
    expect(serverErrors({ errors: { detail: 'Слишком много' } }, RESET_PHONE_ROUTES, 'phone')).toEqual({
      phone: 'Слишком много',
    });
    expect(serverErrors({ errors: { detail: 'Неверный код.' } }, RESET_CODE_ROUTES, 'code')).toEqual({
      code: 'Неверный код.',
    });
    expect(serverErrors({ errors: { password2: ['p2'] } }, RESET_SET_ROUTES, 'password')).toEqual({
      password: 'p2',
    });
    expect(serverErrors({ errors: { non_field_errors: ['nf'] } }, RESET_SET_ROUTES, 'password')).toEqual({
      password: 'nf',
    });
  });

  it('verification: non_field_errors are general messages', () => {
    expect(serverErrors({ errors: { non_field_errors: ['Неверный код.'] } }, VERIFY_ROUTES)).toEqual({
      general: 'Неверный код.',
    });
  });

  it("prefers a field's list over the general detail, and says 'Произошла ошибка' without a body", () => {
    expect(serverErrors({ errors: { detail: 'd', non_field_errors: ['n'] } }, VERIFY_ROUTES)).toEqual({
      general: 'n',
    });
    expect(serverErrors(null, LOGIN_ROUTES)).toEqual({ general: 'Произошла ошибка' });
    expect(serverErrors(null, RESET_CODE_ROUTES, 'code')).toEqual({ code: 'Произошла ошибка' });
  });
});

describe('client-side checks from the contract', () => {
  it('requires phone and password and checks the phone pattern', () => {
    const fields = { phone_number: 'phone', password: 'password' } as const;
    expect(validate(loginRequest, { phone_number: '', password: '' }, fields)).toEqual({
      phone: 'Обязательное поле',
      password: 'Обязательное поле',
    });
    expect(validate(loginRequest, { phone_number: '+7 (912', password: 'x' }, fields)).toEqual({
      phone: 'Номер введен неверно',
    });
    expect(validate(loginRequest, { phone_number: '+7 (912) 345-67-89', password: 'x' }, fields)).toEqual({});
  });

  it('puts a repeated password that differs on the repeat field', () => {
    const fields = { phone_number: 'phone', password: 'password', password2: 'password2' } as const;
    expect(
      validate(
        registerRequest,
        { phone_number: '+7 (912) 345-67-89', password: 'Krasnaya-42', password2: 'Krasnaya-43' },
        fields,
      ),
    ).toEqual({ password2: 'Пароли не совпадают' });
    expect(
      validate(
        passwordResetSetRequest,
        { phone_number: '+79123456789', secret_key: 'k', password: 'short', password2: '' },
        { password: 'password', password2: 'password2' },
      ),
    ).toEqual({ password: 'Пароль должен содержать не менее 8 символов', password2: 'Обязательное поле' });
  });
});
