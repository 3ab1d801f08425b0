import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const API_BASE_URL = process.env.API_BASE_URL || 'http://127.0.0.1:4000';
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../artifacts/screenshots/', import.meta.url));

export const isPhone = (info: TestInfo) => info.project.name === 'phone';

export interface Showcase {
  title: string;
  tagline: string;
  seo_description: string;
  description: string;
  footer_text: string;
  phone: string;
}

export async function apiGet<T>(pathname: string): Promise<T> {
  const res = await fetch(`${API_BASE_URL}${pathname}`);
  if (!res.ok) throw new Error(`${pathname}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

export async function screenshot(page: Page, info: TestInfo, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}-${info.project.name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await info.attach(name, { path: file, contentType: 'image/png' });
}

/** Axe on the page (or one part of it): no serious or critical violation. */
export async function expectAccessible(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
}

/** Rows of the API's database (test-e2e.mjs passes DATABASE_URL); null when the suite runs without one. */
export async function queryDb<T>(sql: string, params: unknown[]): Promise<T[] | null> {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A phone number nobody else in this run uses (the API limits callbacks per number). */
export function uniquePhoneDigits(): string {
  const n = String(Date.now() % 10_000_000).padStart(7, '0');
  return `9${String(Math.floor(Math.random() * 90) + 10)}${n}`;
}

/**
 * A visitor in Moscow (or the first city with a branch, with its first branch chosen) holding one oil filter in the
 * cart: the one at `index` (modulo the page) of the category's first page. Returns the product's slug.
 */
export async function cartWithOneLine(
  page: Page,
  baseURL: string,
  index: number,
  category = 'maslyanye-filtry',
): Promise<string> {
  const cities = await apiGet<{ slug: string; branches: { id: number }[] }[]>('/api/v1/branches/');
  const city =
    cities.find((c) => c.slug === 'moskva' && c.branches.length > 0) ??
    cities.find((c) => c.branches.length > 0)!;
  const url = new URL(baseURL);
  await page.context().addCookies([
    { name: 'selectedCity', value: city.slug, domain: url.hostname, path: '/' },
    { name: 'selectedBranchId', value: String(city.branches[0]!.id), domain: url.hostname, path: '/' },
  ]);
  await page.goto('/');
  const list = await page.request.post(`/api/v1/catalog/${category}/products/`, {
    data: { page: 1, sort: 'popular', order: 'desc', filter: {} },
  });
  const results = ((await list.json()) as { results: { slug: string }[] }).results;
  // The listing shows goods in stock anywhere; the cart takes only what the chosen city has (409 otherwise), so
  // the first product from `index` on that the city has is the one.
  for (let k = 0; k < results.length; k++) {
    const slug = results[(index + k) % results.length]!.slug;
    const added = await page.request.post('/api/v1/payment/cart/add-item/', {
      data: { product: slug, quantity: 1, with_installation: false, transport: '', city: city.slug },
    });
    if (added.status() === 409) continue;
    expect(added.status(), await added.text()).toBe(200);
    return slug;
  }
  throw new Error(`no product of ${category} is in stock in ${city.slug}`);
}

export interface OutboxEntry {
  at: string;
  to: string;
  purpose: string;
  code?: string;
}

/**
 * The messages in the gateways' outbox file, oldest first. Other workers append to it meanwhile: a line still being
 * written (or a file not there yet) is skipped, not a failure.
 */
export function outboxEntries(file: string): OutboxEntry[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').flatMap((line) => {
    try {
      return [JSON.parse(line) as OutboxEntry];
    } catch {
      return [];
    }
  });
}

/** The password of customers signed up by the e2e suites. */
export const CUSTOMER_PASSWORD = 'Zapchast-2026!';

/** Sign-up through the API (code from the outbox), then sign-in through the storefront so the page has the cookies. */
export async function signUp(page: Page): Promise<{ phone: string; access: string }> {
  const phone = `+7${uniquePhoneDigits()}`;
  // A fresh address per sign-up: the API limits code sends per address, and this suite is not the only one signing up.
  const forwarded = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': forwarded };
  const reg = await fetch(`${API_BASE_URL}/api/v1/user/register/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone_number: phone, password: CUSTOMER_PASSWORD, password2: CUSTOMER_PASSWORD }),
  });
  expect(reg.status, await reg.clone().text()).toBeLessThan(300);
  const outbox = process.env.OUTBOX_PATH || path.join(process.env.DATA_DIR || 'data', 'outbox.jsonl');
  let code: string | undefined;
  // The API sends codes as background jobs (a worker polls every JOBS_POLL_SECONDS): allow it some seconds.
  for (let i = 0; i < 150 && !code; i++) {
    code = outboxEntries(outbox)
      .filter((m) => m.to === phone && m.purpose === 'register')
      .at(-1)?.code;
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  expect(code, `code for ${phone} in ${outbox}`).toBeTruthy();
  const verify = await fetch(`${API_BASE_URL}/api/v1/user/register/verify/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone_number: phone, code }),
  });
  expect(verify.status).toBeLessThan(300);
  const login = await page.request.post('/api/v1/user/login/', {
    data: { phone_number: phone, password: CUSTOMER_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const direct = await fetch(`${API_BASE_URL}/api/v1/user/login/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone_number: phone, password: CUSTOMER_PASSWORD }),
  });
  const { access } = (await direct.json()) as { access: string };
  return { phone, access };
}
