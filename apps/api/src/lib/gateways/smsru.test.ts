import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSmsRu } from '../../../test/fake-smsru';
import { GatewayError } from './gateways';
import { createSmsRuCalls, createSmsRuSms, type SmsRuOptions } from './smsru';

// Issue #16: the SMS.ru adapters against a local server that answers as SMS.ru documents (test/fake-smsru.ts):
// success, the provider's error codes sorted into permanent (reported at once) and transient (retried), a 5xx,
// an answer that is not JSON, a provider that never answers, and one that is not there at all.

let smsru: FakeSmsRu;
let opts: SmsRuOptions;
const TIMEOUT_MS = 400;

beforeAll(async () => {
  smsru = await new FakeSmsRu().start();
  opts = { apiId: smsru.apiId, baseUrl: smsru.url, timeoutMs: TIMEOUT_MS };
});
afterAll(() => smsru.stop());

let seq = 0;
/** A number of its own per test: +7 900 000 00 NN. */
function phone(): { to: string; digits: string } {
  seq += 1;
  const digits = `790000000${String(seq).padStart(2, '0')}`;
  return { to: `+${digits}`, digits };
}

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayError);
  return err as GatewayError;
}

describe('SMS.ru sms/send', () => {
  it('posts api_id, the number as digits, the text and json=1; an OK line for the number is a send', async () => {
    const { to, digits } = phone();
    await createSmsRuSms({ ...opts, from: 'Podbor' }).send({
      to,
      purpose: 'register',
      code: '1234',
      text: 'Подбор: код подтверждения 1234',
    });
    const [req] = smsru.for(digits);
    expect(req).toMatchObject({
      method: 'POST',
      path: 'sms/send',
      params: {
        api_id: smsru.apiId,
        to: digits,
        msg: 'Подбор: код подтверждения 1234',
        json: '1',
        from: 'Podbor',
      },
      behaviour: 'ok',
    });
    // Credentials and the code travel in the body, not in the address.
    expect(smsru.for(digits)).toHaveLength(1);
  });

  it('test mode adds test=1', async () => {
    const { to, digits } = phone();
    await createSmsRuSms({ ...opts, test: true }).send({ to, purpose: 'order_ready', text: 'Заказ готов' });
    expect(smsru.for(digits)[0]?.params.test).toBe('1');
  });

  it('a refused number (207 in its line) is permanent', async () => {
    const { to, digits } = phone();
    smsru.script(digits, 'refused');
    const err = await failure(createSmsRuSms(opts).send({ to, purpose: 'order_ready', text: 'x' }));
    expect(err.permanent).toBe(true);
    expect(err.detail).toContain('207');
  });

  it('a wrong api_id (200) is permanent', async () => {
    const { to } = phone();
    const err = await failure(
      createSmsRuSms({ ...opts, apiId: 'WRONG' }).send({ to, purpose: 'order_ready', text: 'x' }),
    );
    expect(err.permanent).toBe(true);
    expect(err.detail).toContain('200');
  });

  it('"service temporarily unavailable" (220) is transient', async () => {
    const { to, digits } = phone();
    smsru.script(digits, 'later');
    const err = await failure(createSmsRuSms(opts).send({ to, purpose: 'order_ready', text: 'x' }));
    expect(err.permanent).toBe(false);
    expect(err.detail).toContain('220');
  });

  it('an HTTP 503 and an answer that is not JSON are transient', async () => {
    const { to, digits } = phone();
    smsru.script(digits, 'unavailable', 'garbage');
    const first = await failure(createSmsRuSms(opts).send({ to, purpose: 'order_ready', text: 'x' }));
    expect([first.permanent, first.detail]).toEqual([false, 'SMS.ru sms/send: HTTP 503']);
    const second = await failure(createSmsRuSms(opts).send({ to, purpose: 'order_ready', text: 'x' }));
    expect([second.permanent, second.detail]).toEqual([false, 'SMS.ru sms/send: the answer is not JSON']);
  });

  it('a provider that never answers fails transiently after the timeout', async () => {
    const { to, digits } = phone();
    smsru.script(digits, 'hang');
    const started = performance.now();
    const err = await failure(createSmsRuSms(opts).send({ to, purpose: 'order_ready', text: 'x' }));
    const took = performance.now() - started;
    expect(err.permanent).toBe(false);
    expect(err.detail).toBe(`SMS.ru sms/send: no answer in ${TIMEOUT_MS} ms`);
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(took).toBeLessThan(TIMEOUT_MS + 3000);
  });

  it('a provider that is not there (connection refused) is transient', async () => {
    // A port that was just free: nothing listens on it.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = s.address() as { port: number };
        s.close(() => resolve(p));
      });
    });
    const { to } = phone();
    const err = await failure(
      createSmsRuSms({ ...opts, baseUrl: `http://127.0.0.1:${port}` }).send({
        to,
        purpose: 'order_ready',
        text: 'x',
      }),
    );
    expect([err.permanent, err.detail]).toEqual([false, 'SMS.ru sms/send: network error']);
  });
});

describe('SMS.ru code/call', () => {
  it('asks for a call to the number with the customer address and returns the digits SMS.ru chose', async () => {
    const { to, digits } = phone();
    const answer = await createSmsRuCalls(opts).call({ to, code: '0000', ip: '203.0.113.7' });
    const [req] = smsru.for(digits);
    expect(req).toMatchObject({
      method: 'POST',
      path: 'code/call',
      params: { api_id: smsru.apiId, phone: digits, ip: '203.0.113.7', json: '1' },
    });
    // SMS.ru picks the calling number; our code is not sent to it at all.
    expect(Object.values(req!.params)).not.toContain('0000');
    expect(answer.digits).toBe(req!.code);
    expect(answer.digits).toMatch(/^\d{4}$/);
  });

  it('a refused number is permanent, "try later" and a hang are transient', async () => {
    const { to, digits } = phone();
    smsru.script(digits, 'refused', 'later', 'hang');
    const calls = createSmsRuCalls(opts);
    expect((await failure(calls.call({ to, code: '1111' }))).permanent).toBe(true);
    expect((await failure(calls.call({ to, code: '1111' }))).permanent).toBe(false);
    const hung = await failure(calls.call({ to, code: '1111' }));
    expect([hung.permanent, hung.detail]).toEqual([false, `SMS.ru code/call: no answer in ${TIMEOUT_MS} ms`]);
  });
});
