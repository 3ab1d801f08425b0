import { existsSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import type { OutboxEntry } from '../src/lib/gateways/outbox';
import { hashPassword } from '../src/lib/passwords';
import { json, type TestContext } from './helpers';

// Helpers for the sign-in, profile and session suites.

let ipSeq = 0;
/** A fresh client address, so per-address limits of one test do not leak into the next. */
export function nextIp(): string {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

let phoneSeq = 0;
/** A phone number unique within the run (+7 955 …), distinct per worker. */
export function nextPhone(): string {
  phoneSeq += 1;
  const worker = Number(process.env.VITEST_POOL_ID ?? 0) % 10;
  return `+7955${worker}${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq).padStart(3, '0')}`;
}

export const GOOD_PASSWORD = 'Krasnaya-Mashina-42';

export async function createUser(
  ctx: TestContext,
  opts: { phone?: string; password?: string; active?: boolean; firstName?: string } = {},
): Promise<{ id: number; phone: string; password: string }> {
  const phone = opts.phone ?? nextPhone();
  const password = opts.password ?? GOOD_PASSWORD;
  const [row] = await ctx.handle.db
    .insert(users)
    .values({
      phoneNumber: phone,
      passwordHash: await hashPassword(password),
      isActive: opts.active ?? true,
      firstName: opts.firstName ?? '',
    })
    .returning({ id: users.id });
  return { id: row!.id, phone, password };
}

export async function deactivate(ctx: TestContext, id: number) {
  await ctx.handle.db.update(users).set({ isActive: false }).where(eq(users.id, id));
}

export function readOutbox(ctx: TestContext): OutboxEntry[] {
  if (!existsSync(ctx.config.outboxPath)) return [];
  return readFileSync(ctx.config.outboxPath, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEntry);
}

/** Gateways send without blocking the answer, so the line may land a moment after the response. */
export async function waitForOutbox(
  ctx: TestContext,
  match: (e: OutboxEntry) => boolean,
  after = 0,
  timeoutMs = 3000,
): Promise<OutboxEntry> {
  // performance.now: tests may fake Date to move the rate limiter's clock.
  const end = performance.now() + timeoutMs;
  for (;;) {
    const found = readOutbox(ctx).slice(after).reverse().find(match);
    if (found) return found;
    if (performance.now() > end) throw new Error('no matching outbox entry');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Lets pending gateway writes finish, then returns what the outbox holds for a recipient. */
export async function settledOutboxFor(ctx: TestContext, to: string): Promise<OutboxEntry[]> {
  await new Promise((r) => setTimeout(r, 150));
  return readOutbox(ctx).filter((e) => e.to === to);
}

export async function post(
  ctx: TestContext,
  url: string,
  payload: unknown,
  opts: { ip?: string; authorization?: string; method?: 'POST' | 'PUT' | 'PATCH' } = {},
) {
  const res = await ctx.app.inject({
    method: opts.method ?? 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.authorization ? { authorization: opts.authorization } : {},
  });
  return {
    status: res.statusCode,
    body: json<Record<string, unknown>>(res),
    headers: res.headers,
    raw: res.body,
  };
}

export async function login(ctx: TestContext, phone: string, password: string, ip?: string) {
  const res = await post(ctx, '/api/v1/user/login/', { phone_number: phone, password }, { ip });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.raw}`);
  return res.body as { access: string; refresh: string };
}
