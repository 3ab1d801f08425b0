import { CATEGORY_TREE, PROPERTIES, type CategoryData } from './demo/catalog';
import { REGIONS } from './demo/geo';
import { MANUFACTURERS } from './demo/manufacturers';
import {
  BRANDS,
  PLATFORM_RIMS,
  PLATFORM_WEIGHT,
  VEHICLE_TYPES,
  parseEngine,
  type EngineData,
  type VehicleTypeSlug,
} from './demo/vehicles';
import type { ImageKind } from './media';
import { slugify } from './text';

/** Hand-written reference data laid out with fixed ids, so bulk rows can point at them without lookups. */

export interface FlatCategory {
  id: number;
  parentId: number | null;
  data: CategoryData;
  depth: number;
  path: string[];
  kind: ImageKind;
  /** Properties offered as filters: a leaf's own, a parent's the union of its children's. */
  props: string[];
}

export function flattenCategories(): FlatCategory[] {
  const out: FlatCategory[] = [];
  const walk = (nodes: CategoryData[], parent: FlatCategory | null) => {
    for (const data of nodes) {
      const node: FlatCategory = {
        id: out.length + 1,
        parentId: parent?.id ?? null,
        data,
        depth: parent ? parent.depth + 1 : 0,
        path: [...(parent?.path ?? []), data.slug],
        kind: data.kind,
        props: [...(data.props ?? [])],
      };
      out.push(node);
      if (data.children) walk(data.children, node);
    }
  };
  walk(CATEGORY_TREE, null);
  // Children come after their parent in `out`, so walking backwards completes each parent's union before it is used.
  for (let i = out.length - 1; i >= 0; i--) {
    const node = out[i]!;
    if (node.parentId === null) continue;
    const parent = out[node.parentId - 1]!;
    for (const p of node.props) if (!parent.props.includes(p)) parent.props.push(p);
  }
  return out;
}

export interface PropertyIndex {
  /** property slug → id and type */
  bySlug: Map<string, { id: number; type: 'CHECKBOX' | 'RANGE' | 'RADIO' }>;
  /** `${propertySlug}\u0000${value}` → property_values.id */
  valueId: Map<string, number>;
  rows: { properties: unknown[][]; values: unknown[][] };
}

export function indexProperties(): PropertyIndex {
  const bySlug = new Map<string, { id: number; type: 'CHECKBOX' | 'RANGE' | 'RADIO' }>();
  const valueId = new Map<string, number>();
  const properties: unknown[][] = [];
  const values: unknown[][] = [];
  PROPERTIES.forEach((p, i) => {
    const id = i + 1;
    bySlug.set(p.slug, { id, type: p.type });
    properties.push([id, p.slug, p.title, p.type, p.unit ?? '']);
    (p.values ?? []).forEach((v, sort) => {
      const [value, title] = typeof v === 'string' ? [v, v] : v;
      const vid = values.length + 1;
      valueId.set(`${p.slug}\u0000${value}`, vid);
      values.push([vid, id, value, title, sort]);
    });
  });
  return { bySlug, valueId, rows: { properties, values } };
}

export interface TransportRef {
  id: number;
  typeSlug: VehicleTypeSlug;
  platform: string;
  /** 'Kia Rio IV', for descriptions. */
  label: string;
  years: [number, number];
}

/** A run of transports in a platform's pool belonging to one model generation (floor mats fit exactly one). */
export interface GenerationRun {
  start: number;
  length: number;
  label: string;
}

export interface Platform {
  index: number;
  slug: string;
  typeSlug: VehicleTypeSlug;
  weight: number;
  rims: [number, number];
  transports: TransportRef[];
  generations: GenerationRun[];
}

export interface VehicleData {
  rows: {
    types: unknown[][];
    brands: unknown[][];
    models: unknown[][];
    engines: unknown[][];
    transports: unknown[][];
    years: unknown[][];
  };
  platforms: Platform[];
  typeIds: Map<VehicleTypeSlug, number>;
}

