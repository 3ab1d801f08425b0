// Whether this API process should get traffic (GET /api/health/ready). server.ts listens before it migrates,
// so a load balancer sees the process come up and keeps it out of rotation until the schema is current; it
// also marks the drain of a shutdown. Tests build apps that are ready from the start.

export class Readiness {
  private state: 'migrating' | 'ready' | 'stopping';
  private readonly waiters: (() => void)[] = [];

  constructor(migrating = false) {
    this.state = migrating ? 'migrating' : 'ready';
  }

  get migrating(): boolean {
    return this.state === 'migrating';
  }

  get stopping(): boolean {
    return this.state === 'stopping';
  }

  /** Migrations are done: the process may take traffic, and the work waiting for them starts. */
  migrated(): void {
    if (this.state !== 'migrating') return;
    this.state = 'ready';
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** A shutdown began: probes answer 503 while in-flight requests finish. */
  stop(): void {
    this.state = 'stopping';
  }

  /** Runs `work` once migrations are done (at once when they are). */
  afterMigrations(work: () => void): void {
    if (this.state === 'migrating') this.waiters.push(work);
    else work();
  }
}
