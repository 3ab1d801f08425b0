import { CODE_LENGTH } from '@podbor/contract';
import { GatewayError, type CallProvider, type SmsGateway } from './gateways';
import { postForm } from './http-form';

// SMS.ru's HTTP API (https://sms.ru/api): texts through `sms/send`, reset codes through `code/call` (a call from
// a random number of SMS.ru's pool; the answer says which four digits that number ends with, so SMS.ru — not
// we — chooses the code, and lib/gateways/messages.ts stores its digits in place of ours).
//
// Both answer JSON: `{"status":"OK","status_code":100,…}` or `{"status":"ERROR","status_code":N,"status_text":…}`;
// `sms/send` also answers per recipient under `sms.<number>`. The request itself: lib/gateways/http-form.ts.

export interface SmsRuOptions {
  apiId: string;
  /** https://sms.ru, or a local server in tests. */
  baseUrl: string;
  timeoutMs: number;
  /** A sender name agreed with SMS.ru; unset = the account's default. */
  from?: string;
  /** `test=1`: SMS.ru answers as if it sent, and sends nothing (staging). */
  test?: boolean;
}

/**
 * Status codes after which the same request may succeed later: 220 "service temporarily unavailable, try a bit
 * later", 500 "server error, repeat the request". Every other error code is about the request itself (200/300/301
 * bad api_id or login, 201 no money, 202/207 bad or forbidden number, 204 sender not agreed, 209 number in the
 * stop list, 230–233 the number's limits…): sending it again only repeats the refusal (or the cost).
 */
const RETRYABLE_CODES = new Set([220, 500]);

interface SmsRuAnswer {
  status?: string;
  status_code?: number;
  status_text?: string;
  sms?: Record<string, { status?: string; status_code?: number; status_text?: string; sms_id?: string }>;
  code?: string | number;
  call_id?: string;
}

/** SMS.ru wants the number as digits: 79255070602. */
const digitsOf = (phone: string) => phone.replace(/\D/g, '');

function refusal(what: string, code: number | undefined, text: string | undefined): GatewayError {
  const retry = code !== undefined && RETRYABLE_CODES.has(code);
  return new GatewayError(`SMS.ru ${what}: ${code ?? 'no status_code'} ${text ?? ''}`.trim(), !retry);
}

function post(opts: SmsRuOptions, method: string, params: Record<string, string>): Promise<SmsRuAnswer> {
  const form = { api_id: opts.apiId, json: '1', ...params };
  return postForm(
    `SMS.ru ${method}`,
    `${opts.baseUrl}/${method}`,
    form,
    opts.timeoutMs,
  ) as Promise<SmsRuAnswer>;
}

export function createSmsRuSms(opts: SmsRuOptions): SmsGateway {
  return {
    async send({ to, text }) {
      const number = digitsOf(to);
      const params: Record<string, string> = { to: number, msg: text };
      if (opts.from) params.from = opts.from;
      if (opts.test) params.test = '1';
      const answer = await post(opts, 'sms/send', params);
      if (answer.status !== 'OK') throw refusal('sms/send', answer.status_code, answer.status_text);
      // The request passed; the recipient's own line says whether this number's message was taken.
      const entries = Object.entries(answer.sms ?? {});
      const mine = answer.sms?.[number] ?? (entries.length === 1 ? entries[0]![1] : undefined);
      if (!mine) throw new GatewayError('SMS.ru sms/send: the answer has no line for the number', true);
      if (mine.status !== 'OK') throw refusal('sms/send', mine.status_code, mine.status_text);
    },
  };
}

const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

export function createSmsRuCalls(opts: SmsRuOptions): CallProvider {
  return {
    async call({ to, ip }) {
      const params: Record<string, string> = { phone: digitsOf(to) };
      if (ip) params.ip = ip;
      const answer = await post(opts, 'code/call', params);
      if (answer.status !== 'OK') throw refusal('code/call', answer.status_code, answer.status_text);
      const digits = String(answer.code ?? '');
      // The customer types as many digits as the shop's codes have; another length could never be entered.
      if (!CODE_PATTERN.test(digits))
        throw new GatewayError(`SMS.ru code/call: the answer's code is not ${CODE_LENGTH} digits`, true);
      return { digits };
    },
  };
}
