import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ROUTES,
  MESSAGES,
  STAFF_MESSAGES,
  type AuditListResponse,
  type StaffLoginResponse,
  type StaffMember,
} from '@podbor/contract';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { createUser, GOOD_PASSWORD, nextIp, nextPhone } from '../../../test/auth-helpers';
import { rows } from '../../../test/shop-helpers';
import { recordAudit } from '../../lib/audit';
import { totpCode } from '../../lib/totp';
import { enrolStaff } from './staff.service';

// Issue #14: the back office's sign-in — phone, password and an authenticator app's code (TOTP) — opens the only
// kind of session staff routes accept; `npm run staff` (enrolStaff) makes the accounts; admins read the audit log.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const STEP_MS = 30_000;

async function enrolled(role: 'admin' | 'manager', extra: { branchIds?: number[] } = {}) {
  const phone = nextPhone();
  const result = await enrolStaff(ctx.handle.db, ctx.config.staffTotpKey, {
    phone,
    role,
    password: GOOD_PASSWORD,
    lastName: 'Петрова',
    firstName: 'Анна',
    ...extra,
  });
  return { phone, id: result.id, secret: result.totp!.base32 };
}

const login = (payload: Record<string, unknown>, ip = nextIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: API_ROUTES.staffLogin.path,
    payload,
    remoteAddress: ip,
  });

const me = (authorization?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: API_ROUTES.staffMe.path,
    headers: authorization ? { authorization } : {},
  });

