import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ROUTES,
  buildPath,
  CALLBACK_MESSAGES,
  adminCallback,
  adminCallbacksResponse,
  adminCallbacksSummary,
  type AdminCallback,
} from '@podbor/contract';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { nextIp, nextPhone } from '../../../test/auth-helpers';
import { rows, user } from '../../../test/shop-helpers';

// Issue #14's callback desk: a request sent from the storefront's help modal reaches the desk's queue (oldest
// first, with its 17-minute deadline by the server's clock); staff take it (a second taker hears who has it),
// note and finish it, each step in the audit log; the header badge counts open and overdue ones.

let ctx: TestContext;
let manager: { authorization: string; userId: number };
let other: { authorization: string; userId: number };
beforeAll(async () => {
  ctx = await createTestContext();
  manager = await user(ctx, 'manager');
  other = await user(ctx, 'manager');
  await ctx.handle.db.execute(
    sql`update users set last_name = 'Орлова', first_name = 'Мария' where id = ${other.userId}`,
  );
});
afterAll(() => ctx?.close());

async function sendFromStorefront(extra: Record<string, unknown> = {}) {
  const phone = nextPhone();
  const res = await ctx.app.inject({
    method: 'POST',
    url: API_ROUTES.feedback.path,
    payload: {
      name: 'Пётр',
      phone,
      message: 'Перезвоните насчёт колодок',
      source: 'http://shop.test/catalog/',
      type: 'HELP',
      ...extra,
    },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: json<{ id: number }>(res).id, phone };
}

const get = async (url: string, authorization = manager.authorization) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization } });
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
};
const act = (
  name: 'adminCallbackTake' | 'adminCallbackNote' | 'adminCallbackDone',
  id: number,
  who = manager,
  payload?: Record<string, unknown>,
) =>
  ctx.app.inject({
    method: 'POST',
    url: buildPath(API_ROUTES[name].path, { id: String(id) }),
    headers: { authorization: who.authorization },
    ...(payload === undefined ? {} : { payload }),
  });

async function openQueue(query = ''): Promise<AdminCallback[]> {
  return adminCallbacksResponse.parse(await get(`${API_ROUTES.adminCallbacks.path}${query}`)).results;
}

