import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

// Fastify's close() waits for the requests whose clients are still connected, not for route handlers whose client
// has gone: a bench or a browser that closes its connections leaves handlers running (awaiting the database) while
// close() resolves and its onClose hooks run — and the entry point then ended the database pool under them
// ("Cannot use a pool after calling end"). So every route handler is counted while it runs, and shutdown waits for
// the count to reach zero (bounded) before the job engine, Redis and the pool are closed.

export class InFlightHandlers {
  private running = 0;
  private waiters: (() => void)[] = [];

  /** Handlers running now. */
  get count(): number {
    return this.running;
  }

  /** For an onRoute hook: the route's handler, counted while it runs (until its promise settles). */
  track(route: RouteOptions): void {
    const handler = route.handler;
    const enter = () => (this.running += 1);
    const leave = () => this.leave();
    // A function, not an arrow: the handler is called with Fastify's instance as `this`, and passes it on.
    route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      enter();
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (err) {
        leave();
        throw err;
      }
      if (result instanceof Promise) return result.finally(leave);
      leave();
      return result;
    };
  }

  /** Resolves true once no handler runs, or false after `timeoutMs` with some still running. */
  drained(timeoutMs: number): Promise<boolean> {
    if (this.running === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(done);
    });
  }

  private leave(): void {
    this.running -= 1;
    if (this.running > 0) return;
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}
