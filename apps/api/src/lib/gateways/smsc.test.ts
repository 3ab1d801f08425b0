import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSmsc } from '../../../test/fake-smsc';
import { GatewayError, type SmsMessage, type SmsProvider } from './gateways';
import { createSmscSms, smscMessageId, type SmscOptions } from './smsc';

// Issue #16: the SMSC adapter against a local server that answers as SMSC documents (test/fake-smsc.ts): success
// under our own message id, SMSC's error codes sorted into permanent (reported at once) and transient (retried),
// the road's troubles, a provider that never answers — and the lookup that makes a resend safe: a message SMSC took
// is found by number + id and not sent again, one it never got is not found and is sent once; SMSC's refusal of a
// repeated request (error 9) never turns into a second text.

let smsc: FakeSmsc;
let opts: SmscOptions;
let sms: SmsProvider;
const TIMEOUT_MS = 400;

beforeAll(async () => {
  smsc = await new FakeSmsc().start();
  opts = { login: smsc.login, password: smsc.password, baseUrl: smsc.url, timeoutMs: TIMEOUT_MS };
  sms = createSmscSms(opts);
});
afterAll(() => smsc.stop());

let seq = 0;
/** A number of its own per test (+7 901 000 00 NN), a text, and a job id as the message's ref. */
function message(): { msg: SmsMessage; digits: string; ref: string } {
  seq += 1;
  const digits = `790100000${String(seq).padStart(2, '0')}`;
  return {
    msg: { to: `+${digits}`, purpose: 'register', code: '4321', text: 'Подбор: код подтверждения 4321' },
    digits,
    ref: randomUUID(),
  };
}

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayError);
  return err as GatewayError;
}

describe('SMSC send.php', () => {
  it('posts login, password, the number as digits, the text, our id, fmt=3 and utf-8; SMSC takes it once', async () => {
    const { msg, digits, ref } = message();
    await createSmscSms({ ...opts, sender: 'Podbor' }).send(msg, ref);
    const [req] = smsc.for(digits);
    expect(req).toMatchObject({
      method: 'POST',
      path: 'sys/send.php',
      params: {
        login: smsc.login,
        psw: smsc.password,
        phones: digits,
        mes: 'Подбор: код подтверждения 4321',
        id: ref,
        sender: 'Podbor',
        fmt: '3',
        charset: 'utf-8',
      },
    });
    expect(smsc.textsTo(digits)).toEqual([expect.objectContaining({ id: ref, mes: msg.text })]);
  });

  it('gives each message an id SMSC accepts, the same for the same ref', () => {
    const uuid = randomUUID();
    expect(smscMessageId(uuid)).toBe(uuid);
    const long = `job:${'x'.repeat(60)}`;
    expect(smscMessageId(long)).toMatch(/^[A-Za-z0-9._-]{40}$/);
    expect(smscMessageId(long)).toBe(smscMessageId(long));
    expect(smscMessageId(long)).not.toBe(smscMessageId(`${long}y`));
  });

  // A bad number, no money on the account, a forbidden message, a number that cannot be delivered to, bad parameters.
  it.each([
    ['error-7', 7],
    ['error-3', 3],
    ['error-6', 6],
    ['error-8', 8],
    ['error-1', 1],
  ] as const)('%s (%s) is permanent', async (behaviour, code) => {
    const { msg, digits, ref } = message();
    smsc.script(digits, behaviour);
    const err = await failure(sms.send(msg, ref));
    expect(err.permanent).toBe(true);
    expect(err.detail).toContain(`error ${code}`);
    expect(smsc.textsTo(digits)).toHaveLength(0);
  });

  it('a wrong login or password (2) is permanent', async () => {
    const { msg, ref } = message();
    const err = await failure(createSmscSms({ ...opts, password: 'wrong' }).send(msg, ref));
    expect(err.permanent).toBe(true);
    expect(err.detail).toContain('error 2');
  });

  it('an IP blocked for a while (4), a 503 and an answer that is not JSON are transient', async () => {
    for (const behaviour of ['error-4', 'unavailable', 'garbage'] as const) {
      const { msg, digits, ref } = message();
      smsc.script(digits, behaviour);
      const err = await failure(sms.send(msg, ref));
      expect(err.permanent, behaviour).toBe(false);
      expect(smsc.textsTo(digits)).toHaveLength(0);
    }
  });

  it('no answer within the timeout is transient', async () => {
    const { msg, digits, ref } = message();
    smsc.script(digits, 'hang');
    const started = performance.now();
    const err = await failure(sms.send(msg, ref));
    expect(err.permanent).toBe(false);
    expect(err.detail).toContain(`no answer in ${TIMEOUT_MS} ms`);
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 3_000);
  });

  it('a provider that is not there is a transient network error', async () => {
    const { msg, ref } = message();
    const err = await failure(createSmscSms({ ...opts, baseUrl: 'http://127.0.0.1:9' }).send(msg, ref));
    expect(err.permanent).toBe(false);
    expect(err.detail).toContain('network error');
  });
});

