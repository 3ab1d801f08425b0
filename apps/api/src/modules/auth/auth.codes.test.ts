import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { users, verificationCodes } from '../../db/schema';
import {
  CODE_CHECKS_PER_IP,
  CODE_MAX_ATTEMPTS,
  CODE_SENDS_PER_TARGET,
  hashCode,
} from '../../lib/one-time-codes';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { expectToldWhen } from '../../../test/throttle-helpers';
import {
  createUser,
  GOOD_PASSWORD,
  login,
  nextIp,
  nextPhone,
  post,
  readOutbox,
  settledOutboxFor,
  waitForOutbox,
} from '../../../test/auth-helpers';

// Registration, code resend and password reset by call: the flows and every rule on codes.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
afterEach(() => {
  vi.useRealTimers();
});

const REGISTER = '/api/v1/user/register/';
const VERIFY = '/api/v1/user/register/verify/';
const RETRY = '/api/v1/user/register/verify/retry/';
const RESET_REQUEST = '/api/v1/user/reset_password_request/';
const RESET_VERIFY = '/api/v1/user/reset_password_verify/';
const RESET = '/api/v1/user/reset_password/';

const register = (phone: string, ip = nextIp(), password = GOOD_PASSWORD) =>
  post(ctx, REGISTER, { phone_number: phone, password, password2: password }, { ip });

async function registrationCode(phone: string, after = 0) {
  return (
    await waitForOutbox(ctx, (e) => e.to === phone && e.purpose === 'register' && e.code !== null, after)
  ).code!;
}

/** A wrong code for `code`: same length, never equal. */
const wrong = (code: string) => String((Number(code) + 1) % 10000).padStart(4, '0');

/** Moves the clock used by the rate limiter (Date only; the database keeps its own clock). */
function advance(seconds: number) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
}

