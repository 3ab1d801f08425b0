import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../src/db/schema';
import { hashCode } from '../src/lib/one-time-codes';
import { createUser, GOOD_PASSWORD, nextIp, nextPhone, post } from './auth-helpers';
import { FakeSmsRu } from './fake-smsru';
import { createTestContext, type TestContext } from './helpers';

// Issue #16: the API with SMS_PROVIDER=smsru and CALL_PROVIDER=smsru against the local SMS.ru server, the job
// engine running (its default retries: 10–20 s, then doubling). A registration answers at once while SMS.ru does
// not answer at all; the text goes out on the retry and its code confirms the account. A reset call's code is
// the digits SMS.ru's calling number ends with, which the API stores once SMS.ru names them.

const REGISTER = '/api/v1/user/register/';
const REGISTER_VERIFY = '/api/v1/user/register/verify/';
const RESET_REQUEST = '/api/v1/user/reset_password_request/';
const RESET_VERIFY = '/api/v1/user/reset_password_verify/';
const GATEWAY_TIMEOUT_MS = 3_000;

let ctx: TestContext;
let smsru: FakeSmsRu;

beforeAll(async () => {
  smsru = await new FakeSmsRu().start();
  ctx = await createTestContext({
    config: {
      jobs: { enabled: true, concurrency: 1, poolSize: 1, pollingSeconds: 0.5 },
      gateways: {
        sms: 'smsru',
        call: 'smsru',
        mail: 'outbox',
        smsru: { apiId: smsru.apiId, url: smsru.url, test: false },
        timeoutMs: GATEWAY_TIMEOUT_MS,
      },
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await smsru?.stop();
});

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('messages through SMS.ru, as jobs', () => {
  it('answers a registration at once while SMS.ru hangs; the retry sends the code, which confirms', async () => {
    const phone = nextPhone();
    const digits = phone.slice(1);
    smsru.script(digits, 'hang');
    const ip = nextIp();
    const started = performance.now();
    const res = await post(
      ctx,
      REGISTER,
      { phone_number: phone, password: GOOD_PASSWORD, password2: GOOD_PASSWORD },
      { ip },
    );
    const took = performance.now() - started;
    expect(res.status).toBe(200);
    // Well under the provider's timeout: the request only wrote the job.
    expect(took).toBeLessThan(GATEWAY_TIMEOUT_MS / 2);

    await until(() => smsru.for(digits).some((r) => r.behaviour === 'ok'), 25_000);
    const requests = smsru.for(digits);
    expect(requests.map((r) => r.behaviour)).toEqual(['hang', 'ok']);
    const code = /код подтверждения (\d{4})$/.exec(requests[1]!.params.msg ?? '')?.[1];
    expect(code).toMatch(/^\d{4}$/);
    const verify = await post(ctx, REGISTER_VERIFY, { phone_number: phone, code }, { ip });
    expect(verify.status, verify.raw).toBe(200);
    expect(verify.body).toMatchObject({ access: expect.any(String), refresh: expect.any(String) });
  }, 40_000);

  it('a reset call: the code is the last digits of the number SMS.ru called from', async () => {
    const user = await createUser(ctx);
    const digits = user.phone.slice(1);
    const ip = nextIp();
    expect((await post(ctx, RESET_REQUEST, { phone_number: user.phone }, { ip })).status).toBe(200);
    await until(() => smsru.for(digits).some((r) => r.code), 10_000);
    const [call] = smsru.for(digits);
    expect(call).toMatchObject({ path: 'code/call', params: { phone: digits, ip } });
    const providerDigits = call!.code!;
    // The job stores SMS.ru's digits as the code right after SMS.ru answers.
    const storedHash = async () => {
      const [row] = await ctx.handle.db
        .select({ codeHash: verificationCodes.codeHash })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.target, user.phone), eq(verificationCodes.purpose, 'reset_call')))
        .orderBy(desc(verificationCodes.id))
        .limit(1);
      return row?.codeHash;
    };
    const expected = hashCode(ctx.config.jwtSecret, 'reset_call', user.phone, providerDigits);
    await until(async () => (await storedHash()) === expected, 5_000);
    const verify = await post(ctx, RESET_VERIFY, { phone_number: user.phone, code: providerDigits }, { ip });
    expect(verify.status, verify.raw).toBe(200);
    expect(verify.body).toEqual({ secret_key: expect.any(String) });
  });
});
