import { createHash } from 'node:crypto';
import { GatewayError, type SmsMessage, type SmsProvider } from './gateways';
import { postForm } from './http-form';

// SMSC's HTTP API (https://smsc.ru/api/http): texts through `sys/send.php`, a message's state through
// `sys/status.php`, both with fmt=3 (JSON) and charset=utf-8 (the default is windows-1251).
//
// What SMS.ru lacks and SMSC has: the sender names each message (`id`, a number 1…2147483647 or up to 40 of
// [A-Za-z0-9.-_]) and can look it up afterwards by number + id. Every run of a `send` job sends under the same id
// (derived from the job's), so a run that follows one whose request had no answer asks status.php first
// (`taken`): SMSC has it → it was sent, not again; SMSC does not → it never arrived, and is sent now. That is what
// makes a text exactly once even when a SIGKILL cut its request off (lib/gateways/messages.ts).
//
// Answers: send.php `{"id":…,"cnt":1}` or `{"error":"…","error_code":N}` (with "id" for 3, 6, 7, 8);
// status.php `{"status":N,"last_date":…,"last_timestamp":…}`, status -3 = «Сообщение не найдено», or an error.

export interface SmscOptions {
  login: string;
  password: string;
  /** https://smsc.ru, or a local server in tests. */
  baseUrl: string;
  timeoutMs: number;
  /** A sender name registered with SMSC; unset = the account's default. */
  sender?: string;
}

/**
 * send.php's error codes after which the same request may pass later: 4 "IP address temporarily blocked because of
 * frequent errors". 1 (parameters), 2 (login or password), 3 (no money), 5 (date format), 6 (message forbidden by
 * text or sender), 7 (bad number format), 8 (cannot be delivered to the number) are about the request itself:
 * sending it again repeats the refusal. 9 ("more than one identical request to send an SMS within a minute") is the
 * duplicate guard and is answered by a lookup (see send). A code SMSC does not document is retried: before any
 * resend the message is looked up, so a retry never doubles a text.
 */
const PERMANENT_SEND_CODES = new Set([1, 2, 3, 5, 6, 7, 8]);
const DUPLICATE_REQUEST = 9;
/** status.php: 1 (parameters) and 2 (login or password) are for good; 4 and 9 (too many lookups) pass later. */
const PERMANENT_STATUS_CODES = new Set([1, 2]);
/** The status «Сообщение не найдено»; some answers give it as error 3 of status.php instead. */
const NOT_FOUND_STATUS = -3;
const NOT_FOUND_ERROR = 3;

interface SmscAnswer {
  id?: number | string;
  cnt?: number;
  status?: number;
  error?: string;
  error_code?: number;
}

const ID_PATTERN = /^[A-Za-z0-9._-]{1,40}$/;

/**
 * SMSC's message id for `ref` (the job's id): the ref itself when SMSC accepts it as an id (a pg-boss job id, a
 * UUID, is 36 such characters), else 40 characters of its SHA-256 in base64url — the same for every run.
 */
export function smscMessageId(ref: string): string {
  return ID_PATTERN.test(ref) ? ref : createHash('sha256').update(ref).digest('base64url').slice(0, 40);
}

/** SMSC takes the number as digits in international format: 79255070602. */
const digitsOf = (phone: string) => phone.replace(/\D/g, '');

function refusal(call: string, answer: SmscAnswer, permanent: boolean): GatewayError {
  return new GatewayError(`SMSC ${call}: error ${answer.error_code} ${answer.error ?? ''}`.trim(), permanent);
}

export function createSmscSms(opts: SmscOptions): SmsProvider {
  const call = (script: string, params: Record<string, string>) =>
    postForm(
      `SMSC ${script}`,
      `${opts.baseUrl}/sys/${script}`,
      { login: opts.login, psw: opts.password, fmt: '3', charset: 'utf-8', ...params },
      opts.timeoutMs,
    ) as Promise<SmscAnswer>;

  async function taken(message: SmsMessage, ref: string): Promise<boolean> {
    const answer = await call('status.php', { phone: digitsOf(message.to), id: smscMessageId(ref) });
    if (typeof answer.error_code === 'number') {
      if (answer.error_code === NOT_FOUND_ERROR) return false;
      throw refusal('status.php', answer, PERMANENT_STATUS_CODES.has(answer.error_code));
    }
    if (typeof answer.status !== 'number')
      throw new GatewayError('SMSC status.php: the answer has no status', false);
    // Any other status (waiting, handed to the operator, delivered, expired, undeliverable…) is a message SMSC took.
    return answer.status !== NOT_FOUND_STATUS;
  }

  return {
    taken,
    async send(message, ref) {
      const params: Record<string, string> = {
        phones: digitsOf(message.to),
        mes: message.text,
        id: smscMessageId(ref),
      };
      if (opts.sender) params.sender = opts.sender;
      const answer = await call('send.php', params);
      if (typeof answer.error_code !== 'number') {
        // Neither an error nor the count of parts: whether SMSC took it is unknown, and the retry looks it up.
        if (answer.cnt === undefined && answer.id === undefined)
          throw new GatewayError('SMSC send.php: the answer has neither id nor error', false);
        return;
      }
      if (answer.error_code === DUPLICATE_REQUEST) {
        // SMSC refused this request as a repeat of one it got within the minute (ours, whose answer we never
        // saw). If that one was taken the text is out: done. If not, the minute passes and the retry sends.
        if (await taken(message, ref)) return;
        throw refusal('send.php', answer, false);
      }
      throw refusal('send.php', answer, PERMANENT_SEND_CODES.has(answer.error_code));
    },
  };
}
