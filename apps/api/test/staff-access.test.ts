import { API_ROUTES, MESSAGES, STAFF_MESSAGES, STAFF_ROLES, type ApiRouteDef } from '@podbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../src/lib/sessions';
import { createTestContext, json, type TestContext } from './helpers';
import { sampleUrl } from './route-samples';
import { user, visitor } from './shop-helpers';

// Issue #14: every back-office route of the route table, called by each kind of caller. Driven by the table, so a
// new staff route is checked the moment it is added: nobody without a back-office session gets past 401/403, and
// each staff role reaches exactly the routes its `staffRoles` allow (the answer past the check is whatever the
// sample request earns — 400, 404 … — never 401 or 403).

const STAFF_ROUTES = (Object.entries(API_ROUTES) as [string, ApiRouteDef][]).filter(
  ([, def]) => def.auth === 'staff',
);

let ctx: TestContext;
const callers: Record<string, string | undefined> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  callers.anonymous = undefined;
  callers.visitor = (await visitor(ctx)).authorization;
  callers.customer = (await user(ctx, 'customer')).authorization;
  callers.manager = (await user(ctx, 'manager')).authorization;
  callers.admin = (await user(ctx, 'admin')).authorization;
  // An admin's storefront session: the right role, but opened without the authenticator code.
  const admin = await user(ctx, 'admin');
  const storefront = await startSession(ctx.handle.db, ctx.config.jwtSecret, {
    id: admin.userId,
    role: 'admin',
  });
  callers.adminWithoutSecondFactor = `Bearer ${storefront.access}`;
});
afterAll(() => ctx?.close());

const call = (name: string, def: ApiRouteDef, authorization: string | undefined) =>
  ctx.app.inject({
    method: def.method,
    url: sampleUrl(name, def),
    headers: authorization ? { authorization } : {},
    ...(def.method === 'GET' ? {} : { payload: {} }),
  });

describe('staff routes by caller', () => {
  it('the table has staff routes, and admin-only ones', () => {
    expect(STAFF_ROUTES.length).toBeGreaterThan(0);
    expect(STAFF_ROUTES.some(([, def]) => def.staffRoles && !def.staffRoles.includes('manager'))).toBe(true);
  });

  it.each(STAFF_ROUTES)(
    '%s: 401 for nobody and a visitor, 403 for a customer and a session without the code',
    async (name, def) => {
      for (const who of ['anonymous', 'visitor']) {
        const res = await call(name, def, callers[who]);
        expect(res.statusCode, who).toBe(401);
        expect(json(res), who).toEqual({ errors: { detail: MESSAGES.unauthenticated } });
      }
      const customer = await call(name, def, callers.customer);
      expect(customer.statusCode).toBe(403);
      expect(json(customer)).toEqual({ errors: { detail: MESSAGES.forbidden } });
      const noCode = await call(name, def, callers.adminWithoutSecondFactor);
      expect(noCode.statusCode).toBe(403);
      expect(json(noCode)).toEqual({ errors: { detail: STAFF_MESSAGES.secondFactorRequired } });
    },
  );

  it.each(STAFF_ROUTES)('%s: each staff role gets in exactly when the route allows it', async (name, def) => {
    for (const role of STAFF_ROLES) {
      const res = await call(name, def, callers[role]);
      const allowed = (def.staffRoles ?? STAFF_ROLES).includes(role);
      if (allowed) expect([401, 403], `${role}: ${res.body}`).not.toContain(res.statusCode);
      else {
        expect(res.statusCode, role).toBe(403);
        expect(json(res)).toEqual({ errors: { detail: MESSAGES.forbidden } });
      }
    }
  });
});
