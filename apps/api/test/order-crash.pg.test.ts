import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/db/client';
import { startSession } from '../src/lib/sessions';
import { adminUrl, templateName } from './db-template';

// Crash safety of order placement on PostgreSQL: the API process is killed with SIGKILL in the middle of a stream
// of orders; after a restart every order has its reservation, every reservation its order, stock.reserved equals
// the open reservations, and every order the client was told about exists. PostgreSQL only (a killed process cannot
// corrupt it, so the test is about our transactions); `*.pg.test.ts` files need TEST_DATABASE_URL.

const pgUrl = process.env.TEST_DATABASE_URL;
const apiRoot = path.resolve(import.meta.dirname, '..');
const JWT_SECRET = 'crash-test-secret-'.padEnd(48, 'x');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

describe.runIf(pgUrl)('order placement survives SIGKILL (PostgreSQL)', () => {
  let admin: DbHandle;
  let handle: DbHandle;
  let dbUrl: string;
  let dbName: string;
  let dataDir: string;
  let port: number;
  let child: ChildProcess | undefined;

  async function start(): Promise<ChildProcess> {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiRoot,
      env: {
        ...process.env,
        DATABASE_URL: dbUrl,
        DATA_DIR: dataDir,
        API_PORT: String(port),
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        REDIS_URL: '',
        ORDER_EXPIRY_SWEEP_SECONDS: '0',
        // A stream of orders from a few callers on one address: the per-hour and open-order limits would stop it.
        ORDERS_PER_CALLER_PER_HOUR: '0',
        ORDERS_PER_IP_PER_HOUR: '0',
        OPEN_ORDERS_PER_CALLER: '0',
        OPEN_ORDERS_PER_IP: '0',
        // Half the orders are card orders on the sandbox provider, which is off unless enabled.
        PAYMENT_SANDBOX_ENABLED: 'true',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; i < 240; i++) {
      if (proc.exitCode !== null) throw new Error(`API exited with ${proc.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return proc;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('API did not start');
  }

  beforeAll(async () => {
    dbName = `pay_crash_${randomBytes(4).toString('hex')}`;
    admin = await createDb({ databaseUrl: adminUrl(pgUrl!), poolSize: 1 });
    await admin.db.execute(sql.raw(`create database "${dbName}" template "${templateName(pgUrl!)}"`));
    const u = new URL(pgUrl!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    handle = await createDb({ databaseUrl: dbUrl, poolSize: 2 });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'podbor-crash-'));
    port = await freePort();
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await handle?.close();
    await admin?.db.execute(sql.raw(`drop database if exists "${dbName}" with (force)`));
    await admin?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps orders, reservations and stock consistent across a crash', async () => {
    const q = async <T>(query: ReturnType<typeof sql>) => (await handle.db.execute(query)).rows as T[];
    // A city's branches and a few goods with enough stock for the whole stream, plus one scarce product.
    const branchesList = await q<{ id: number; warehouse_id: number; city_id: number }>(
      sql`select b.id, min(w.id) as warehouse_id, b.city_id from branches b join warehouses w on w.branch_id = b.id
          where b.is_active and b.city_id = (select b2.city_id from branches b2 join warehouses w2 on w2.branch_id = b2.id
            where b2.is_active group by b2.city_id order by count(distinct b2.id) desc, b2.city_id limit 1)
          group by b.id order by b.id`,
    );
    const goods = await q<{ id: number; slug: string }>(
      sql`select id, slug from products where is_active and not is_service order by id limit 4`,
    );
    for (const [i, g] of goods.entries()) {
      await handle.db.execute(sql`delete from stock where product_id = ${g.id}`);
      for (const b of branchesList) {
        await handle.db.execute(
          sql`insert into stock (warehouse_id, product_id, quantity) values (${b.warehouse_id}, ${g.id}, ${i === 0 ? 3 : 400})`,
        );
      }
    }
    const methods = await q<{ id: number; gateway: string }>(sql`select id, gateway from payment_methods`);
    const cashId = Number(methods.find((m) => m.gateway === 'cash')!.id);
    const cardId = Number(methods.find((m) => m.gateway === 'sandbox')!.id);
    const users = await q<{ id: number }>(
      sql`insert into users (phone_number, password_hash, is_active) select '+7950' || lpad(g::text, 7, '0'), 'x', true from generate_series(1, 8) g returning id`,
    );
    const tokens = await Promise.all(
      users.map(
        async (u) =>
          (await startSession(handle.db, JWT_SECRET, { id: Number(u.id), role: 'customer' })).access,
      ),
    );

    child = await start();
    const acknowledged = new Set<number>();
    let sent = 0;
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const card = (w + i) % 2 === 0;
        const lines = [goods[(w + i) % goods.length]!, goods[(w + i + 1) % goods.length]!].map((g, k) => ({
          slug: g.slug,
          quantity: 1 + k,
          with_installation: false,
        }));
        sent += 1;
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/v1/payment/orders/`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[w % tokens.length]}`,
              'idempotency-key': `crash-${w}-${i}`,
            },
            body: JSON.stringify({
              name: 'Тест Сбой',
              phone: '+79990000000',
              email: '',
              payment_type: card ? 'CARD' : 'CASH',
              payment_method_id: card ? cardId : cashId,
              cart: lines,
              branch_office_id: Number(branchesList[(w + i) % branchesList.length]!.id),
              transport_id: '',
              placement_type: 'BUY_NOW',
              consent: true,
            }),
          });
          if (res.status === 201) acknowledged.add(((await res.json()) as { id: number }).id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    // Kill once orders are flowing, in the middle of the stream.
    for (let i = 0; i < 200 && acknowledged.size < 25; i++) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    stop = true;
    await Promise.all(workers);
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(sent).toBeGreaterThan(acknowledged.size); // some requests were in flight when the process died

    child = await start();
    const check = async () => {
      const [r] = await q<{
        stock_mismatch: number;
        orders_without: number;
        orphan_reservations: number;
        negative: number;
        orders: number;
      }>(
        sql`select
          (select count(*)::int from stock s where s.reserved <> coalesce((select sum(r.quantity) from reservations r
             where r.warehouse_id = s.warehouse_id and r.product_id = s.product_id and r.released_at is null), 0)) as stock_mismatch,
          (select count(*)::int from order_items oi join orders o on o.id = oi.order_id
             where not oi.is_service and o.status not in ('cancelled', 'completed')
               and oi.quantity <> coalesce((select sum(r.quantity) from reservations r
                 where r.order_id = o.id and r.product_id = oi.product_id and r.released_at is null), 0)) as orders_without,
          (select count(*)::int from reservations r left join orders o on o.id = r.order_id where o.id is null) as orphan_reservations,
          (select count(*)::int from stock where reserved > quantity or reserved < 0) as negative,
          (select count(*)::int from orders) as orders`,
      );
      return r!;
    };
    const after = await check();
    console.info(
      `crash test: ${sent} orders sent, ${acknowledged.size} acknowledged before SIGKILL, ${after.orders} in the database after restart`,
    );
    expect(after).toMatchObject({
      stock_mismatch: 0,
      orders_without: 0,
      orphan_reservations: 0,
      negative: 0,
    });
    expect(after.orders).toBeGreaterThanOrEqual(acknowledged.size);
    const found = await q<{ id: number }>(
      sql`select id from orders where id = any(${`{${[...acknowledged].join(',')}}`}::int[])`,
    );
    expect(found.length).toBe(acknowledged.size);
    // The scarce product was never oversold.
    const [scarce] = await q<{ reserved: number }>(
      sql`select sum(reserved)::int as reserved from stock where product_id = ${goods[0]!.id}`,
    );
    expect(Number(scarce!.reserved)).toBeLessThanOrEqual(3 * branchesList.length);

    // The restarted API works on the same data.
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/payment/orders/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
      body: JSON.stringify({
        name: 'После Сбоя',
        phone: '+79990000001',
        payment_type: 'CASH',
        payment_method_id: cashId,
        cart: [{ slug: goods[1]!.slug, quantity: 1 }],
        branch_office_id: Number(branchesList[0]!.id),
        placement_type: 'BUY_NOW',
      }),
    });
    expect(res.status).toBe(201);
    expect(await check()).toMatchObject({
      stock_mismatch: 0,
      orders_without: 0,
      orphan_reservations: 0,
      negative: 0,
    });
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
  }, 180_000);
});
