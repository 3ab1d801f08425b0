import { FakeProviderServer, type SeenRequest } from './fake-provider';

// A local server that answers as SMSC's HTTP API documents it (https://smsc.ru/api/http: send.php, status.php,
// fmt=3), so the adapter (src/lib/gateways/smsc.ts) is tested against the provider's answers, errors and silences,
// and the cluster test counts each text the "provider" took. The server itself, the recording and the road's
// troubles (hang, 503, not JSON): fake-provider.ts.
//
// `sys/send.php` (login, psw, phones, mes, id, sender, fmt=3) answers {"id":<id>,"cnt":1}, or
// {"error":"…","error_code":N} (with "id" for 3, 6, 7, 8). An identical request within a minute of one it took is
// refused with error 9, as SMSC does. `sys/status.php` (login, psw, phone, id, fmt=3) answers
// {"status":1,"last_date":"…","last_timestamp":…} for a message it took to that number under that id, and
// {"status":-3} («Сообщение не найдено») for one it did not.

/** SMSC's own answers a number can be scripted to get for its next request (besides `ok` and the road's). */
type SmscBehaviour =
  /**
   * An error answer of that code (send.php: 1 parameters, 3 no money, 4 IP blocked, 6 forbidden, 7 bad number,
   * 8 undeliverable, 9 a repeated request — as SMSC answers a twin of a request it refused or never finished).
   */
  | `error-${1 | 3 | 4 | 6 | 7 | 8 | 9}`
  /** The request never reaches SMSC and no answer comes (cut off on the way): nothing is taken. */
  | 'lost'
  /** status.php answers "not found" as error 3 rather than as status -3. */
  | 'not-found-as-error';

/** A text SMSC took: sent once to the number. */
export interface Delivery {
  phone: string;
  id: string;
  mes: string;
  sender?: string;
  at: number;
}

const ERROR_TEXT: Record<number, string> = {
  1: 'Ошибка в параметрах.',
  2: 'Неверный логин или пароль.',
  3: 'Недостаточно средств на счете Клиента.',
  4: 'IP-адрес временно заблокирован из-за частых ошибок в запросах.',
  6: 'Сообщение запрещено (по тексту или по имени отправителя).',
  7: 'Неверный формат номера телефона.',
  8: 'Сообщение на указанный номер не может быть доставлено.',
  9: 'Отправка более одного одинакового запроса на передачу SMS-сообщения либо более пяти одинаковых запросов на получение стоимости сообщения в течение минуты.',
};
/** send.php's errors that name the message's id in the answer. */
const ERRORS_WITH_ID = new Set([3, 6, 7, 8]);

export class FakeSmsc extends FakeProviderServer<SmscBehaviour> {
  /** Every text taken, in order. */
  readonly delivered: Delivery[] = [];
  /** SMSC's window for refusing an identical send request (error 9). */
  duplicateWindowMs = 60_000;

  constructor(
    readonly login = 'podbor',
    readonly password = 'TEST-PASSWORD',
  ) {
    super();
  }

  /** The texts taken for a number (digits). */
  textsTo(number: string): Delivery[] {
    return this.delivered.filter((d) => d.phone === number);
  }

  /** send.php's `phones`, status.php's `phone`. */
  protected numberOf(params: Record<string, string>): string {
    return params.phones ?? params.phone ?? '';
  }

  protected record(base: SeenRequest<SmscBehaviour>): SeenRequest<SmscBehaviour> {
    return base;
  }

  protected answer({ path, params, behaviour }: SeenRequest<SmscBehaviour>): unknown {
    if (behaviour === 'lost') return undefined;
    if (params.login !== this.login || params.psw !== this.password) return error(2);
    if (behaviour.startsWith('error-')) {
      const code = Number(behaviour.slice('error-'.length));
      return ERRORS_WITH_ID.has(code) && params.id ? { ...error(code), id: params.id } : error(code);
    }
    if (path === 'sys/send.php') return this.send(params, behaviour === 'hang');
    if (path === 'sys/status.php') {
      if (!params.phone || !params.id) return error(1);
      // With two messages under one id SMSC reports the last.
      const found = this.delivered.findLast((d) => d.phone === params.phone && d.id === params.id);
      if (!found)
        return behaviour === 'not-found-as-error'
          ? { error: 'Сообщение не найдено.', error_code: 3 }
          : { status: -3 };
      const at = new Date(found.at);
      return {
        status: 1,
        last_date: at.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' }).replace(',', ''),
        last_timestamp: Math.floor(found.at / 1000),
      };
    }
    return error(1);
  }

  private send(params: Record<string, string>, hang: boolean): unknown {
    const { phones, mes, id, sender } = params;
    if (!phones || !mes) return error(1);
    if (!/^\d{10,15}$/.test(phones)) return { ...error(7), ...(id ? { id } : {}) };
    const now = Date.now();
    const twin = this.delivered.findLast(
      (d) => d.phone === phones && d.mes === mes && d.id === (id ?? d.id) && d.sender === sender,
    );
    if (twin && now - twin.at < this.duplicateWindowMs) return error(9);
    const taken: Delivery = { phone: phones, id: id ?? String(this.delivered.length + 1), mes, at: now };
    if (sender) taken.sender = sender;
    this.delivered.push(taken);
    if (hang) return undefined; // taken, and the answer never comes
    // Without fmt=3 SMSC answers a line of text; the adapter always asks for JSON.
    if (params.fmt !== '3') return `OK - 1 SMS, ID - ${taken.id}`;
    return { id: taken.id, cnt: 1 };
  }
}

function error(code: number): { error: string; error_code: number } {
  return { error: ERROR_TEXT[code] ?? 'Ошибка', error_code: code };
}
