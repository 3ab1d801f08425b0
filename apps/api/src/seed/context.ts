import { MAIL_DOMAIN } from './demo/geo';
import type { GenContext } from './products';
import { buildGeo, buildManufacturers, buildVehicles, flattenCategories, indexProperties } from './reference';

/**
 * What the product generator needs of the reference data, built the way seedReference builds it (the same ids:
 * every builder is deterministic), without a database: the PostgreSQL seed's generator thread starts from this.
 */
export function generationContext(): GenContext {
  return {
    categories: new Map(flattenCategories().map((c) => [c.data.slug, c])),
    properties: indexProperties(),
    platforms: buildVehicles().platforms,
    warehouseIds: buildGeo(MAIL_DOMAIN).warehouseIds,
    manufacturerIds: buildManufacturers().ids,
    images: new Map(),
  };
}
