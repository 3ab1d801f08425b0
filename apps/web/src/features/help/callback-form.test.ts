import { describe, expect, it } from 'vitest';
import { validateCallback } from './callback-form';

describe('validateCallback', () => {
  it('requires every field with the SPEC message', () => {
    expect(validateCallback({ name: '', phone: ' ', message: '' }, 'CONSULTATION')).toEqual({
      name: 'Обязательное поле',
      phone: 'Обязательное поле',
      message: 'Обязательное поле',
    });
  });

  it('checks the phone pattern and the message length', () => {
    const errors = validateCallback({ name: 'Анна', phone: '+7 (912', message: 'x'.repeat(1001) }, 'HELP');
    expect(errors).toEqual({
      phone: 'Номер введен неверно',
      message: 'максимальное количество символов 1000',
    });
  });

  it('accepts a masked phone and a short message', () => {
    expect(
      validateCallback(
        { name: 'Anna Ivanova', phone: '+7 (912) 345-67-89', message: 'Перезвоните' },
        'SPECIAL_OFFER',
      ),
    ).toEqual({});
  });
});