describe('SMSC: a send retried after one whose answer never came', () => {
  it('SMSC took the first (timed out or cut off): the lookup finds it, and no second text goes out', async () => {
    const { msg, digits, ref } = message();
    smsc.script(digits, 'hang');
    await failure(sms.send(msg, ref));
    expect(smsc.textsTo(digits)).toHaveLength(1);
    // The next run of the job asks before sending.
    expect(await sms.taken!(msg, ref)).toBe(true);
    expect(smsc.for(digits).map((r) => r.path)).toEqual(['sys/send.php', 'sys/status.php']);
    expect(smsc.for(digits)[1]!.params).toMatchObject({ phone: digits, id: ref, fmt: '3' });
    expect(smsc.textsTo(digits)).toHaveLength(1);
  });

  it('the first never reached SMSC: the lookup does not find it, and the resend is the one text', async () => {
    const { msg, digits, ref } = message();
    smsc.script(digits, 'lost');
    await failure(sms.send(msg, ref));
    expect(smsc.textsTo(digits)).toHaveLength(0);
    expect(await sms.taken!(msg, ref)).toBe(false);
    await sms.send(msg, ref);
    expect(smsc.textsTo(digits)).toHaveLength(1);
  });

  it('"not found" given as error 3 of status.php is not found too', async () => {
    const { msg, digits, ref } = message();
    smsc.script(digits, 'not-found-as-error');
    expect(await sms.taken!(msg, ref)).toBe(false);
  });

  it('another message to the same number is not taken for this one', async () => {
    const first = message();
    await sms.send(first.msg, first.ref);
    expect(await sms.taken!(first.msg, randomUUID())).toBe(false);
  });

  it('a lookup SMSC refuses for a while (4) or for good (2) is an error, not an answer', async () => {
    const { msg, digits, ref } = message();
    smsc.script(digits, 'error-4');
    expect((await failure(sms.taken!(msg, ref))).permanent).toBe(false);
    const wrong = createSmscSms({ ...opts, password: 'wrong' });
    expect((await failure(wrong.taken!(msg, ref))).permanent).toBe(true);
  });

  it("SMSC's duplicate guard (9) after a taken request: the text is out, so the send succeeds without a second", async () => {
    const { msg, digits, ref } = message();
    smsc.script(digits, 'hang');
    await failure(sms.send(msg, ref));
    // Sent again at once, without the lookup (as an admin's retry of the job would): SMSC refuses the twin.
    await sms.send(msg, ref);
    expect(smsc.for(digits).map((r) => r.path)).toEqual(['sys/send.php', 'sys/send.php', 'sys/status.php']);
    expect(smsc.textsTo(digits)).toHaveLength(1);
  });

  it('the duplicate guard (9) when SMSC has no such message is transient: the retry after the minute sends', async () => {
    const { msg, digits, ref } = message();
    smsc.script(digits, 'error-9');
    const err = await failure(sms.send(msg, ref));
    expect(err.permanent).toBe(false);
    expect(err.detail).toContain('error 9');
    expect(smsc.for(digits).map((r) => r.path)).toEqual(['sys/send.php', 'sys/status.php']);
    expect(smsc.textsTo(digits)).toHaveLength(0);
  });
});
