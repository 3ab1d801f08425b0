import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A local server that answers as SMS.ru's HTTP API documents it (https://sms.ru/api/send, /api/code_call), so the
// adapters (src/lib/gateways/smsru.ts) are tested against the provider's answers, errors and silences.
//
// `sms/send` and `code/call` take GET query or POST form parameters; with json=1 they answer
//   {"status":"OK","status_code":100,"sms":{"79255070602":{"status":"OK","status_code":100,"sms_id":"…"}},"balance":…}
//   {"status":"OK","code":"1435","call_id":"…","cost":0.4,"balance":…}
// and errors as {"status":"ERROR","status_code":N,"status_text":"…"} — for the whole request (a wrong api_id is
// 200) or, in sms/send, in one recipient's line (207: no messages may be sent to this number).

/** What the server does with the next request for a number. */
export type Behaviour =
  | 'ok'
  /** Recipient line ERROR 207 (sms/send), or request ERROR 207 (code/call). */
  | 'refused'
  /** Request ERROR 220: the service is temporarily unavailable, try a bit later. */
  | 'later'
  /** HTTP 503 with an HTML page (a balancer in front of the API). */
  | 'unavailable'
  /** An answer that is not JSON. */
  | 'garbage'
  /** Never answers. */
  | 'hang';

export interface SeenRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  /** What the server answered: the behaviour it applied. */
  behaviour: Behaviour;
  /** For code/call answered OK: the digits the "call" came from. */
  code?: string;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'Неправильный api_id',
  207: 'На этот номер (или один из номеров) нельзя отправлять сообщения, либо указано более 100 номеров в списке получателей',
  220: 'Сервис временно недоступен, попробуйте чуть позже',
};

export class FakeSmsRu {
  readonly seen: SeenRequest[] = [];
  private readonly scripts = new Map<string, Behaviour[]>();
  private readonly sockets = new Set<Socket>();
  private server!: Server;
  url = '';
  /**
   * How long each answer takes, as SMS.ru's round trip does (100–300 ms). The request counts as taken when its
   * body has arrived, before this wait: a client that dies meanwhile has had its message sent all the same.
   */
  latencyMs = 0;

  constructor(readonly apiId = 'TEST-API-ID') {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The next requests for this number (digits only) get these behaviours in turn, then `ok`. */
  script(number: string, ...behaviours: Behaviour[]): void {
    this.scripts.set(number, [...behaviours]);
  }

  /** Requests that reached the server for a number (sms/send's `to`, code/call's `phone`). */
  for(number: string): SeenRequest[] {
    return this.seen.filter((r) => (r.params.to ?? r.params.phone) === number);
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += String(chunk);
      Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
    }
    const path = url.pathname.replace(/^\/+/, '');
    const number = params.to ?? params.phone ?? '';
    const queue = this.scripts.get(number);
    const behaviour: Behaviour = queue?.shift() ?? 'ok';
    const seen: SeenRequest = { method: req.method ?? '', path, params, behaviour };
    this.seen.push(seen);
    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));

    if (behaviour === 'hang') return; // the socket stays open until stop()
    if (behaviour === 'unavailable') {
      res
        .writeHead(503, { 'content-type': 'text/html' })
        .end('<html><body>503 Service Unavailable</body></html>');
      return;
    }
    if (behaviour === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      return;
    }
    if (path !== 'sms/send' && path !== 'code/call') return this.error(res, 211); // method not found
    if (params.api_id !== this.apiId) return this.error(res, 200);
    if (params.json !== '1') {
      // Without json=1 SMS.ru answers lines of text; the adapters always ask for JSON.
      res.writeHead(200, { 'content-type': 'text/plain' }).end('100\n000000-10000000\nbalance=4122.56');
      return;
    }
    if (behaviour === 'later') return this.error(res, 220);

    if (path === 'code/call') {
      if (behaviour === 'refused') return this.error(res, 207);
      seen.code = String(randomInt(0, 10_000)).padStart(4, '0');
      this.json(res, {
        status: 'OK',
        code: seen.code,
        call_id: '000000-10000000',
        cost: 0.4,
        balance: 4122.56,
      });
      return;
    }
    const line =
      behaviour === 'refused'
        ? { status: 'ERROR', status_code: 207, status_text: STATUS_TEXT[207] }
        : { status: 'OK', status_code: 100, sms_id: `000000-${this.seen.length}` };
    this.json(res, { status: 'OK', status_code: 100, sms: { [number]: line }, balance: 4122.56 });
  }

  private error(res: ServerResponse, code: number): void {
    this.json(res, { status: 'ERROR', status_code: code, status_text: STATUS_TEXT[code] ?? 'Ошибка' });
  }

  private json(res: ServerResponse, body: unknown): void {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
}
