import { describe, expect, it } from 'vitest';
import { PRICE_LIST_MESSAGES as M, PRICE_LIST_PLENTY_QUANTITY } from '@podbor/contract';
import { parseDecimal, readDeliveryDays, readMultiplicity, readPrice, readQuantity } from './values';

const value = <T>(read: { ok: true; value: T } | { ok: false; reason: string }) =>
  read.ok ? read.value : `ошибка: ${read.reason}`;

describe('price-list values', () => {
  it('reads numbers in Russian and English forms', () => {
    expect(parseDecimal('1 234,50')).toBe(1234.5);
    expect(parseDecimal('1\u00a0234,50')).toBe(1234.5);
    expect(parseDecimal('1234.50')).toBe(1234.5);
    expect(parseDecimal('1.234,50')).toBe(1234.5);
    expect(parseDecimal('1,234.50')).toBe(1234.5);
    expect(parseDecimal('1,234,567')).toBe(1234567);
    expect(parseDecimal('1 234 ₽')).toBe(1234);
    expect(parseDecimal('99,9 руб.')).toBe(99.9);
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal('1,2,3')).toBeNull();
    expect(parseDecimal('abc')).toBeNull();
    expect(parseDecimal('12a')).toBeNull();
    expect(parseDecimal('')).toBeNull();
  });

  it('reads prices, and refuses missing, zero, negative and text ones', () => {
    expect(value(readPrice('1 234,555'))).toBe(1234.56);
    expect(value(readPrice(' 320 '))).toBe(320);
    expect(value(readPrice(''))).toBe(`ошибка: ${M.priceMissing}`);
    expect(value(readPrice('0'))).toBe(`ошибка: ${M.priceNotPositive}`);
    expect(value(readPrice('0,001'))).toBe(`ошибка: ${M.priceNotPositive}`);
    expect(value(readPrice('-5'))).toBe(`ошибка: ${M.priceNotPositive}`);
    expect(value(readPrice('по запросу'))).toBe(`ошибка: ${M.priceNotNumber}`);
    expect(value(readPrice('99999999999'))).toBe(`ошибка: ${M.priceTooBig}`);
  });

  it('reads quantities: floors, ranges, stock words, 1C decimals; refuses fractions and text', () => {
    expect(value(readQuantity(''))).toBe(0);
    expect(value(readQuantity('12'))).toBe(12);
    expect(value(readQuantity('>10'))).toBe(10);
    expect(value(readQuantity('> 10'))).toBe(10);
    expect(value(readQuantity('10+'))).toBe(10);
    expect(value(readQuantity('более 50'))).toBe(50);
    expect(value(readQuantity('5-10'))).toBe(5);
    expect(value(readQuantity('4 шт.'))).toBe(4);
    expect(value(readQuantity('5,000'))).toBe(5);
    expect(value(readQuantity('1 200'))).toBe(1200);
    expect(value(readQuantity('Много'))).toBe(PRICE_LIST_PLENTY_QUANTITY);
    expect(value(readQuantity('в наличии'))).toBe(PRICE_LIST_PLENTY_QUANTITY);
    expect(value(readQuantity('+++'))).toBe(PRICE_LIST_PLENTY_QUANTITY);
    expect(value(readQuantity('нет'))).toBe(0);
    expect(value(readQuantity('-'))).toBe(0);
    expect(value(readQuantity('десять'))).toBe(`ошибка: ${M.quantityNotNumber}`);
    expect(value(readQuantity('2,5'))).toBe(`ошибка: ${M.quantityNotWhole}`);
    expect(value(readQuantity('-3'))).toBe(`ошибка: ${M.quantityNegative}`);
  });

  it('reads delivery terms: days, ranges by their far end, weeks, words', () => {
    expect(value(readDeliveryDays(''))).toBeNull();
    expect(value(readDeliveryDays('3'))).toBe(3);
    expect(value(readDeliveryDays('3 дня'))).toBe(3);
    expect(value(readDeliveryDays('5 дн.'))).toBe(5);
    expect(value(readDeliveryDays('1-2'))).toBe(2);
    expect(value(readDeliveryDays('3–5 дней'))).toBe(5);
    expect(value(readDeliveryDays('от 3 до 5 дней'))).toBe(5);
    expect(value(readDeliveryDays('2 нед.'))).toBe(14);
    expect(value(readDeliveryDays('сегодня'))).toBe(0);
    expect(value(readDeliveryDays('завтра'))).toBe(1);
    expect(value(readDeliveryDays('1,5'))).toBe(2);
    expect(value(readDeliveryDays('скоро'))).toBe(`ошибка: ${M.deliveryNotNumber}`);
    expect(value(readDeliveryDays('400'))).toBe(`ошибка: ${M.deliveryTooLong}`);
  });

  it('reads multiplicity; empty is 1, zero and fractions are errors', () => {
    expect(value(readMultiplicity(''))).toBe(1);
    expect(value(readMultiplicity('4'))).toBe(4);
    expect(value(readMultiplicity('2 шт'))).toBe(2);
    expect(value(readMultiplicity('2,000'))).toBe(2);
    expect(value(readMultiplicity('0'))).toBe(`ошибка: ${M.multiplicityInvalid}`);
    expect(value(readMultiplicity('1,5'))).toBe(`ошибка: ${M.multiplicityInvalid}`);
    expect(value(readMultiplicity('пара'))).toBe(`ошибка: ${M.multiplicityInvalid}`);
  });
});
