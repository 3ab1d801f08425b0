import type { RouteOptions } from 'fastify';
import { API_ROUTES, errorBody, toFastifyPath, type ApiRouteDef, type ApiRouteName } from '@podbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

// The contract's API_ROUTES is the API's one route table: every route the app registers must come from an
// entry (lib/route.ts), with the entry's method, path and very schemas. Routes that plugins add for
// themselves (the OpenAPI page, the media files, and the CORS preflight `OPTIONS *` that answers for every path)
// are the only others, and they are named here.
const PLUGIN_ROUTES = [/^\/api\/docs(\/|$)/, /^\/media\//, /^\*$/];

let ctx: TestContext;
const registered: RouteOptions[] = [];
beforeAll(async () => {
  ctx = await createTestContext({ onRoute: (options) => void registered.push(options) });
});
afterAll(() => ctx?.close());

const methodsOf = (options: RouteOptions) =>
  Array.isArray(options.method) ? options.method : [options.method];
const entries = Object.entries(API_ROUTES) as [ApiRouteName, ApiRouteDef][];

describe('route table', () => {
  it('registers no route outside API_ROUTES', () => {
    const outside = registered
      .filter((r) => !PLUGIN_ROUTES.some((re) => re.test(r.url)))
      // Fastify adds a HEAD twin of every GET route by itself.
      .filter(
        (r) =>
          !(
            methodsOf(r).join() === 'HEAD' &&
            registered.some((g) => g.url === r.url && methodsOf(g).includes('GET'))
          ),
      )
      .filter((r) => r.config?.routeName === undefined)
      .map((r) => `${methodsOf(r).join(',')} ${r.url}`);
    expect(outside).toEqual([]);
  });

  it.each(entries)('%s is registered once, with the method, path and schemas of its entry', (name, def) => {
    // Fastify's HEAD twin of a GET route carries the GET's config: it is not a second registration.
    const mine = registered.filter(
      (r) => r.config?.routeName === name && !(def.method === 'GET' && methodsOf(r).join() === 'HEAD'),
    );
    expect(mine).toHaveLength(1);
    const [r] = mine as [RouteOptions];
    expect(methodsOf(r)).toEqual([def.method]);
    expect(r.url).toBe(toFastifyPath(def.path));
    const schema = (r.schema ?? {}) as Record<string, unknown> & { response?: Record<string, unknown> };
    expect(schema.params).toBe(def.params);
    expect(schema.querystring).toBe(def.query);
    expect(schema.body).toBe(def.body);
    expect(schema.headers).toBe(def.headers);
    expect(schema.response?.[def.successStatus ?? 200]).toBe(def.response);
    for (const status of def.errors ?? []) expect(schema.response?.[status]).toBe(errorBody);
    expect(r.config?.auth).toBe(def.auth);
  });
});
