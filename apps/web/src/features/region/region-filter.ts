import type { BranchOffice, BranchRegion } from '@podbor/contract';

export interface CityGroup {
  slug: string;
  title: string;
  branches: BranchOffice[];
}

export interface RegionGroup {
  slug: string;
  title: string;
  cities: CityGroup[];
}

/** Regions → cities → branches, in the API's order (a branch without its city falls under the region). */
export function groupRegions(regions: readonly BranchRegion[]): RegionGroup[] {
  return regions.map((region) => {
    const cities = new Map<string, CityGroup>();
    for (const c of region.cities) cities.set(c.slug, { slug: c.slug, title: c.title, branches: [] });
    for (const branch of region.branches) {
      const slug = branch.city?.slug ?? region.slug;
      let city = cities.get(slug);
      if (!city) cities.set(slug, (city = { slug, title: branch.city?.title ?? region.title, branches: [] }));
      city.branches.push(branch);
    }
    return {
      slug: region.slug,
      title: region.title,
      cities: [...cities.values()].filter((c) => c.branches.length > 0),
    };
  });
}

/**
 * What people type for a city instead of its title (normalised as `normalise` does). Each maps to the title it
 * means; a city matches when its title contains the query or the query is (the start of) one of its names.
 */
const CITY_ALIASES: Record<string, string> = {
  питер: 'санкт петербург',
  спб: 'санкт петербург',
  санкт: 'санкт петербург',
  ленинград: 'санкт петербург',
  петербург: 'санкт петербург',
  мск: 'москва',
  екб: 'екатеринбург',
  ебург: 'екатеринбург',
  екат: 'екатеринбург',
  свердловск: 'екатеринбург',
  нн: 'нижний новгород',
  нижний: 'нижний новгород',
  горький: 'нижний новгород',
  кзн: 'казань',
  крд: 'краснодар',
  члб: 'челябинск',
  челяба: 'челябинск',
  ростов: 'ростов на дону',
  рнд: 'ростов на дону',
  куйбышев: 'самара',
};

/** Case, ё/е, hyphens, dots and repeated spaces do not matter: «Санкт-Петербург» = «санкт петербург». */
function normalise(text: string): string {
  return text
    .toLocaleLowerCase('ru')
    .replace(/ё/g, 'е')
    .replace(/[\s.\-–—]+/g, ' ')
    .trim();
}

/** Titles a query names through a common short name ('Питер', 'СПб', 'Екб'). */
function aliasTargets(q: string): string[] {
  if (q.length < 2) return [];
  return Object.entries(CITY_ALIASES)
    .filter(([alias]) => alias === q || (q.length >= 3 && alias.startsWith(q)))
    .map(([, title]) => title);
}

/**
 * SPEC §5: case-insensitive substring match on titles, plus common city names. A city matches by its own title
 * or its region's; a matching region keeps all its cities. Regions left without cities disappear.
 */
export function filterRegions(groups: readonly RegionGroup[], query: string): RegionGroup[] {
  const q = normalise(query);
  if (!q) return [...groups];
  const targets = aliasTargets(q);
  const has = (text: string) => normalise(text).includes(q);
  const named = (title: string) => has(title) || targets.includes(normalise(title));
  return groups
    .map((region) =>
      has(region.title) ? region : { ...region, cities: region.cities.filter((city) => named(city.title)) },
    )
    .filter((region) => region.cities.length > 0);
}

export function findBranch(
  groups: readonly RegionGroup[],
  id: number | null,
): { city: CityGroup; branch: BranchOffice } | null {
  if (id === null) return null;
  for (const region of groups) {
    for (const city of region.cities) {
      const branch = city.branches.find((b) => b.id === id);
      if (branch) return { city, branch };
    }
  }
  return null;
}

export function findCity(groups: readonly RegionGroup[], slug: string | null): CityGroup | null {
  if (!slug) return null;
  for (const region of groups) for (const city of region.cities) if (city.slug === slug) return city;
  return null;
}

/** Coordinates arrive as numbers or numeric strings; anything unusable is null (no marker then). */
export function toLatLng(branch: Pick<BranchOffice, 'latitude' | 'longitude'>): [number, number] | null {
  const lat = Number(branch.latitude);
  const lng = Number(branch.longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  if (lat === 0 && lng === 0) return null;
  return [lat, lng];
}
