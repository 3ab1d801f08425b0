import { API_ROUTES, type ApiRouteDef } from '@podbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Doc = { openapi: string; paths: Record<string, Record<string, { responses: object }> | undefined> };
const entries = Object.entries(API_ROUTES) as [string, ApiRouteDef][];

describe('OpenAPI', () => {
  let doc: Doc;
  beforeAll(async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = JSON.parse(res.body) as Doc;
  });

  it('publishes the document with every call of the route table and its success answer', () => {
    expect(doc.openapi).toMatch(/^3\./);
    for (const [name, def] of entries.filter(([, d]) => !d.internal)) {
      const operation = doc.paths[def.path]?.[def.method.toLowerCase()];
      expect(operation?.responses, name).toHaveProperty(String(def.successStatus ?? 200));
    }
  });

  it('leaves the internal calls out', () => {
    for (const [name, def] of entries.filter(([, d]) => d.internal)) {
      expect(doc.paths[def.path]?.[def.method.toLowerCase()], name).toBeUndefined();
    }
  });

  it('serves the interactive documentation page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