describe('registration', () => {
  it('creates an inactive account, sends a 4-digit code by SMS and activates it on confirmation', async () => {
    const phone = nextPhone();
    const res = await register(
      '8 (955) ' + phone.slice(5, 8) + '-' + phone.slice(8, 10) + '-' + phone.slice(10),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: expect.any(String), code_time_to_live: 59 });
    const [user] = await ctx.handle.db.select().from(users).where(eq(users.phoneNumber, phone));
    expect(user?.isActive).toBe(false);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);

    const code = await registrationCode(phone);
    expect(code).toMatch(/^\d{4}$/);
    // An inactive account cannot sign in yet.
    const early = await post(ctx, '/api/v1/user/login/', { phone_number: phone, password: GOOD_PASSWORD });
    expect(early.status).toBe(400);
    expect(early.body).toEqual({
      errors: { detail: 'Номер телефона не подтвержден. Завершите регистрацию.' },
    });

    const ok = await post(ctx, VERIFY, { phone_number: phone, code });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      status: expect.any(String),
      access: expect.any(String),
      refresh: expect.any(String),
    });
    await expect(login(ctx, phone, GOOD_PASSWORD)).resolves.toHaveProperty('access');
  });

  it('stores codes only as keyed hashes', async () => {
    const phone = nextPhone();
    await register(phone);
    const code = await registrationCode(phone);
    const rows = await ctx.handle.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(`"${code}"`);
  });

  it('answers field errors under the SPEC names, in Russian', async () => {
    const res = await post(ctx, REGISTER, { phone_number: '12', password: 'short', password2: 'other' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: {
        phone_number: ['Номер введен неверно'],
        password: ['Пароль должен содержать не менее 8 символов'],
      },
    });
    const mismatch = await post(ctx, REGISTER, {
      phone_number: nextPhone(),
      password: GOOD_PASSWORD,
      password2: 'Different-Pass-1',
    });
    expect(mismatch.body).toEqual({ errors: { password2: ['Пароли не совпадают'] } });
    const empty = await post(ctx, REGISTER, {});
    expect(empty.body).toEqual({
      errors: {
        phone_number: ['Обязательное поле'],
        password: ['Обязательное поле'],
        password2: ['Обязательное поле'],
      },
    });
  });

  it('refuses common passwords and the phone number as a password', async () => {
    const phone = nextPhone();
    for (const password of ['password123', 'QWERTYUIOP', '12345678', 'йцукенгш', '11111111111']) {
      const res = await register(phone, nextIp(), password);
      expect(res.status, password).toBe(400);
      expect(res.body, password).toEqual({
        errors: { password: ['Этот пароль слишком распространен. Придумайте другой.'] },
      });
    }
    const digits = phone.slice(2);
    const res = await register(phone, nextIp(), `my${digits}`);
    expect(res.body).toEqual({ errors: { password: ['Пароль не должен содержать номер телефона.'] } });
    const tooLong = await register(phone, nextIp(), 'x'.repeat(129));
    expect(tooLong.body).toMatchObject({
      errors: { password: ['Пароль должен содержать не более 128 символов'] },
    });
  });

  it('does not reveal whether a phone is registered', async () => {
    const existing = await createUser(ctx);
    const fresh = nextPhone();
    const a = await register(existing.phone);
    const b = await register(fresh);
    expect(a.status).toBe(200);
    expect([a.status, a.body]).toEqual([b.status, b.body]);
    // Resend answers alike, and its spacing applies to both.
    const early = [
      await post(ctx, RETRY, { phone_number: existing.phone }),
      await post(ctx, RETRY, { phone_number: fresh }),
    ];
    expect(early.map((r) => r.status)).toEqual([429, 429]);
    advance(60);
    const ra = await post(ctx, RETRY, { phone_number: existing.phone });
    const rb = await post(ctx, RETRY, { phone_number: fresh });
    expect(ra.status).toBe(200);
    expect([ra.status, ra.body]).toEqual([rb.status, rb.body]);
    // The account holder gets a notice without a code; the account keeps its password.
    const notices = await settledOutboxFor(ctx, existing.phone);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.code).toBeNull();
    await expect(login(ctx, existing.phone, existing.password)).resolves.toHaveProperty('access');
    // Guessing codes against the registered phone answers exactly like against a pending registration.
    const freshCode = await registrationCode(fresh);
    const sequences = [];
    for (const phone of [existing.phone, fresh]) {
      const seq = [];
      for (let i = 0; i <= CODE_MAX_ATTEMPTS; i++) {
        const r = await post(ctx, VERIFY, { phone_number: phone, code: wrong(freshCode) });
        seq.push([r.status, r.body]);
      }
      sequences.push(seq);
    }
    expect(sequences[0]).toEqual(sequences[1]);
  });

  it('stops brute force on a code after 5 wrong tries, even for the right code', async () => {
    const phone = nextPhone();
    await register(phone);
    const code = await registrationCode(phone);
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      const res = await post(ctx, VERIFY, { phone_number: phone, code: wrong(code) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: { non_field_errors: ['Неверный код.'] } });
    }
    const right = await post(ctx, VERIFY, { phone_number: phone, code });
    expect(right.status).toBe(400);
    expect(right.body).toEqual({
      errors: { non_field_errors: ['Превышено число попыток ввода кода. Запросите новый код.'] },
    });
  });

  it('counts parallel guesses atomically', async () => {
    const phone = nextPhone();
    await register(phone);
    const code = await registrationCode(phone);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(ctx, VERIFY, { phone_number: phone, code: wrong(String((Number(code) + i) % 10000)) }),
      ),
    );
    expect(guesses.every((g) => g.status === 400)).toBe(true);
    const [row] = await ctx.handle.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, phone));
    expect(row!.attempts).toBe(CODE_MAX_ATTEMPTS);
  });

  it('makes a code single-use', async () => {
    const phone = nextPhone();
    await register(phone);
    const code = await registrationCode(phone);
    expect((await post(ctx, VERIFY, { phone_number: phone, code })).status).toBe(200);
    const again = await post(ctx, VERIFY, { phone_number: phone, code });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ errors: { non_field_errors: ['Неверный код.'] } });
  });

  it('expires a code after its lifetime', async () => {
    const phone = nextPhone();
    await register(phone);
    const code = await registrationCode(phone);
    const [row] = await ctx.handle.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, phone));
    // Issued with a 10-minute lifetime…
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(599_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThan(601_000);
    // …and refused once it has passed.
    await ctx.handle.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.target, phone));
    const res = await post(ctx, VERIFY, { phone_number: phone, code });
    expect(res.body).toEqual({
      errors: { non_field_errors: ['Код недействителен или устарел. Запросите новый код.'] },
    });
  });

  it('spaces resends by 59 s and a new code replaces the old one', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    await register(phone, ip);
    await registrationCode(phone);
    const early = await post(ctx, RETRY, { phone_number: phone }, { ip });
    expect(early.status).toBe(429);
    const wait = Number(early.headers['retry-after']);
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(59);
    expect(early.body).toEqual({
      errors: {
        detail: `Повторно отправить код можно через ${wait} секунд.`,
        non_field_errors: [`Повторно отправить код можно через ${wait} секунд.`],
      },
    });
    advance(60);
    const before = readOutbox(ctx).length;
    const later = await post(ctx, RETRY, { phone_number: phone }, { ip });
    expect(later.status).toBe(200);
    const second = await registrationCode(phone, before);
    expect(second).toMatch(/^\d{4}$/);
    vi.useRealTimers();
    const rows = await ctx.handle.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, phone), eq(verificationCodes.purpose, 'register')));
    expect(rows.filter((r) => r.usedAt === null)).toHaveLength(1);
    expect((await post(ctx, VERIFY, { phone_number: phone, code: second })).status).toBe(200);
  });

  it('sends at most 5 codes per phone an hour', async () => {
    const phone = nextPhone();
    const answers = [];
    for (let i = 0; i <= CODE_SENDS_PER_TARGET.limit; i++) {
      if (i > 0) advance(60);
      answers.push(i === 0 ? await register(phone) : await post(ctx, RETRY, { phone_number: phone }));
    }
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    const last = answers.at(-1)!;
    const wait = expectToldWhen(last, 'Превышено число отправок кода. Повторите попытку через ');
    expect(wait).toBeGreaterThan(3000);
    // The resend form shows the first non-field error (SPEC §4): the same text.
    expect((last.body as { errors: { non_field_errors: string[] } }).errors.non_field_errors).toEqual([
      (last.body as { errors: { detail: string } }).errors.detail,
    ]);
  });

  it('lets a family or an office share one address: registrations, resends and resets do not lock it', async () => {
    const ip = nextIp();
    const phones = [nextPhone(), nextPhone(), nextPhone(), nextPhone()];
    const statuses = [];
    for (const phone of phones) statuses.push((await register(phone, ip)).status);
    advance(60);
    for (const phone of phones)
      statuses.push((await post(ctx, RETRY, { phone_number: phone }, { ip })).status);
    for (const phone of phones)
      statuses.push((await post(ctx, RESET_REQUEST, { phone_number: phone }, { ip })).status);
    expect(statuses).toEqual(Array(12).fill(200));
  });

  it('still stops one address that asks for codes for phone after phone, and says when to retry', async () => {
    const ip = nextIp();
    const limit = ctx.config.codeLimits.sendsPerIpPerHour;
    expect(limit).toBeGreaterThanOrEqual(20);
    const statuses = [];
    for (let i = 0; i < limit; i++) statuses.push((await register(nextPhone(), ip)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await register(nextPhone(), ip);
    const wait = expectToldWhen(refused, 'Превышено число отправок кода. Повторите попытку через ');
    expect(wait).toBeLessThanOrEqual(3600);
    // Each kind of code has its own budget: a reset from that address still goes out.
    expect((await post(ctx, RESET_REQUEST, { phone_number: nextPhone() }, { ip })).status).toBe(200);
  });
});

