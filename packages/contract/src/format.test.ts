import { describe, expect, it } from 'vitest';
import {
  catalogLink,
  formatCountdown,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPrice,
  formatTransportText,
  formatWait,
  pluralRu,
  countRu,
  productUrl,
  productUrlFromCategories,
  throttledMessage,
} from './index';

const NBSP = '\u00a0';

describe('numbers and prices', () => {
  it('formats prices with ru-RU grouping and the rouble sign', () => {
    expect(formatPrice(12345)).toBe(`12${NBSP}345${NBSP}₽`);
    expect(formatPrice(990)).toBe(`990${NBSP}₽`);
    expect(formatPrice('1500')).toBe(`1${NBSP}500${NBSP}₽`);
    expect(formatPrice(1234567.5)).toBe(`1${NBSP}234${NBSP}567,50${NBSP}₽`);
    expect(formatPrice(Number.NaN)).toBe('');
  });

  it('matches what Intl produces for roubles without kopecks', () => {
    const intl = new Intl.NumberFormat('ru-RU', {
      style: 'currency',
      currency: 'RUB',
      maximumFractionDigits: 0,
    });
    expect(formatPrice(98765)).toBe(intl.format(98765));
  });

  it('formats plain numbers', () => {
    expect(formatNumber(1234567)).toBe(`1${NBSP}234${NBSP}567`);
    expect(formatNumber(4.25)).toBe('4,25');
  });

  it('chooses Russian plural forms', () => {
    const forms = ['товар', 'товара', 'товаров'] as const;
    expect([0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111].map((n) => pluralRu(n, forms))).toEqual([
      'товаров',
      'товар',
      'товара',
      'товара',
      'товаров',
      'товаров',
      'товаров',
      'товаров',
      'товар',
      'товара',
      'товаров',
      'товар',
      'товаров',
    ]);
  });

  it('writes a count with its noun, grouped like other numbers', () => {
    const forms = ['товар', 'товара', 'товаров'] as const;
    expect(countRu(13839, forms)).toBe(`13${NBSP}839 товаров`);
    expect(countRu(21, forms)).toBe('21 товар');
    expect(countRu(0, forms)).toBe('0 товаров');
  });
});

describe('transport text', () => {
  const base = {
    brand: { title: 'Lada', slug: 'lada' },
    model: { title: 'Vesta', slug: 'vesta' },
    engine: { title: '1.6 (106 л.с.)', slug: '1-6-106' },
  };

  it('prints a year range with an en dash', () => {
    expect(formatTransportText({ ...base, years: [2017, 2015, 2020] })).toBe(
      'Lada Vesta 2015–2020 1.6 (106 л.с.)',
    );
  });

  it('prints a single year once', () => {
    expect(formatTransportText({ ...base, years: [2018] })).toBe('Lada Vesta 2018 1.6 (106 л.с.)');
    expect(formatTransportText({ ...base, years: [2018, 2018] })).toBe('Lada Vesta 2018 1.6 (106 л.с.)');
  });

  it('skips missing parts', () => {
    expect(formatTransportText({ brand: { title: 'Kia' }, years: [] })).toBe('Kia');
  });
});

describe('urls, dates, countdown', () => {
  it('builds product URLs from a category chain', () => {
    expect(productUrl(['oils', 'motor-oils'], 'shell-5w30')).toBe(
      '/catalog/oils/motor-oils/product_shell-5w30',
    );
    expect(productUrlFromCategories([['filters', 'oil-filters'], ['other']], 'mann-w712')).toBe(
      '/catalog/filters/oil-filters/product_mann-w712',
    );
    expect(productUrlFromCategories([], 'x')).toBe('/catalog/product_x');
  });

  it('formats dates in ru-RU without shifting calendar dates', () => {
    expect(formatDate('1990-3-5')).toBe('05.03.1990');
    expect(formatDate('2024-03-05', 'long')).toBe('5 марта 2024 г.');
    expect(formatDateTime('2024-03-05T21:30:00Z')).toBe('06.03.2024, 00:30');
    expect(formatDate('not a date')).toBe('');
  });

  it('formats the resend countdown', () => {
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('waits', () => {
  it('says how long to wait in Russian, rounded up, in a unit that fits', () => {
    expect(
      [0, 1, 2, 5, 21, 59.2, 60, 61, 130, 1260, 3599, 3600, 5400, 7201, 10_800, 30_000, 86_400, 500_000].map(
        formatWait,
      ),
    ).toEqual([
      '1 секунду',
      '1 секунду',
      '2 секунды',
      '5 секунд',
      '21 секунду',
      '1 минуту',
      '1 минуту',
      '2 минуты',
      '3 минуты',
      '21 минуту',
      '1 час',
      '1 час',
      '1 час 30 минут',
      '2 часа 1 минуту',
      '3 часа',
      '9 часов',
      '24 часа',
      '6 дней',
    ]);
  });

  it('puts the wait into the generic 429 text', () => {
    expect(throttledMessage(720)).toBe('Слишком много запросов. Повторите попытку через 12 минут.');
  });
});

describe('catalogLink', () => {
  it('carries the default listing query and the vehicle when one is chosen (SPEC §2)', () => {
    expect(catalogLink(['filtry', 'maslyanye-filtry'])).toBe(
      '/catalog/filtry/maslyanye-filtry?page=1&order=byPopularDown',
    );
    expect(catalogLink(['filtry'], 17)).toBe('/catalog/filtry?page=1&order=byPopularDown&transport_id=17');
    expect(catalogLink([], null)).toBe('/catalog?page=1&order=byPopularDown');
  });
});
