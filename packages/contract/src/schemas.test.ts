import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  branchesResponse,
  cartAddItemRequest,
  cartRequest,
  cartResponse,
  cartUpdateItemRequest,
  catalogProductsQuery,
  catalogProductsRequest,
  categoryNode,
  feedbackRequest,
  installationPriceRequest,
  loginRequest,
  orderCreateRequest,
  ordersQuery,
  passwordResetSetRequest,
  productDetail,
  productsBySlugsRequest,
  profilePatchRequest,
  reviewCreateRequest,
  transportDetailResponse,
  zodErrorToBody,
} from './index';

function errorsOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected a validation error for ${JSON.stringify(value)}`);
  return zodErrorToBody(result.error).errors;
}

describe('auth requests', () => {
  it('normalises the phone of a login body and strips unknown keys', () => {
    expect(loginRequest.parse({ phone_number: '8 (912) 345-67-89', password: 'x', remember: true })).toEqual({
      phone_number: '+79123456789',
      password: 'x',
    });
  });

  it('reset-set accepts the verified code as secret_key and checks the repeat', () => {
    const body = {
      phone_number: '+79123456789',
      secret_key: '1234',
      password: 'новыйпароль',
      password2: 'новыйпароль',
    };
    expect(passwordResetSetRequest.parse(body).secret_key).toBe('1234');
    expect(errorsOf(passwordResetSetRequest, { ...body, password2: 'другой-пароль' })).toEqual({
      password2: ['Пароли не совпадают'],
    });
  });
});

describe('review create', () => {
  it('accepts the API-SHAPES body, null comment and missing comment', () => {
    expect(reviewCreateRequest.parse({ product_slug: 'mann-w712', grade: 5, comment: 'Отлично' })).toEqual({
      product_slug: 'mann-w712',
      grade: 5,
      comment: 'Отлично',
    });
    expect(
      reviewCreateRequest.parse({ product_slug: 'mann-w712', grade: 1, comment: null }).comment,
    ).toBeNull();
    expect(
      reviewCreateRequest.parse({ product_slug: 'mann-w712', grade: 3, comment: '  ' }).comment,
    ).toBeNull();
    expect(reviewCreateRequest.parse({ product_slug: 'mann-w712', grade: 3 }).comment).toBeNull();
  });

  it('refuses grades outside 1..5, fractional grades and long comments', () => {
    expect(errorsOf(reviewCreateRequest, { product_slug: 'a', grade: 6 })).toEqual({
      grade: ['Оценка должна быть от 1 до 5'],
    });
    expect(Object.keys(errorsOf(reviewCreateRequest, { product_slug: 'a', grade: 0 }))).toEqual(['grade']);
    expect(Object.keys(errorsOf(reviewCreateRequest, { product_slug: 'a', grade: 4.5 }))).toEqual(['grade']);
    expect(errorsOf(reviewCreateRequest, { product_slug: 'a' })).toEqual({ grade: ['Обязательное поле'] });
    expect(errorsOf(reviewCreateRequest, { product_slug: 'a', grade: 5, comment: 'я'.repeat(1001) })).toEqual(
      {
        comment: ['максимальное количество символов 1000'],
      },
    );
  });
});

describe('cart requests', () => {
  it('accepts the API-SHAPES bodies with "" for no transport or city', () => {
    expect(cartRequest.parse({ transport: '', city: '' })).toEqual({ transport: null, city: null });
    expect(cartRequest.parse({ transport: 42, city: 'moskva' })).toEqual({ transport: 42, city: 'moskva' });
    expect(cartRequest.parse({ transport: '42' }).transport).toBe(42);
    expect(
      cartAddItemRequest.parse({
        product: 'shell-5w30',
        quantity: 2,
        with_installation: true,
        transport: '',
        city: '',
      }),
    ).toEqual({ product: 'shell-5w30', quantity: 2, with_installation: true, transport: null, city: null });
  });

  it('add-item refuses quantity 0 and 1000, update-item allows 0 but not 1000', () => {
    const add = { product: 'shell-5w30', with_installation: false, transport: '', city: '' };
    expect(errorsOf(cartAddItemRequest, { ...add, quantity: 0 })).toEqual({
      quantity: ['Количество должно быть от 1 до 999'],
    });
    expect(errorsOf(cartAddItemRequest, { ...add, quantity: 1000 })).toEqual({
      quantity: ['Количество должно быть от 1 до 999'],
    });
    expect(cartAddItemRequest.parse({ ...add, quantity: 999 }).quantity).toBe(999);

    const update = {
      items: [{ product: 'shell-5w30', quantity: 0, with_installation: false }],
      transport: '',
      city: '',
    };
    expect(cartUpdateItemRequest.parse(update).items[0]?.quantity).toBe(0);
    expect(
      cartUpdateItemRequest.safeParse({ ...update, items: [{ product: 'shell-5w30', quantity: 1000 }] })
        .success,
    ).toBe(false);
  });

  it('refuses a non-numeric transport', () => {
    expect(Object.keys(errorsOf(cartRequest, { transport: 'abc' }))).toEqual(['transport']);
  });
});

describe('catalogue listing', () => {
  it('fills defaults for an empty body and keeps filters', () => {
    expect(catalogProductsRequest.parse({})).toEqual({ page: 1, sort: 'popular', order: 'desc', filter: {} });
    const body = {
      page: 2,
      sort: 'price',
      order: 'asc',
      filter: { viscosity: ['5w-30'], volume: [1, 5], brand: [] },
    };
    expect(catalogProductsRequest.parse(body)).toEqual(body);
  });

  it('refuses unknown sorts and orders', () => {
    expect(Object.keys(errorsOf(catalogProductsRequest, { sort: 'cheap', order: 'up' })).sort()).toEqual([
      'order',
      'sort',
    ]);
  });

  it('reads page size from the query with default 24 and maximum 100', () => {
    expect(catalogProductsQuery.parse({})).toEqual({ page: 1, size: 24, sort: undefined, order: undefined });
    expect(catalogProductsQuery.parse({ page: '3', size: '48', sort: 'price', order: 'asc' })).toEqual({
      page: 3,
      size: 48,
      sort: 'price',
      order: 'asc',
    });
    expect(catalogProductsQuery.safeParse({ size: '101' }).success).toBe(false);
    expect(catalogProductsQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(catalogProductsQuery.safeParse({ page: 'two' }).success).toBe(false);
  });

  it('treats empty order filters as absent', () => {
    expect(
      ordersQuery.parse({ created_after: '', created_before: '', search: '', page: '', size: '' }),
    ).toEqual({
      page: 1,
      size: 12,
      ordering: '-created_at',
      created_after: undefined,
      created_before: undefined,
      search: undefined,
    });
    expect(ordersQuery.safeParse({ ordering: 'price' }).success).toBe(false);
    expect(ordersQuery.safeParse({ created_after: '2024-13-45' }).success).toBe(false);
  });
});

describe('other requests', () => {
  it('products by slugs is a plain array', () => {
    expect(productsBySlugsRequest.parse(['a', 'b'])).toEqual(['a', 'b']);
    expect(productsBySlugsRequest.safeParse({ slugs: ['a'] }).success).toBe(false);
  });

  it('installation price takes empty strings when unknown', () => {
    expect(installationPriceRequest.parse({ category: '', city: '', transport: '' })).toEqual({
      category: null,
      city: null,
      transport: null,
    });
  });

  it('feedback requires name, phone and message and defaults the type', () => {
    expect(
      feedbackRequest.parse({
        name: 'Иван',
        phone: '+7 (912) 345-67-89',
        message: 'Перезвоните',
        source: 'https://podbor.ru/cart',
      }),
    ).toEqual({
      name: 'Иван',
      phone: '+79123456789',
      message: 'Перезвоните',
      source: 'https://podbor.ru/cart',
      type: 'CONSULTATION',
      transport: undefined,
    });
    expect(errorsOf(feedbackRequest, { name: 'Иван', phone: '12345', message: 'x', type: 'SPAM' })).toEqual({
      phone: ['Номер введен неверно'],
      type: [expect.stringMatching(/CONSULTATION/)],
    });
  });

  it('order create accepts the API-SHAPES body and defaults placement type', () => {
    const parsed = orderCreateRequest.parse({
      name: 'Иван Петров',
      phone: '89123456789',
      email: '',
      payment_type: 'CASH',
      payment_method_id: 1,
      cart: [{ quantity: 2, slug: 'shell-5w30', with_installation: false }],
      branch_office_id: 3,
      transport_id: '',
    });
    expect(parsed).toMatchObject({
      phone: '+79123456789',
      email: null,
      placement_type: 'CART',
      transport_id: null,
    });
    const errors = errorsOf(orderCreateRequest, {
      name: '',
      phone: '',
      email: 'not-an-email',
      payment_type: 'BITCOIN',
      payment_method_id: 1,
      cart: [],
      branch_office_id: 3,
    });
    expect(errors).toMatchObject({
      name: ['Обязательное поле'],
      phone: ['Обязательное поле'],
      email: ['Email введен неверно'],
      cart: ['Обязательное поле'],
    });
    expect(errors.payment_type).toHaveLength(1);
  });

  it('profile patch keeps absent keys absent and turns "" into null', () => {
    expect(profilePatchRequest.parse({ first_name: 'Анна' })).toEqual({ first_name: 'Анна' });
    expect(profilePatchRequest.parse({ city: '', date_of_birthday: '1990-3-5', email: '' })).toEqual({
      city: null,
      date_of_birthday: '1990-03-05',
      email: null,
    });
    expect(profilePatchRequest.safeParse({ date_of_birthday: '1990-2-30' }).success).toBe(false);
  });
});

describe('responses', () => {
  it('accept documented shapes, including numeric-string coordinates and recursion', () => {
    expect(
      branchesResponse.safeParse([
        {
          title: 'Москва',
          slug: 'moskva',
          branches: [
            {
              id: 1,
              terminal_code: 'MSK1',
              latitude: '55.75',
              longitude: 37.61,
              street: 'ул. Тверская, 1',
              phone_number: '+74950000000',
              description: '',
              email: '',
              title: 'Тверская',
            },
          ],
        },
      ]).success,
    ).toBe(true);
    const node = { title: 'Масла', slug: 'oils', found: 3, total: 5, category_found: 0, category_total: 0 };
    expect(
      categoryNode.safeParse({ ...node, children: [{ ...node, slug: 'motor', children: [] }] }).success,
    ).toBe(true);
    expect(categoryNode.safeParse({ ...node, children: [{ ...node, found: 'many' }] }).success).toBe(false);
  });

  it('response schemas encode for the serializer (no one-way transforms)', () => {
    const cart = {
      total_price: 2500,
      total: 1,
      results: [
        {
          id: 7,
          quantity: 2,
          product: {
            id: 3,
            slug: 'shell-5w30',
            price: 1250,
            warehouse_stock: 10,
            with_installation: false,
            installation_price: 0,
          },
          extra: 'kept out',
        },
      ],
    };
    expect(z.encode(cartResponse, cart).results[0]?.product.slug).toBe('shell-5w30');
    const transport = {
      type: { title: 'Легковые', slug: 'cars' },
      brand: { title: 'Lada', slug: 'lada' },
      model: { title: 'Vesta', slug: 'vesta' },
      engine: { title: '1.6 (106 л.с.)', slug: '1-6' },
      years: [2015, 2020],
      label: 'Lada Vesta 2015–2020 1.6 (106 л.с.)',
    };
    expect(transportDetailResponse.parse(transport)).toEqual(transport);
    expect(productDetail.safeParse({ title: 'x' }).success).toBe(false);
  });
});