describe('shop-wide cap on texts and calls', () => {
  it('stops sending codes past the hourly cap, whoever asks and for whichever phone, without telling accounts apart', async () => {
    // A second instance of the API on the same database with a low cap (its limiter starts empty).
    const capped = await buildApp({
      config: { ...ctx.config, codeLimits: { ...ctx.config.codeLimits, smsPerHour: 3, callsPerHour: 2 } },
      handle: ctx.handle,
    });
    try {
      const send = async (url: string, payload: Record<string, unknown>) => {
        const res = await capped.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
        return { status: res.statusCode, headers: res.headers, body: json(res) };
      };
      const registration = (phone: string) =>
        send(REGISTER, { phone_number: phone, password: GOOD_PASSWORD, password2: GOOD_PASSWORD });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await registration(nextPhone())).status);
      expect(statuses).toEqual([200, 200, 200]);
      const account = await createUser(ctx);
      const forAccount = await registration(account.phone);
      const forNobody = await registration(nextPhone());
      expectToldWhen(forAccount, 'Сейчас мы не можем отправить код. Повторите попытку через ');
      expect([forAccount.status, forAccount.body]).toEqual([forNobody.status, forNobody.body]);
      // Calls are counted apart from texts: two go out, the third waits.
      expect((await send(RESET_REQUEST, { phone_number: account.phone })).status).toBe(200);
      expect((await send(RESET_REQUEST, { phone_number: nextPhone() })).status).toBe(200);
      expectToldWhen(
        await send(RESET_REQUEST, { phone_number: nextPhone() }),
        'Сейчас мы не можем отправить код. Повторите попытку через ',
      );
    } finally {
      await capped.close();
    }
  });
});