describe('callback desk', () => {
  it('a request sent from the storefront appears in the open queue with its fields and deadline', async () => {
    const [transport] = await rows<{ id: number }>(ctx, sql`select id from transports order by id limit 1`);
    const before = adminCallbacksSummary.parse(await get(API_ROUTES.adminCallbacksSummary.path));
    const sent = await sendFromStorefront({ type: 'CONSULTATION', transport: transport!.id });
    const summary = adminCallbacksSummary.parse(await get(API_ROUTES.adminCallbacksSummary.path));
    expect(summary.latest_id).toBe(sent.id);
    expect(summary.open).toBe(before.open + 1);
    const item = (await openQueue()).find((c) => c.id === sent.id);
    expect(item).toMatchObject({
      type: 'CONSULTATION',
      status: 'new',
      name: 'Пётр',
      phone: sent.phone,
      message: 'Перезвоните насчёт колодок',
      source: 'http://shop.test/catalog/',
      overdue: false,
      taken_by: null,
      note: '',
    });
    expect(item!.vehicle).toMatch(/\d{4}/);
    expect(Date.parse(item!.due_at) - Date.parse(item!.created_at)).toBe(17 * 60_000);
  });

  it('open ones come oldest first; an old one is overdue and counted in the badge', async () => {
    const late = await sendFromStorefront();
    await ctx.handle.db.execute(
      sql`update feedback set created_at = now() - interval '18 minutes' where id = ${late.id}`,
    );
    const fresh = await sendFromStorefront();
    const queue = await openQueue();
    const ids = queue.map((c) => c.id);
    expect(ids.indexOf(late.id)).toBeLessThan(ids.indexOf(fresh.id));
    expect(queue.find((c) => c.id === late.id)!.overdue).toBe(true);
    expect(queue.find((c) => c.id === fresh.id)!.overdue).toBe(false);
    const [counted] = await rows<{ overdue: number }>(
      ctx,
      sql`select count(*)::int as overdue from feedback where status <> 'done' and created_at < now() - interval '17 minutes'`,
    );
    const summary = adminCallbacksSummary.parse(await get(API_ROUTES.adminCallbacksSummary.path));
    expect(summary.overdue).toBe(counted!.overdue);
    expect(summary.overdue).toBeGreaterThan(0);
  });

  it('take, note, done: the second taker hears who has it; each step is audited; done leaves the open queue', async () => {
    const sent = await sendFromStorefront({ type: 'SPECIAL_OFFER' });
    const summaryBefore = adminCallbacksSummary.parse(await get(API_ROUTES.adminCallbacksSummary.path));
    const taken = await act('adminCallbackTake', sent.id, other);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(adminCallback.parse(json(taken))).toMatchObject({
      status: 'taken',
      taken_by: { id: other.userId, name: 'Орлова Мария' },
    });
    // A taking changes the badge's change mark, so every open desk refetches its list.
    const summaryAfter = adminCallbacksSummary.parse(await get(API_ROUTES.adminCallbacksSummary.path));
    expect(summaryAfter.changed_at).not.toBe(summaryBefore.changed_at);

    const second = await act('adminCallbackTake', sent.id, manager);
    expect(second.statusCode).toBe(409);
    expect(json(second)).toEqual({ errors: { detail: CALLBACK_MESSAGES.takenBy('Орлова Мария') } });
    const notMine = await act('adminCallbackDone', sent.id, manager);
    expect(notMine.statusCode).toBe(409);

    const noted = await act('adminCallbackNote', sent.id, other, {
      note: '  Не дозвонилась, перезвоню в 15:00 ',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(json<AdminCallback>(noted).note).toBe('Не дозвонилась, перезвоню в 15:00');

    const done = await act('adminCallbackDone', sent.id, other);
    expect(done.statusCode, done.body).toBe(200);
    expect(json<AdminCallback>(done)).toMatchObject({ status: 'done', overdue: false });
    expect(json<AdminCallback>(done).done_at).not.toBeNull();
    expect((await openQueue()).some((c) => c.id === sent.id)).toBe(false);
    expect((await openQueue('?status=done&type=SPECIAL_OFFER')).some((c) => c.id === sent.id)).toBe(true);
    expect((await openQueue('?status=done&type=HELP')).some((c) => c.id === sent.id)).toBe(false);
    const again = await act('adminCallbackTake', sent.id, manager);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toEqual({ errors: { detail: CALLBACK_MESSAGES.alreadyDone } });

    const audit = await rows<{ action: string; user_id: number; data: Record<string, unknown> }>(
      ctx,
      sql`select action, user_id, data from audit_log where entity = 'callback' and entity_id = ${String(sent.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['callback.take', 'callback.note', 'callback.done']);
    expect(audit.every((a) => a.user_id === other.userId)).toBe(true);
    expect(audit[0]!.data).toEqual({ status_before: 'new', status_after: 'taken' });
    expect(audit[1]!.data).toEqual({ note_before: '', note_after: 'Не дозвонилась, перезвоню в 15:00' });
  });

  it('a new request is done in one step by whoever called; two takers at once: exactly one wins', async () => {
    const quick = await sendFromStorefront();
    const done = await act('adminCallbackDone', quick.id, manager);
    expect(json<AdminCallback>(done)).toMatchObject({ status: 'done', taken_by: { id: manager.userId } });

    const contested = await sendFromStorefront();
    const results = await Promise.all([
      act('adminCallbackTake', contested.id, manager),
      act('adminCallbackTake', contested.id, other),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('bad input gets Russian errors, an unknown request 404', async () => {
    const unknown = await act('adminCallbackTake', 999_999);
    expect(unknown.statusCode).toBe(404);
    const badId = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/v1/callbacks/abc/take/',
      headers: { authorization: manager.authorization },
    });
    // A path that cannot name a request is answered as any unknown address.
    expect(badId.statusCode).toBe(404);
    const sent = await sendFromStorefront();
    const long = await act('adminCallbackNote', sent.id, manager, { note: 'я'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(json(long)).toEqual({ errors: { note: [expect.stringMatching(/2000/)] } });
    const filter = await ctx.app.inject({
      method: 'GET',
      url: `${API_ROUTES.adminCallbacks.path}?status=closed`,
      headers: { authorization: manager.authorization },
    });
    expect(filter.statusCode).toBe(400);
  });
});
