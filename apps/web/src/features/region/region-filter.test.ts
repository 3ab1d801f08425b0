import type { BranchOffice, BranchRegion } from '@podbor/contract';
import { describe, expect, it } from 'vitest';
import { filterRegions, findBranch, groupRegions, toLatLng } from './region-filter';

function office(
  id: number,
  city: { title: string; slug: string },
  lat: number | string = 55.7,
  lng: number | string = 37.6,
): BranchOffice {
  return {
    id,
    terminal_code: `T${id}`,
    latitude: lat,
    longitude: lng,
    street: `ул. Тестовая, ${id}`,
    phone_number: '',
    description: '',
    email: '',
    title: `Филиал ${id}`,
    city,
  };
}

const moskva = { title: 'Москва', slug: 'moskva' };
const khimki = { title: 'Химки', slug: 'khimki' };
const kazan = { title: 'Казань', slug: 'kazan' };
const regions: BranchRegion[] = [
  {
    title: 'Москва и Московская область',
    slug: 'msk',
    cities: [moskva, khimki],
    branches: [office(1, moskva), office(2, khimki), office(3, moskva)],
  },
  {
    title: 'Республика Татарстан',
    slug: 'tat',
    cities: [kazan],
    branches: [office(4, kazan, '55.79', '49.12')],
  },
];

describe('groupRegions', () => {
  it('nests branches under their cities in API order', () => {
    const groups = groupRegions(regions);
    expect(groups.map((r) => r.cities.map((c) => [c.slug, c.branches.map((b) => b.id)]))).toEqual([
      [
        ['moskva', [1, 3]],
        ['khimki', [2]],
      ],
      [['kazan', [4]]],
    ]);
  });
});

describe('filterRegions', () => {
  const groups = groupRegions(regions);

  it('matches city titles case-insensitively by substring', () => {
    expect(filterRegions(groups, 'ХИМ').flatMap((r) => r.cities.map((c) => c.slug))).toEqual(['khimki']);
    expect(filterRegions(groups, '  казань ').flatMap((r) => r.cities.map((c) => c.slug))).toEqual(['kazan']);
  });

  it('keeps a whole region when its title matches and drops regions left empty', () => {
    expect(filterRegions(groups, 'татарстан').map((r) => r.slug)).toEqual(['tat']);
    expect(filterRegions(groups, 'московская')[0]?.cities).toHaveLength(2);
    expect(filterRegions(groups, 'владивосток')).toEqual([]);
  });

  it('returns everything for an empty query', () => {
    expect(filterRegions(groups, '')).toHaveLength(2);
  });

  it('takes the names people use: Питер, СПб, Екб, and ignores ё and hyphens', () => {
    const spb = { title: 'Санкт-Петербург', slug: 'sankt-peterburg' };
    const ekb = { title: 'Екатеринбург', slug: 'ekaterinburg' };
    const orel = { title: 'Орёл', slug: 'orel' };
    const more = groupRegions([
      { title: 'Северо-Запад', slug: 'szfo', cities: [spb], branches: [office(7, spb)] },
      { title: 'Урал', slug: 'ural', cities: [ekb], branches: [office(8, ekb)] },
      { title: 'Центр', slug: 'center', cities: [orel], branches: [office(9, orel)] },
    ]);
    const slugs = (q: string) => filterRegions(more, q).flatMap((r) => r.cities.map((c) => c.slug));
    expect(slugs('Питер')).toEqual(['sankt-peterburg']);
    expect(slugs('СПб')).toEqual(['sankt-peterburg']);
    expect(slugs('санкт петербург')).toEqual(['sankt-peterburg']);
    expect(slugs('Екб')).toEqual(['ekaterinburg']);
    expect(slugs('орел')).toEqual(['orel']);
    expect(slugs('пи')).toEqual([]);
  });
});

describe('findBranch and toLatLng', () => {
  it('finds a branch with its city', () => {
    const found = findBranch(groupRegions(regions), 2);
    expect(found?.city.slug).toBe('khimki');
    expect(findBranch(groupRegions(regions), 99)).toBeNull();
    expect(findBranch(groupRegions(regions), null)).toBeNull();
  });

  it('reads numeric strings and refuses unusable coordinates', () => {
    expect(toLatLng({ latitude: '55.79', longitude: '49.12' })).toEqual([55.79, 49.12]);
    expect(toLatLng({ latitude: 'abc', longitude: 1 })).toBeNull();
    expect(toLatLng({ latitude: 0, longitude: 0 })).toBeNull();
    expect(toLatLng({ latitude: 95, longitude: 10 })).toBeNull();
  });
});