describe('wrong codes per phone', () => {
  async function callFor(phone: string, after = 0) {
    return waitForOutbox(ctx, (e) => e.to === phone && e.purpose === 'reset_call', after);
  }
  /** A fresh reset code for the phone; for a phone without an account the stored code is set to a known one. */
  async function resetCode(phone: string, known: boolean): Promise<string> {
    const before = readOutbox(ctx).length;
    advance(61);
    expect((await post(ctx, RESET_REQUEST, { phone_number: phone })).status).toBe(200);
    if (known) return (await callFor(phone, before)).code!;
    const [row] = await ctx.handle.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, phone), eq(verificationCodes.purpose, 'reset_call')))
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    await ctx.handle.db
      .update(verificationCodes)
      .set({ codeHash: hashCode(ctx.config.jwtSecret, 'reset_call', phone, '4321') })
      .where(eq(verificationCodes.id, row!.id));
    return '4321';
  }
  const guess = (phone: string, code: string) => post(ctx, RESET_VERIFY, { phone_number: phone, code });

  /** Spends the phone's daily allowance of wrong codes over fresh codes; returns the last code sent. */
  async function burnDay(phone: string, known: boolean) {
    const perDay = ctx.config.codeLimits.failuresPerPhonePerDay;
    let code = '';
    for (let wrongs = 0; wrongs < perDay; wrongs++) {
      if (wrongs % CODE_MAX_ATTEMPTS === 0) code = await resetCode(phone, known);
      expect((await guess(phone, wrong(code))).status).toBe(400);
    }
    return code;
  }

  it('stops checking and sending a phone’s codes for a day after 10 wrong ones, then for a week after 20', async () => {
    const user = await createUser(ctx);
    expect(ctx.config.codeLimits.failuresPerPhonePerDay).toBe(10);
    expect(ctx.config.codeLimits.failuresPerPhonePerWeek).toBe(20);
    const code = await burnDay(user.phone, true);
    // Even the right code is not checked now, nor is a new one sent, registration included.
    const locked = await guess(user.phone, code);
    const wait = expectToldWhen(
      locked,
      'Слишком много неверных кодов для этого номера. Повторите попытку через ',
    );
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    expectToldWhen(await post(ctx, RESET_REQUEST, { phone_number: user.phone }));
    expectToldWhen(await register(user.phone));
    expectToldWhen(await post(ctx, VERIFY, { phone_number: user.phone, code: '1234' }));
    // Other phones are not affected.
    const other = await createUser(ctx);
    expect((await post(ctx, RESET_REQUEST, { phone_number: other.phone })).status).toBe(200);

    // A day later codes are sent and checked again.
    advance(wait + 1);
    expect((await guess(user.phone, await resetCode(user.phone, true))).status).toBe(200);
    // Ten more wrong codes within the week: now the phone waits until the week is over.
    await burnDay(user.phone, true);
    const weekLocked = expectToldWhen(await guess(user.phone, '0000'));
    expect(weekLocked).toBeGreaterThan(5 * 24 * 3600);
    expect(
      (
        json(
          await ctx.app.inject({
            method: 'POST',
            url: RESET_REQUEST,
            payload: { phone_number: user.phone },
            remoteAddress: nextIp(),
          }),
        ) as { errors: { detail: string } }
      ).errors.detail,
    ).toMatch(/через \d+ д(ень|ня|ней)\.$/);
  });

  it('answers the same for a phone without an account', async () => {
    const user = await createUser(ctx);
    const nobody = nextPhone();
    const answers = [];
    for (const [phone, known] of [
      [user.phone, true],
      [nobody, false],
    ] as const) {
      await burnDay(phone, known);
      const locked = await guess(phone, '1111');
      answers.push([locked.status, locked.body]);
      const reset = await post(ctx, RESET_REQUEST, { phone_number: phone });
      answers.push([
        reset.status,
        (reset.body as { errors: { detail: string } }).errors.detail.replace(/\d+/g, 'N'),
      ]);
    }
    expect(answers[0]![0]).toBe(429);
    expect(answers.slice(0, 2)).toEqual(answers.slice(2));
  });
});

