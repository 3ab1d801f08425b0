import { describe, expect, it } from 'vitest';
import { brandValue, parseBrandValue, sortBrandGroups, sortEngines, sortYears } from './transport-options';

describe('vehicle selector options', () => {
  it('lists years newest first without duplicates or junk', () => {
    expect(sortYears(['2015', '2024', '1999', '2024', 'abc', '2020'])).toEqual([
      '2024',
      '2020',
      '2015',
      '1999',
    ]);
  });

  it('sorts brands alphabetically inside each vehicle type and keeps the types in order', () => {
    const groups = sortBrandGroups([
      {
        title: 'Легковые',
        slug: 'legkovye',
        brands: [
          { title: 'Toyota', slug: 'toyota' },
          { title: 'BMW', slug: 'bmw' },
          { title: 'Kia', slug: 'kia' },
        ],
      },
      { title: 'Мото', slug: 'moto', brands: [] },
      {
        title: 'Грузовые',
        slug: 'gruzovye',
        brands: [
          { title: 'MAN', slug: 'man' },
          { title: 'DAF', slug: 'daf' },
        ],
      },
    ]);
    expect(groups.map((g) => g.slug)).toEqual(['legkovye', 'gruzovye']);
    expect(groups[0]!.brands.map((b) => b.slug)).toEqual(['bmw', 'kia', 'toyota']);
    expect(groups[1]!.brands.map((b) => b.slug)).toEqual(['daf', 'man']);
  });

  it('orders engines by displacement, numerically', () => {
    const engines = sortEngines([
      { title: '2.0 (150 л.с.)', slug: 'b', transport_id: 2 },
      { title: '1.6 (106 л.с.)', slug: 'a', transport_id: 1 },
      { title: '10.0 (400 л.с.)', slug: 'c', transport_id: 3 },
    ]);
    expect(engines.map((e) => e.transport_id)).toEqual([1, 2, 3]);
  });

  it('round-trips the type and brand of a brand option', () => {
    expect(parseBrandValue(brandValue('legkovye', 'lada'))).toEqual({ type: 'legkovye', brand: 'lada' });
    expect(parseBrandValue('lada')).toBeNull();
    expect(parseBrandValue('a/b/c')).toBeNull();
  });
});
