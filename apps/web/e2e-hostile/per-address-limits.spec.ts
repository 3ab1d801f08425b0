import { expect, test } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import { randomInt } from 'node:crypto';
import { API_BASE_URL, apiGet, queryDb, uniquePhoneDigits } from '../e2e/support';

// Issue #12: a visitor must not escape the API's per-address limits by naming another address in
// X-Forwarded-For. The API believes that header from the storefront (loopback); the storefront must therefore
// send the address it saw itself. This pair runs with ORDERS_PER_IP_PER_HOUR small and the per-caller limit
// high, and every order below comes from a new visitor (a fresh visitor token), so only the per-address limit
// can stop them.
//
// The orders leave from an address of their own in 127.0.0.0/8, new on every run, and claim addresses new on
// every run: the counters (Redis, one hour) then start at zero whatever ran before, the main suite from
// 127.0.0.1 included.

const PER_ADDRESS = Number(process.env.ORDERS_PER_IP_PER_HOUR);
const CODES_PER_ADDRESS = Number(process.env.CODE_SENDS_PER_IP_PER_HOUR);
const BASE_URL = process.env.BASE_URL!;
const run = [randomInt(1, 255), randomInt(0, 256), randomInt(1, 255)];
const CLIENT = `127.${run.join('.')}`;
const forged = (i: number) => `10.${run[1]}.${run[2]}.${i + 1}`;
const control = (i: number) => `172.16.${run[2]}.${i + 1}`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { token?: string; errors?: { detail?: string } };
}

/** A POST from CLIENT (Node's http: a browser or Playwright cannot choose the address it connects from). */
function post(url: string, headers: Record<string, string>, data?: unknown): Promise<Answer> {
  const body = data === undefined ? '' : JSON.stringify(data);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        localAddress: CLIENT,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : {} }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let orderBody: () => Record<string, unknown>;

test.beforeAll(async () => {
  expect(PER_ADDRESS, 'ORDERS_PER_IP_PER_HOUR of the hostile pair').toBeGreaterThan(0);
  const rows = await queryDb<{ slug: string; branch_id: number }>(
    `select p.slug, b.id as branch_id
       from stock s join warehouses w on w.id = s.warehouse_id join branches b on b.id = w.branch_id
       join products p on p.id = s.product_id
      where s.quantity - s.reserved >= 20 and p.is_active and not p.is_service and b.is_active
      order by p.id limit 1`,
    [],
  );
  expect(rows, 'DATABASE_URL of the hostile pair').not.toBeNull();
  const methods = await apiGet<{ type: string; values: { id: number }[] }[]>('/api/v1/payment/methods/');
  const cash = methods.find((g) => g.type === 'CASH')!.values[0]!.id;
  const { slug, branch_id: branchId } = rows![0]!;
  orderBody = () => ({
    name: 'Иван Петров',
    phone: '+7 (912) 345-67-89',
    email: '',
    payment_type: 'CASH',
    payment_method_id: cash,
    cart: [{ slug, quantity: 1, with_installation: false }],
    branch_office_id: Number(branchId),
    placement_type: 'CART',
    consent: true,
  });
});

/** Every way a client may claim an address. */
const claiming = (address: string) => ({
  'x-forwarded-for': address,
  'x-real-ip': address,
  forwarded: `for=${address}`,
  'x-podbor-client-address': address,
});

/** An order by a new visitor through the storefront (no cookies: the proxy gets a visitor token itself). */
const orderThroughShop = (address: string) =>
  post(`${BASE_URL}/api/v1/payment/orders/`, claiming(address), orderBody());

test('orders through the storefront with a new forged X-Forwarded-For each still meet the per-address limit', async () => {
  for (let i = 0; i < PER_ADDRESS; i++) {
    const placed = await orderThroughShop(forged(i));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  }
  const refused = await orderThroughShop(forged(PER_ADDRESS));
  expect(refused.status, JSON.stringify(refused.body)).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(refused.body.errors?.detail).toMatch(/Слишком много заказов/);
});

// The control: the same orders relayed to the API from this host with the claimed address, which is what the
// storefront used to do, are counted under the claimed addresses and all go through. The limit above holds only
// because the storefront sends the address it saw (on the code before the fix, the test above fails this way).
test('control: relayed with the claimed address, every forged address gets a fresh allowance', async () => {
  for (let i = 0; i <= PER_ADDRESS; i++) {
    const headers = { 'x-forwarded-for': control(i) };
    const visitor = await post(`${API_BASE_URL}/api/v1/user/token/unauthorized_user/`, headers);
    expect(visitor.status).toBe(200);
    const placed = await post(
      `${API_BASE_URL}/api/v1/payment/orders/`,
      { ...headers, authorization: visitor.body.token! },
      orderBody(),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  }
});

// The registration SMS of the report: 30 of 30 went out to different numbers from one machine, each request
// naming another address. Each phone below is new (its own per-phone allowance is untouched), so only the
// per-address limit of registration codes can stop the run.
test('registration SMS to new phones with a new forged address each still meet the per-address limit', async () => {
  expect(CODES_PER_ADDRESS, 'CODE_SENDS_PER_IP_PER_HOUR of the hostile pair').toBeGreaterThan(0);
  const register = (i: number) => {
    const digits = uniquePhoneDigits();
    return post(`${BASE_URL}/api/v1/user/register/`, claiming(`10.${run[1]}.${run[2]}.${100 + i}`), {
      phone_number: `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8, 10)}`,
      password: 'Kolobok-2026-podbor',
      password2: 'Kolobok-2026-podbor',
    });
  };
  for (let i = 0; i < CODES_PER_ADDRESS; i++) {
    const sent = await register(i);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  }
  const refused = await register(CODES_PER_ADDRESS);
  expect(refused.status, JSON.stringify(refused.body)).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  // Says when to try again.
  expect(refused.body.errors?.detail).toMatch(/через \d+/);
});
