import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// What the local SMS provider servers (fake-smsru.ts, fake-smsc.ts) share: an HTTP server on a free port that
// takes GET query or POST form parameters as both providers' APIs do, records every request, answers after
// `latencyMs`, plays per-number scripted behaviours, and the road's troubles a provider's API can show — no answer
// at all, a balancer's 503 page, a 200 that is not JSON. What a provider answers otherwise is its subclass's.

/** The road's troubles, the same for every provider. */
export type RoadBehaviour =
  /** Never answers (the socket stays open until stop()). */
  | 'hang'
  /** HTTP 503 with an HTML page (a balancer in front of the API). */
  | 'unavailable'
  /** An answer that is not JSON. */
  | 'garbage';

export interface SeenRequest<B extends string> {
  method: string;
  path: string;
  params: Record<string, string>;
  /** What the server answered: the behaviour it applied. */
  behaviour: B | RoadBehaviour | 'ok';
}

export abstract class FakeProviderServer<B extends string, S extends SeenRequest<B> = SeenRequest<B>> {
  readonly seen: S[] = [];
  private readonly scripts = new Map<string, (B | RoadBehaviour)[]>();
  private readonly sockets = new Set<Socket>();
  private server!: Server;
  url = '';
  /**
   * How long each answer takes, as a provider's round trip does (100–300 ms). The request counts as taken when its
   * body has arrived, before this wait: a client that dies meanwhile has had its message sent all the same.
   */
  latencyMs = 0;

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
  script(number: string, ...behaviours: (B | RoadBehaviour)[]): void {
    this.scripts.set(number, [...behaviours]);
  }

  /** Requests that reached the server for a number. */
  for(number: string): S[] {
    return this.seen.filter((r) => this.numberOf(r.params) === number);
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The number a request is about (its recipient), the key of `script`. */
  protected abstract numberOf(params: Record<string, string>): string;

  /**
   * The provider's own part, as the request arrives (before the latency): records what it takes and returns the
   * answer to give — a JSON body, or a string for a text one — or undefined for none (the socket stays open).
   */
  protected abstract answer(seen: S): unknown;

  protected abstract record(base: SeenRequest<B>): S;

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += String(chunk);
      Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
    }
    const path = url.pathname.replace(/^\/+/, '');
    const behaviour = this.scripts.get(this.numberOf(params))?.shift() ?? 'ok';
    const seen = this.record({ method: req.method ?? '', path, params, behaviour });
    this.seen.push(seen);
    // Both the unavailable balancer and a proxy's page never reach the provider: nothing is taken.
    const body = behaviour === 'unavailable' || behaviour === 'garbage' ? undefined : this.answer(seen);
    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));

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
    if (behaviour === 'hang' || body === undefined) return;
    if (typeof body === 'string') res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
}
