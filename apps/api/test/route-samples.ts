import { buildPath, pathParamNames, type ApiRouteDef } from '@podbor/contract';

// Sample requests built from the route table, for the suites that call every route.

/**
 * A value for every path parameter name of the route table: real where a real one reaches further into the
 * handler (a category, a vehicle), unknown where the 404 path is the interesting one.
 */
export const SAMPLE_PARAMS: Record<string, string> = {
  pageSlug: 'dostavka',
  categorySlug: 'perednie-kolodki',
  transportId: '1',
  productSlug: 'no-such-product',
  brandSlug: 'lada',
  modelSlug: 'vesta',
  yearSlug: '2018',
  slug: 'bosch',
  year: '2018',
  type: 'legkovye',
  brand: 'lada',
  model: 'vesta',
  orderId: '1',
  vehicleId: '1',
  method: 'yandex',
  paymentId: '00000000-0000-4000-8000-000000000000',
  number: '999999999',
  // A job nobody ran: the 404 path of the back office's retry.
  jobId: '00000000-0000-4000-8000-000000000000',
  // Back-office ids (callbacks, reviews, customers): an unknown one, the 404 path.
  id: '999999',
};

export function sampleUrl(name: string, def: ApiRouteDef): string {
  const params: Record<string, string> = {};
  for (const param of pathParamNames(def.path)) {
    const value = SAMPLE_PARAMS[param];
    if (value === undefined)
      throw new Error(`route-samples: add a sample value for "${param}" (route ${name})`);
    params[param] = value;
  }
  return buildPath(def.path, params);
}
