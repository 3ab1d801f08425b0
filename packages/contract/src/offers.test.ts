import { describe, expect, it } from 'vitest';
import {
  cartAddItemRequest,
  daysRu,
  expectedDate,
  formatDayMonth,
  onOrderExpectedLabel,
  onOrderLabel,
  onOrderTitle,
} from './index';

describe('offers', () => {
  it('says the days in Russian plural', () => {
    expect(daysRu(1)).toBe('1 день');
    expect(daysRu(2)).toBe('2 дня');
    expect(daysRu(4)).toBe('4 дня');
    expect(daysRu(5)).toBe('5 дней');
    expect(daysRu(11)).toBe('11 дней');
    expect(daysRu(14)).toBe('14 дней');
    expect(daysRu(21)).toBe('21 день');
    expect(daysRu(22)).toBe('22 дня');
    expect(daysRu(111)).toBe('111 дней');
  });

  it('labels an offer as a card and as the product page say it', () => {
    expect(onOrderLabel(3)).toBe('под заказ, 3 дня');
    expect(onOrderTitle(3)).toBe('Под заказ, 3 дня');
    expect(onOrderTitle(1)).toBe('Под заказ, 1 день');
    expect(onOrderLabel(0)).toBe('под заказ, сегодня');
  });

  it('counts the expected day on the calendar of the shop (Moscow)', () => {
    // 22:30 UTC on 26 November is already 27 November in Moscow.
    expect(expectedDate(3, new Date('2026-11-26T22:30:00Z'))).toBe('2026-11-30');
    expect(expectedDate(3, new Date('2026-11-26T10:00:00Z'))).toBe('2026-11-29');
    expect(expectedDate(5, new Date('2026-12-30T10:00:00Z'))).toBe('2027-01-04');
    expect(expectedDate(0, new Date('2026-02-28T10:00:00Z'))).toBe('2026-02-28');
  });

  it('writes the expected date with the month in the genitive', () => {
    expect(formatDayMonth('2026-11-30')).toBe('30 ноября');
    expect(formatDayMonth('2027-01-04')).toBe('4 января');
    expect(formatDayMonth('2026-05-01')).toBe('1 мая');
    expect(formatDayMonth('junk')).toBe('');
    expect(onOrderExpectedLabel('2026-11-30')).toBe('под заказ, ожидается 30 ноября');
  });

  it('takes an optional supplier on a cart line and refuses a bad one in Russian', () => {
    expect(cartAddItemRequest.parse({ product: 'a', quantity: 1 }).supplier_id).toBeUndefined();
    expect(cartAddItemRequest.parse({ product: 'a', quantity: 1, supplier_id: 7 }).supplier_id).toBe(7);
    const bad = cartAddItemRequest.safeParse({ product: 'a', quantity: 1, supplier_id: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Укажите поставщика числом.');
  });
});
