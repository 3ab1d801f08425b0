import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminBranch,
  adminBranchesResponse,
  API_ROUTES,
  BRANCH_MESSAGES,
  buildPath,
  MESSAGES,
} from '@podbor/contract';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { rows, user } from '../../../test/shop-helpers';

// Issue #14's branches: staff read every branch with its warehouses; an administrator moves a branch on the map
// or changes its hours, the storefront's branch list shows it, and the audit log keeps before → after.

let ctx: TestContext;
let admin: { authorization: string; userId: number };
let manager: { authorization: string; userId: number };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await user(ctx, 'admin');
  manager = await user(ctx, 'manager');
});
afterAll(() => ctx?.close());

const list = (authorization: string) =>
  ctx.app.inject({ method: 'GET', url: API_ROUTES.adminBranches.path, headers: { authorization } });
const patch = (id: number, payload: Record<string, unknown>, authorization = admin.authorization) =>
  ctx.app.inject({
    method: 'PATCH',
    url: buildPath(API_ROUTES.adminBranchUpdate.path, { id: String(id) }),
    headers: { authorization },
    payload,
  });

describe('back-office branches', () => {
  it('lists every branch with its city and warehouses, for any staff member', async () => {
    const res = await list(manager.authorization);
    expect(res.statusCode, res.body).toBe(200);
    const branches = adminBranchesResponse.parse(json(res));
    expect(branches.length).toBeGreaterThan(0);
    expect(branches[0]).toMatchObject({ city: { title: expect.any(String) }, is_active: true });
    expect(branches.some((b) => b.warehouses.length > 0)).toBe(true);
  });

  it('an admin moves a branch on the map and changes its hours: the storefront shows it, the log keeps before → after', async () => {
    const [branch] = adminBranchesResponse.parse(json(await list(admin.authorization)));
    const res = await patch(branch!.id, {
      latitude: '55.7512345678',
      longitude: 37.6184,
      work_time: 'Ежедневно 8–22',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = adminBranch.parse(json(res));
    expect(saved).toMatchObject({ latitude: 55.751235, longitude: 37.6184, work_time: 'Ежедневно 8–22' });

    const shop = json<{ branches: { id: number; latitude: unknown; work_time?: string }[] }[]>(
      await ctx.app.inject({ method: 'GET', url: API_ROUTES.branches.path }),
    );
    const shown = shop.flatMap((c) => c.branches).find((b) => b.id === branch!.id);
    expect(Number(shown?.latitude)).toBeCloseTo(55.751235, 6);
    expect(shown?.work_time).toBe('Ежедневно 8–22');

    const [entry] = await rows<{ user_id: number; data: Record<string, { from: unknown; to: unknown }> }>(
      ctx,
      sql`select user_id, data from audit_log where action = 'branch.update' and entity_id = ${String(branch!.id)}
          order by id desc limit 1`,
    );
    expect(entry?.user_id).toBe(admin.userId);
    expect(entry?.data.work_time).toEqual({ from: branch!.work_time, to: 'Ежедневно 8–22' });
    expect(entry?.data.latitude).toEqual({ from: branch!.latitude, to: 55.751235 });
  });

  it('a switched-off branch leaves the storefront', async () => {
    const branches = adminBranchesResponse.parse(json(await list(admin.authorization)));
    const last = branches.at(-1)!;
    expect((await patch(last.id, { is_active: false })).statusCode).toBe(200);
    const shop = json<{ branches: { id: number }[] }[]>(
      await ctx.app.inject({ method: 'GET', url: API_ROUTES.branches.path }),
    );
    expect(shop.flatMap((c) => c.branches).some((b) => b.id === last.id)).toBe(false);
    expect((await patch(last.id, { is_active: true })).statusCode).toBe(200);
  });

  it('refuses bad coordinates and an empty address in Russian, 404 for an unknown branch, 403 for a manager', async () => {
    const [branch] = adminBranchesResponse.parse(json(await list(admin.authorization)));
    const bad = await patch(branch!.id, { latitude: 91, longitude: 'восток', street: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({
      errors: {
        latitude: [BRANCH_MESSAGES.latitude],
        longitude: [BRANCH_MESSAGES.longitude],
        street: [MESSAGES.required],
      },
    });
    expect((await patch(999_999, { title: 'Нет такого' })).statusCode).toBe(404);
    expect((await patch(branch!.id, { title: 'Склад' }, manager.authorization)).statusCode).toBe(403);
  });
});