/** A sign-in with the code of `now` (each test uses its own step, as a code is good once). */
async function signIn(who: { phone: string; secret: string }, now = Date.now()) {
  const res = await login({
    phone_number: who.phone,
    password: GOOD_PASSWORD,
    code: totpCode(who.secret, now),
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<StaffLoginResponse>(res);
}

describe('staff sign-in', () => {
  it('phone, password and the authenticator code open a back-office session', async () => {
    const admin = await enrolled('admin');
    const body = await signIn(admin);
    expect(body.staff).toEqual({
      id: admin.id,
      phone_number: admin.phone,
      name: 'Петрова Анна',
      role: 'admin',
      branch_ids: [],
    });
    const who = await me(`Bearer ${body.access}`);
    expect(who.statusCode, who.body).toBe(200);
    expect(json<StaffMember>(who).role).toBe('admin');
    // The back-office session ends sooner than a customer's 30 days (STAFF_SESSION_HOURS).
    const [family] = await rows<{ hours: number; staff: boolean }>(
      ctx,
      sql`select round(extract(epoch from expires_at - created_at) / 3600)::int as hours, staff
            from refresh_token_families where user_id = ${admin.id}`,
    );
    expect(family).toEqual({ hours: 12, staff: true });
    // The sign-in itself is in the audit log, with the address it came from.
    const entries = await rows<{ action: string; entity_id: string; ip: string }>(
      ctx,
      sql`select action, entity_id, data->>'ip' as ip from audit_log where user_id = ${admin.id}`,
    );
    expect(entries).toEqual([{ action: 'staff.login', entity_id: String(admin.id), ip: expect.any(String) }]);
  });

  it('a manager sees their branches', async () => {
    const [branch] = await rows<{ id: number }>(ctx, sql`select id from branches order by id limit 1`);
    const manager = await enrolled('manager', { branchIds: [branch!.id] });
    expect((await signIn(manager)).staff).toMatchObject({ role: 'manager', branch_ids: [branch!.id] });
  });

  it('a wrong code, a wrong password, an unknown phone and a customer all get the same answer', async () => {
    const admin = await enrolled('admin');
    const customer = await createUser(ctx);
    const code = totpCode(admin.secret);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (const payload of [
      { phone_number: admin.phone, password: GOOD_PASSWORD, code: wrongCode },
      { phone_number: admin.phone, password: 'Ne-Tot-Parol-77', code },
      { phone_number: nextPhone(), password: GOOD_PASSWORD, code },
      { phone_number: customer.phone, password: customer.password, code },
    ]) {
      const res = await login(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res)).toEqual({ errors: { detail: STAFF_MESSAGES.invalidCredentials } });
    }
  });

  it('a code is good once: the same code again (replayed, or seen over a shoulder) is refused', async () => {
    const admin = await enrolled('admin');
    const now = Date.now();
    await signIn(admin, now);
    const again = await login({
      phone_number: admin.phone,
      password: GOOD_PASSWORD,
      code: totpCode(admin.secret, now),
    });
    expect(again.statusCode).toBe(400);
    expect(json(again)).toEqual({ errors: { detail: STAFF_MESSAGES.invalidCredentials } });
    // An older step's code, still inside the clock-drift window, is refused as well once a later one was used.
    const earlier = await login({
      phone_number: admin.phone,
      password: GOOD_PASSWORD,
      code: totpCode(admin.secret, now - STEP_MS),
    });
    expect(earlier.statusCode).toBe(400);
    // The next step's code (a phone clock a little ahead) is accepted.
    await signIn(admin, now + STEP_MS);
  });

  it('codes are checked for form and required, in Russian', async () => {
    const res = await login({ phone_number: '', password: '', code: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      errors: {
        phone_number: [MESSAGES.required],
        password: [MESSAGES.required],
        code: [STAFF_MESSAGES.codeFormat],
      },
    });
  });

  it('the secret is stored encrypted, not as the key the app was given', async () => {
    const admin = await enrolled('admin');
    const [row] = await rows<{ totp_secret: string }>(
      ctx,
      sql`select totp_secret from users where id = ${admin.id}`,
    );
    expect(row!.totp_secret).toMatch(/^v1\./);
    expect(row!.totp_secret).not.toContain(admin.secret);
  });

  it('a staff account not yet enrolled is told so, only after the right password', async () => {
    const account = await createUser(ctx);
    await ctx.handle.db.execute(sql`update users set role = 'manager' where id = ${account.id}`);
    const res = await login({ phone_number: account.phone, password: account.password, code: '123456' });
    expect(json(res)).toEqual({ errors: { detail: STAFF_MESSAGES.notEnrolled } });
    const wrong = await login({ phone_number: account.phone, password: 'Ne-Tot-Parol-77', code: '123456' });
    expect(json(wrong)).toEqual({ errors: { detail: STAFF_MESSAGES.invalidCredentials } });
  });

  it('a staff member signed in on the storefront (password alone) is refused by staff routes', async () => {
    const admin = await enrolled('admin');
    const res = await ctx.app.inject({
      method: 'POST',
      url: API_ROUTES.login.path,
      payload: { phone_number: admin.phone, password: GOOD_PASSWORD },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    const denied = await me(`Bearer ${json<{ access: string }>(res).access}`);
    expect(denied.statusCode).toBe(403);
    expect(json(denied)).toEqual({ errors: { detail: STAFF_MESSAGES.secondFactorRequired } });
  });

  it('a new authenticator secret or leaving the staff ends the back-office sessions', async () => {
    const admin = await enrolled('admin');
    const first = await signIn(admin);
    const reset = await enrolStaff(ctx.handle.db, ctx.config.staffTotpKey, {
      phone: admin.phone,
      role: 'admin',
      resetTotp: true,
    });
    expect(reset.totp?.base32).not.toBe(admin.secret);
    expect((await me(`Bearer ${first.access}`)).statusCode).toBe(401);
    const second = await signIn({ phone: admin.phone, secret: reset.totp!.base32 });
    await enrolStaff(ctx.handle.db, ctx.config.staffTotpKey, { phone: admin.phone, role: 'customer' });
    expect((await me(`Bearer ${second.access}`)).statusCode).toBe(401);
    const [row] = await rows<{ role: string; totp_secret: string | null }>(
      ctx,
      sql`select role, totp_secret from users where id = ${admin.id}`,
    );
    expect(row).toEqual({ role: 'customer', totp_secret: null });
  });

  it('a new account without a password gets a generated one; a weak password or unknown branch is refused', async () => {
    const phone = nextPhone();
    const made = await enrolStaff(ctx.handle.db, ctx.config.staffTotpKey, { phone, role: 'manager' });
    expect(made.created).toBe(true);
    expect(made.generatedPassword).toMatch(/^[\w-]{12}$/);
    const res = await login({
      phone_number: phone,
      password: made.generatedPassword,
      code: totpCode(made.totp!.base32),
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect(
      enrolStaff(ctx.handle.db, ctx.config.staffTotpKey, {
        phone: nextPhone(),
        role: 'admin',
        password: '12345678',
      }),
    ).rejects.toThrow(/пароль/i);
    await expect(
      enrolStaff(ctx.handle.db, ctx.config.staffTotpKey, {
        phone: nextPhone(),
        role: 'manager',
        branchIds: [999_999],
      }),
    ).rejects.toThrow('Нет филиала с номером 999999.');
  });
});

describe('audit log', () => {
  it('admins read it newest first, filtered by entity and action prefix; managers may not', async () => {
    const admin = await enrolled('admin');
    const manager = await enrolled('manager');
    await recordAudit(ctx.handle.db, {
      userId: manager.id,
      action: 'order.status',
      entity: 'order',
      entityId: 'audit-test-1',
      data: { from: 'new', to: 'assembling' },
    });
    await recordAudit(ctx.handle.db, {
      userId: null,
      action: 'order.expire',
      entity: 'order',
      entityId: 'audit-test-1',
    });
    const adminSession = await signIn(admin);
    const list = (query: string, authorization = `Bearer ${adminSession.access}`) =>
      ctx.app.inject({
        method: 'GET',
        url: `${API_ROUTES.adminAuditLog.path}?${query}`,
        headers: { authorization },
      });

    const res = await list('entity=order&entity_id=audit-test-1');
    expect(res.statusCode, res.body).toBe(200);
    const body = json<AuditListResponse>(res);
    expect(body.total).toBe(2);
    expect(body.results.map((r) => r.action)).toEqual(['order.expire', 'order.status']);
    expect(body.results[1]).toMatchObject({
      user: { id: manager.id, name: 'Петрова Анна' },
      data: { from: 'new', to: 'assembling' },
    });
    expect(body.results[0]!.user).toBeNull();
    const prefix = json<AuditListResponse>(await list('action=order.st&entity_id=audit-test-1'));
    expect(prefix.results.map((r) => r.action)).toEqual(['order.status']);
    // `%` and `_` are letters in the prefix, not wildcards.
    expect(json<AuditListResponse>(await list('action=%25')).total).toBe(0);

    const managerSession = await signIn(manager);
    const denied = await list('', `Bearer ${managerSession.access}`);
    expect(denied.statusCode).toBe(403);
    expect(json(denied)).toEqual({ errors: { detail: MESSAGES.forbidden } });
    expect((await list('page=0')).statusCode).toBe(400);
  });
});
