import { describe, expect, it } from 'vitest';
import { searchPageHref } from './search-href';
import { searchDelay, searchSections, searchTerm } from './search-options';

describe('header search', () => {
  it('sends the trimmed value only from 3 characters on', () => {
    expect(searchTerm('   ')).toEqual({ term: '', state: 'empty' });
    expect(searchTerm(' ко ')).toEqual({ term: 'ко', state: 'short' });
    expect(searchTerm('  кол  ')).toEqual({ term: 'кол', state: 'ready' });
  });

  it('sends a lamp base of two characters, which is how lamps are asked for', () => {
    expect(searchTerm('H7')).toEqual({ term: 'H7', state: 'ready' });
    expect(searchTerm(' h4 ')).toEqual({ term: 'h4', state: 'ready' });
    expect(searchDelay('H7')).toBe(500);
  });

  it('leads Enter to the results page of the trimmed query', () => {
    expect(searchPageHref(' масло 5w30 ')).toBe('/search?q=%D0%BC%D0%B0%D1%81%D0%BB%D0%BE%205w30');
    expect(searchPageHref('205/55 R16')).toBe('/search?q=205%2F55%20R16');
  });

  it('waits 500 ms after typing, 1 ms while the value is too short', () => {
    expect(searchDelay('колодки')).toBe(500);
    expect(searchDelay('ко')).toBe(1);
  });

  it('builds the three sections with the addresses SPEC §2 gives them, skipping empty ones', () => {
    const sections = searchSections(
      {
        transport: [{ id: 22, label: 'Lada Vesta 2015–2022 1.6 (106 л.с.)' }],
        categories: [
          {
            title: 'Задние колодки',
            slug: 'zadnie',
            image: null,
            categories: ['tormoza', 'kolodki', 'zadnie'],
          },
        ],
        products: [
          {
            title: 'Колодки Bosch',
            slug: 'bosch-0-986',
            image: '/media/p.webp',
            price: 1140,
            is_service: false,
            categories: [['tormoza', 'kolodki', 'perednie'], ['other']],
            vendor_code: '0 986',
          },
        ],
      },
      'q',
    );
    expect(sections.map((s) => s.title)).toEqual(['Транспорт', 'Категории', 'Товары']);
    expect(sections[0]!.options[0]).toMatchObject({ href: '/?transport_id=22', transportId: 22, id: 'q-t0' });
    expect(sections[1]!.options[0]!.href).toBe('/catalog/tormoza/kolodki/zadnie');
    expect(sections[2]!.options[0]).toMatchObject({
      href: '/catalog/tormoza/kolodki/perednie/product_bosch-0-986',
      price: 'Цена: 1\u00a0140\u00a0₽',
    });

    expect(searchSections({ transport: [], categories: [], products: [] }, 'q')).toEqual([]);
  });
});

describe('the vehicle read from the search text (issue #17)', () => {
  const answer = {
    transport: [{ id: 7, label: 'Toyota Camry 2017–2021 2.5 (181 л.с.)' }],
    categories: [],
    products: [],
    vehicle: {
      brand: 'Toyota',
      model: 'Camry',
      year: 2018,
      label: 'Toyota Camry 2018',
      step: 'year' as const,
      query: 'колодки',
      transports: [
        { id: 7, label: 'Toyota Camry 2017–2021 2.5 (181 л.с.)' },
        { id: 8, label: 'Toyota Camry 2017–2021 2.0 (150 л.с.)' },
      ],
    },
  };

  it('offers the vehicles of the text in place of the plain vehicle list, each leading to its results', () => {
    const sections = searchSections(answer, 'x');
    expect(sections.map((s) => s.kind)).toEqual(['vehicle']);
    expect(sections[0]!.title).toBe('Показать для Toyota Camry 2018?');
    expect(sections[0]!.options.map((o) => [o.transportId, o.href])).toEqual([
      [7, '/search?q=%D0%BA%D0%BE%D0%BB%D0%BE%D0%B4%D0%BA%D0%B8&transport_id=7'],
      [8, '/search?q=%D0%BA%D0%BE%D0%BB%D0%BE%D0%B4%D0%BA%D0%B8&transport_id=8'],
    ]);
  });

  it('keeps the plain vehicle list when the text is nothing but the vehicle', () => {
    const sections = searchSections({ ...answer, vehicle: { ...answer.vehicle, query: '' } }, 'x');
    expect(sections.map((s) => s.kind)).toEqual(['transport']);
  });
});
