import { randomInt } from 'node:crypto';
import { FakeProviderServer, type SeenRequest as BaseSeen } from './fake-provider';

// A local server that answers as SMS.ru's HTTP API documents it (https://sms.ru/api/send, /api/code_call), so the
// adapters (src/lib/gateways/smsru.ts) are tested against the provider's answers, errors and silences.
//
// `sms/send` and `code/call` take GET query or POST form parameters; with json=1 they answer
//   {"status":"OK","status_code":100,"sms":{"79255070602":{"status":"OK","status_code":100,"sms_id":"…"}},"balance":…}
//   {"status":"OK","code":"1435","call_id":"…","cost":0.4,"balance":…}
// and errors as {"status":"ERROR","status_code":N,"status_text":"…"} — for the whole request (a wrong api_id is
// 200) or, in sms/send, in one recipient's line (207: no messages may be sent to this number). The server itself,
// the recording and the road's troubles (hang, 503, not JSON): fake-provider.ts.

/** SMS.ru's own answers a number can be scripted to get (besides `ok` and the road's troubles). */
type SmsRuBehaviour =
  /** Recipient line ERROR 207 (sms/send), or request ERROR 207 (code/call). */
  | 'refused'
  /** Request ERROR 220: the service is temporarily unavailable, try a bit later. */
  | 'later';

interface SeenRequest extends BaseSeen<SmsRuBehaviour> {
  /** For code/call answered OK: the digits the "call" came from. */
  code?: string;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'Неправильный api_id',
  207: 'На этот номер (или один из номеров) нельзя отправлять сообщения, либо указано более 100 номеров в списке получателей',
  220: 'Сервис временно недоступен, попробуйте чуть позже',
};

const error = (code: number) => ({
  status: 'ERROR',
  status_code: code,
  status_text: STATUS_TEXT[code] ?? 'Ошибка',
});

export class FakeSmsRu extends FakeProviderServer<SmsRuBehaviour, SeenRequest> {
  constructor(readonly apiId = 'TEST-API-ID') {
    super();
  }

  /** sms/send's `to`, code/call's `phone`. */
  protected numberOf(params: Record<string, string>): string {
    return params.to ?? params.phone ?? '';
  }

  protected record(base: BaseSeen<SmsRuBehaviour>): SeenRequest {
    return { ...base };
  }

  protected answer(seen: SeenRequest): unknown {
    const { path, params, behaviour } = seen;
    if (behaviour === 'hang') return undefined; // no answer is coming: nothing to make up
    if (path !== 'sms/send' && path !== 'code/call') return error(211); // method not found
    if (params.api_id !== this.apiId) return error(200);
    // Without json=1 SMS.ru answers lines of text; the adapters always ask for JSON.
    if (params.json !== '1') return '100\n000000-10000000\nbalance=4122.56';
    if (behaviour === 'later') return error(220);
    if (path === 'code/call') {
      if (behaviour === 'refused') return error(207);
      seen.code = String(randomInt(0, 10_000)).padStart(4, '0');
      return { status: 'OK', code: seen.code, call_id: '000000-10000000', cost: 0.4, balance: 4122.56 };
    }
    const line =
      behaviour === 'refused'
        ? { status: 'ERROR', status_code: 207, status_text: STATUS_TEXT[207] }
        : { status: 'OK', status_code: 100, sms_id: `000000-${this.seen.length}` };
    return { status: 'OK', status_code: 100, sms: { [this.numberOf(params)]: line }, balance: 4122.56 };
  }
}
