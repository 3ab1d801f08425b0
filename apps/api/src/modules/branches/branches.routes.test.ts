import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchesResponse, regionsResponse } from '@podbor/contract';
import { createTestContext, json, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('branches', () => {
  it('lists cities with their branches in the wire shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/branches/' });
    expect(res.statusCode).toBe(200);
    const cities = branchesResponse.parse(json(res));
    expect(cities.length).toBeGreaterThanOrEqual(8);
    for (const city of cities) {
      expect(city.branches.length).toBeGreaterThanOrEqual(2);
      expect(city.branches.length).toBeLessThanOrEqual(5);
      for (const b of city.branches) {
        expect(Number.isInteger(b.id)).toBe(true);
        // Real coordinates inside Russia, as numbers or numeric strings.
        expect(Number(b.latitude)).toBeGreaterThan(41);
        expect(Number(b.latitude)).toBeLessThan(70);
        expect(Number(b.longitude)).toBeGreaterThan(19);
        expect(Number(b.longitude)).toBeLessThan(180);
        expect(b.street.length).toBeGreaterThan(3);
        for (const key of ['terminal_code', 'phone_number', 'description', 'email', 'title'])
          expect(b).toHaveProperty(key);
      }
    }
    expect(new Set(cities.map((c) => c.slug)).size).toBe(cities.length);
  });

  it('groups the same branches by region with the region cities', async () => {
    const cities = branchesResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: '/api/v1/branches/' })),
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/branches/regions/' });
    expect(res.statusCode).toBe(200);
    const regions = regionsResponse.parse(json(res));
    expect(regions.length).toBeGreaterThanOrEqual(3);
    const branchIds = regions.flatMap((r) => r.branches.map((b) => b.id)).sort((a, b) => a - b);
    expect(branchIds).toEqual(cities.flatMap((c) => c.branches.map((b) => b.id)).sort((a, b) => a - b));
    expect(regions.flatMap((r) => r.cities.map((c) => c.slug)).sort()).toEqual(
      cities.map((c) => c.slug).sort(),
    );
  });
});