export function buildVehicles(): VehicleData {
  const typeIds = new Map<VehicleTypeSlug, number>();
  const types = VEHICLE_TYPES.map((t, i) => {
    typeIds.set(t.slug, i + 1);
    return [i + 1, t.slug, t.title, i];
  });
  const brands: unknown[][] = [];
  const models: unknown[][] = [];
  const engines: unknown[][] = [];
  const engineIds = new Map<string, number>();
  const transports: unknown[][] = [];
  const years: unknown[][] = [];
  const platforms = new Map<string, Platform>();

  for (const brand of BRANDS) {
    const brandId = brands.length + 1;
    brands.push([brandId, brand.slug, brand.title]);
    for (const model of brand.models) {
      const modelId = models.length + 1;
      models.push([modelId, brandId, typeIds.get(model.type), slugify(model.title), model.title]);
      let platform = platforms.get(model.platform);
      if (!platform) {
        platform = {
          index: platforms.size + 1,
          slug: model.platform,
          typeSlug: model.type,
          weight: PLATFORM_WEIGHT[model.platform] ?? 1,
          rims: PLATFORM_RIMS[model.platform] ?? [15, 17],
          transports: [],
          generations: [],
        };
        platforms.set(model.platform, platform);
      }
      for (const [generation, from, to, engineSpecs] of model.gens) {
        const label = `${brand.title} ${model.title} ${generation}`;
        const run: GenerationRun = {
          start: platform.transports.length,
          length: 0,
          label: `${label} (${from}–${to})`,
        };
        for (const spec of engineSpecs) {
          const engine: EngineData = parseEngine(spec);
          let engineId = engineIds.get(engine.slug);
          if (engineId === undefined) {
            engineId = engines.length + 1;
            engineIds.set(engine.slug, engineId);
            engines.push([engineId, engine.slug, engine.title, engine.fuel, engine.volumeL, engine.powerHp]);
          }
          const id = transports.length + 1;
          transports.push([id, modelId, engineId, generation, from, to]);
          for (let y = from; y <= to; y++) years.push([id, y]);
          platform.transports.push({
            id,
            typeSlug: model.type,
            platform: model.platform,
            label,
            years: [from, to],
          });
          run.length++;
        }
        platform.generations.push(run);
      }
    }
  }
  return {
    rows: { types, brands, models, engines, transports, years },
    platforms: [...platforms.values()],
    typeIds,
  };
}

export interface GeoData {
  rows: { regions: unknown[][]; cities: unknown[][]; branches: unknown[][]; warehouses: unknown[][] };
  cityIds: Map<string, number>;
  warehouseIds: number[];
}

export function buildGeo(mailDomain: string): GeoData {
  const regions: unknown[][] = [];
  const cities: unknown[][] = [];
  const branches: unknown[][] = [];
  const warehouses: unknown[][] = [];
  const cityIds = new Map<string, number>();
  REGIONS.forEach((region, ri) => {
    const regionId = ri + 1;
    regions.push([regionId, region.slug, region.title, ri]);
    region.cities.forEach((city, ci) => {
      const cityId = cities.length + 1;
      cityIds.set(city.slug, cityId);
      cities.push([cityId, regionId, city.slug, city.title, city.lat.toFixed(6), city.lon.toFixed(6), ci]);
      city.branches.forEach((b, bi) => {
        const branchId = branches.length + 1;
        branches.push([
          branchId,
          cityId,
          `${city.code}-${String(bi + 1).padStart(2, '0')}`,
          b.title,
          b.street,
          b.phone,
          `${b.mailbox}@${mailDomain}`,
          b.description,
          b.hours,
          b.lat.toFixed(6),
          b.lon.toFixed(6),
          bi,
        ]);
        warehouses.push([branchId, branchId, b.title, `${city.title}, ${b.street}`]);
      });
    });
  });
  return {
    rows: { regions, cities, branches, warehouses },
    cityIds,
    warehouseIds: warehouses.map((w) => w[0] as number),
  };
}

export function buildManufacturers() {
  const ids = new Map<string, number>();
  const rows = MANUFACTURERS.map((m, i) => {
    ids.set(m.slug, i + 1);
    return [i + 1, m.slug, m.title, m.description, m.country];
  });
  return { rows, ids };
}
