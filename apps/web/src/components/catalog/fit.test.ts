import { describe, expect, it } from 'vitest';
import { fitLabel, listItemFit, notFittingWarning, shownFit } from './fit';

describe('fit labels (fit everywhere)', () => {
  it('names each fit in the product page words; no vehicle says nothing', () => {
    expect(fitLabel('fits')).toBe('Подходит к вашему автомобилю');
    expect(fitLabel('no')).toBe('Не подходит к вашему автомобилю');
    expect(fitLabel('universal')).toBe('Универсальный: подходит для любого автомобиля');
    expect(fitLabel('fits', 'short')).toBe('Подходит');
    expect(fitLabel('no', 'short')).toBe('Не подходит');
    expect(fitLabel('universal', 'short')).toBe('Универсальный');
    expect(fitLabel('unknown')).toBeNull();
    expect(fitLabel(undefined)).toBeNull();
    expect(shownFit('unknown')).toBeNull();
  });

  it('reads a listing item by its fit, else by is_linked_transport and is_universal', () => {
    expect(listItemFit({ fit: 'no', is_linked_transport: true })).toBe('no');
    expect(listItemFit({ fit: 'unknown' })).toBeNull();
    expect(listItemFit({ is_linked_transport: true, is_universal: true })).toBe('universal');
    expect(listItemFit({ is_linked_transport: true, is_universal: false })).toBe('fits');
    expect(listItemFit({ is_linked_transport: false, is_universal: true })).toBeNull();
    expect(listItemFit({})).toBeNull();
  });

  it('warns about the lines that do not fit, naming the vehicle when known', () => {
    expect(notFittingWarning([], 'Lada Granta')).toBeNull();
    expect(notFittingWarning(['Колодки'], 'Lada Granta 1.6')).toBe(
      'Товар «Колодки» не подходит к вашему автомобилю Lada Granta 1.6.',
    );
    expect(notFittingWarning(['Колодки', 'Диск'], null)).toBe(
      'Товары «Колодки», «Диск» не подходят к вашему автомобилю.',
    );
  });
});
