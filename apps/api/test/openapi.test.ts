import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('OpenAPI', () => {
  it('publishes the document with the implemented calls and their schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as { openapi: string; paths: Record<string, Record<string, { responses: object }>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/v1/showcase/', '/api/v1/pages/menu/', '/api/v1/pages/{pageSlug}/', '/api/v1/branches/', '/api/v1/branches/regions/']) {
      expect(doc.paths[path]?.get?.responses, path).toHaveProperty('200');
    }
    expect(doc.paths['/api/v1/user/token/unauthorized_user/']?.post).toBeDefined();
  });

  it('serves the interactive documentation page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