describe('code checks per address', () => {
  it('stops one address from spreading guesses over many phones', async () => {
    const ip = nextIp();
    const statuses = [];
    for (let i = 0; i <= CODE_CHECKS_PER_IP.limit; i++) {
      const url = i % 2 ? VERIFY : RESET_VERIFY;
      statuses.push((await post(ctx, url, { phone_number: nextPhone(), code: '1234' }, { ip })).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    const last = await post(ctx, VERIFY, { phone_number: nextPhone(), code: '1234' }, { ip });
    expectToldWhen(last, 'Слишком много запросов. Повторите попытку через ');
  });
});

describe('password reset by call', () => {
  async function callFor(phone: string, after = 0) {
    return waitForOutbox(ctx, (e) => e.to === phone && e.purpose === 'reset_call', after);
  }

  it('calls from a number ending in the code, then sets the password once with the verified code', async () => {
    const user = await createUser(ctx);
    const session = await login(ctx, user.phone, user.password);
    const res = await post(ctx, RESET_REQUEST, { phone_number: user.phone });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: expect.any(String), code_time_to_live: 600 });
    const call = await callFor(user.phone);
    expect(call.from).toMatch(/^\+79\d{9}$/);
    expect(call.from!.slice(-4)).toBe(call.code);
    expect(res.raw).not.toContain(call.code!);

    const verified = await post(ctx, RESET_VERIFY, { phone_number: user.phone, code: call.code });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ secret_key: expect.any(String) });

    const newPassword = 'Novyi-Parol-Dlya-Mashiny';
    // Older clients send the verified code itself as secret_key.
    const set = await post(
      ctx,
      RESET,
      { phone_number: user.phone, secret_key: call.code, password: newPassword, password2: newPassword },
      { method: 'PUT' },
    );
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ detail: 'Пароль успешно изменен' });
    // Once only.
    const twice = await post(
      ctx,
      RESET,
      {
        phone_number: user.phone,
        secret_key: call.code,
        password: 'Eshe-Odin-Parol-77',
        password2: 'Eshe-Odin-Parol-77',
      },
      { method: 'PUT' },
    );
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({
      errors: {
        non_field_errors: ['Код подтверждения недействителен или устарел. Начните восстановление заново.'],
      },
    });
    await expect(login(ctx, user.phone, newPassword)).resolves.toHaveProperty('access');
    expect(
      (await post(ctx, '/api/v1/user/login/', { phone_number: user.phone, password: user.password })).status,
    ).toBe(400);
    // Every earlier session ends.
    expect((await post(ctx, '/api/v1/user/token/refresh/', { refresh: session.refresh })).status).toBe(401);
  });

  it('accepts the secret_key from reset-verify, once, and only for that phone', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    await post(ctx, RESET_REQUEST, { phone_number: user.phone });
    const call = await callFor(user.phone);
    const { secret_key } = (await post(ctx, RESET_VERIFY, { phone_number: user.phone, code: call.code }))
      .body as { secret_key: string };
    const body = (phone: string) => ({
      phone_number: phone,
      secret_key,
      password: 'Sovsem-Novyi-Parol-1',
      password2: 'Sovsem-Novyi-Parol-1',
    });
    expect((await post(ctx, RESET, body(other.phone), { method: 'PUT' })).status).toBe(400);
    expect((await post(ctx, RESET, body(user.phone), { method: 'PUT' })).status).toBe(200);
    expect((await post(ctx, RESET, body(user.phone), { method: 'PUT' })).status).toBe(400);
  });

  it('refuses setting a password with a code that was never verified', async () => {
    const user = await createUser(ctx);
    await post(ctx, RESET_REQUEST, { phone_number: user.phone });
    const call = await callFor(user.phone);
    const res = await post(
      ctx,
      RESET,
      {
        phone_number: user.phone,
        secret_key: call.code,
        password: 'Sovsem-Novyi-Parol-2',
        password2: 'Sovsem-Novyi-Parol-2',
      },
      { method: 'PUT' },
    );
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('errors.non_field_errors');
  });

  it('answers reset steps under their SPEC fields', async () => {
    const bad = await post(ctx, RESET_REQUEST, { phone_number: 'abc' });
    expect(bad.body).toEqual({ errors: { phone_number: ['Номер введен неверно'] } });
    const user = await createUser(ctx);
    await post(ctx, RESET_REQUEST, { phone_number: user.phone });
    const call = await callFor(user.phone);
    const wrongCode = await post(ctx, RESET_VERIFY, { phone_number: user.phone, code: wrong(call.code!) });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toEqual({ errors: { detail: 'Неверный код.' } });
    const mismatch = await post(
      ctx,
      RESET,
      { phone_number: user.phone, secret_key: '1234', password: GOOD_PASSWORD, password2: 'Другой-Пароль-1' },
      { method: 'PUT' },
    );
    expect(mismatch.body).toEqual({ errors: { password2: ['Пароли не совпадают'] } });
    const common = await post(
      ctx,
      RESET,
      { phone_number: user.phone, secret_key: '1234', password: 'password1', password2: 'password1' },
      { method: 'PUT' },
    );
    expect(common.body).toEqual({
      errors: { password: ['Этот пароль слишком распространен. Придумайте другой.'] },
    });
  });

  it('answers identically for registered and unknown phones, and calls only the registered one', async () => {
    const user = await createUser(ctx);
    const unknown = nextPhone();
    const a = await post(ctx, RESET_REQUEST, { phone_number: user.phone });
    const b = await post(ctx, RESET_REQUEST, { phone_number: unknown });
    expect([a.status, a.body]).toEqual([b.status, b.body]);
    // Code tries behave the same, attempt limit included.
    const seqs = [];
    for (const phone of [user.phone, unknown]) {
      const seq = [];
      for (let i = 0; i <= CODE_MAX_ATTEMPTS; i++) {
        const r = await post(ctx, RESET_VERIFY, { phone_number: phone, code: '9999' });
        seq.push([r.status, r.body]);
      }
      seqs.push(seq);
    }
    // (A 1-in-10 000 chance that 9999 is the real code would make the first sequence differ.)
    expect(seqs[0]).toEqual(seqs[1]);
    expect(seqs[1]!.at(-1)).toEqual([
      400,
      { errors: { detail: 'Превышено число попыток ввода кода. Запросите новый код.' } },
    ]);
    expect(await settledOutboxFor(ctx, unknown)).toEqual([]);
    expect((await settledOutboxFor(ctx, user.phone)).length).toBe(1);
  });

  it('activates an unconfirmed registration, since the call proved the phone', async () => {
    const user = await createUser(ctx, { active: false });
    await post(ctx, RESET_REQUEST, { phone_number: user.phone });
    const call = await callFor(user.phone);
    await post(ctx, RESET_VERIFY, { phone_number: user.phone, code: call.code });
    const password = 'Aktivnyi-Parol-2024';
    const set = await post(
      ctx,
      RESET,
      { phone_number: user.phone, secret_key: call.code, password, password2: password },
      { method: 'PUT' },
    );
    expect(set.status).toBe(200);
    await expect(login(ctx, user.phone, password)).resolves.toHaveProperty('access');
  });
});
