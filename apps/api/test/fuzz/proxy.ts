import { readFileSync, existsSync } from 'node:fs';
import { API_ROUTES } from '@podbor/contract';
import { discoverSamples, fuzzPlan, type CallerKind, type FuzzRequest, type OpenApiDoc } from './requests';
import { formatReport, judge, runFuzz, type FuzzResponse } from './runner';

// The fuzz suite through the storefront: the same generated requests, sent over HTTP to the built web app's
// same-origin `/api/v1/…` and `/api/v2/…` proxy, plus malformed page URLs. Fails (exit code 1) on any 5xx or
// failed request, any /api answer that is an error outside the JSON envelope, any answer slower than 5 s
// (FUZZ_NOSNIFF=1: also any answer without X-Content-Type-Options: nosniff).
// scripts/test-e2e.mjs runs it after the browser suite; by hand, with the API and storefront running:
//   FUZZ_BASE_URL=http://127.0.0.1:3100 FUZZ_API_URL=http://127.0.0.1:4100 FUZZ_OUTBOX=data/e2e/outbox.jsonl \
//   NODE_OPTIONS=--max-http-header-size=65536 npx tsx apps/api/test/fuzz/proxy.ts
// (the storefront's redirects of over-long URLs repeat them in two headers, more than fetch's default 16 KiB).
// FUZZ_PROXY_REQUESTS (default 3000), FUZZ_SEED, FUZZ_REPLAY, FUZZ_BUDGET_S (default 300), FUZZ_CONCURRENCY.

const env = process.env;
const BASE = required('FUZZ_BASE_URL');
const API = required('FUZZ_API_URL');
const OUTBOX = required('FUZZ_OUTBOX');
const COUNT = Number(env.FUZZ_PROXY_REQUESTS ?? 3000);
const SEED = Number(env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const REPLAY = env.FUZZ_REPLAY === undefined ? undefined : Number(env.FUZZ_REPLAY);
const BUDGET_MS = Number(env.FUZZ_BUDGET_S ?? 300) * 1000;
const CONCURRENCY = Number(env.FUZZ_CONCURRENCY ?? 4);
const NOSNIFF = env.FUZZ_NOSNIFF === '1';

function required(name: string): string {
  const value = env[name];
  if (!value) {
    console.error(`fuzz-proxy: set ${name}`);
    process.exit(2);
  }
  return value;
}

/** Page URLs a scanner tries: bad escapes, traversal, NUL, over-long paths and queries. */
const PAGE_URLS: readonly string[] = [
  '/',
  '/%',
  '/%zz',
  '/%00',
  '/%E0%A4%A',
  '/%ED%A0%80',
  '/catalog/%/',
  '/catalog/%E0%A4%A/',
  '/catalog/masla/%00/',
  '/product/%ED%A0%80/',
  '/product/..%2F..%2Fetc%2Fpasswd/',
  '/search?query=%',
  '/search?query=%00',
  '/search?query=%ED%A0%80&query=2',
  `/search?query=${'a'.repeat(6000)}`,
  `/${'a'.repeat(4000)}`,
  '/profile/?__proto__[x]=1',
  '/_next/static/..%2F..%2Fpackage.json',
  '/_next/image?url=%00&w=1&q=1',
  '/_next/image?url=http://169.254.169.254/&w=64&q=75',
  '/media/%00.webp',
  '/media/..%2F..%2Fpackage.json',
  '/api/session/?%',
  '/api/v1/%',
  '/api/v1/%ED%A0%80/',
  '/api/v1/showcase/?%=%',
  '/api/v3/showcase/',
  '/api/docs/json',
];

/** Cookies per caller, kept up to date from every answer as a browser would. */
const jars: Record<CallerKind, Map<string, string>> = {
  anonymous: new Map(),
  visitor: new Map(),
  user: new Map(),
};

function absorb(jar: Map<string, string>, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    if (eq <= 0) continue;
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

async function send(req: FuzzRequest): Promise<FuzzResponse> {
  const jar = jars[req.caller];
  const headers: Record<string, string> = {
    // The e2e storefront trusts loopback proxies: each generated client gets its own address.
    'x-forwarded-for': `198.18.${(req.client >> 8) & 255}.${req.client & 255}`,
    ...req.headers,
  };
  if (jar.size) headers.cookie = cookieHeader(jar);
  const res = await fetch(BASE + req.url, {
    method: req.method,
    headers,
    ...(req.body !== undefined ? { body: Buffer.from(req.body, req.bodyEncoding ?? 'utf8') } : {}),
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  if (req.caller !== 'anonymous') absorb(jar, res);
  const body = await res.text();
  return { status: res.status, headers: Object.fromEntries(res.headers), body };
}

async function post(jar: Map<string, string>, path: string, payload: unknown, address: string) {
  const res = await fetch(BASE + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieHeader(jar), 'x-forwarded-for': address },
    body: JSON.stringify(payload),
  });
  absorb(jar, res);
  return { status: res.status, body: await res.text() };
}

/** A visitor session and a registered, signed-in customer, both held in cookies by the storefront. */
async function signIn(): Promise<void> {
  const visitor = await post(jars.visitor, API_ROUTES.unauthorizedToken.path, {}, '198.19.0.1');
  if (visitor.status >= 300 || jars.visitor.size === 0) throw new Error(`visitor token: ${visitor.status}`);
  const phone = `+7955${String(SEED % 10_000_000).padStart(7, '0')}`;
  const password = 'Fuzz-Proxy-Parol-42';
  const started = Date.now();
  const reg = await post(
    jars.user,
    API_ROUTES.register.path,
    { phone_number: phone, password, password2: password },
    '198.19.0.2',
  );
  if (reg.status >= 300) throw new Error(`register: ${reg.status} ${reg.body}`);
  let code: string | undefined;
  // The API sends the code as a background job (a worker polls every JOBS_POLL_SECONDS): allow it some seconds.
  for (let i = 0; i < 150 && !code; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    const lines = existsSync(OUTBOX) ? readFileSync(OUTBOX, 'utf8').split('\n').filter(Boolean) : [];
    const entry = lines
      .map((l) => JSON.parse(l) as { at: string; to: string; code: string | null })
      .reverse()
      .find((e) => e.to === phone && e.code && Date.parse(e.at) >= started - 1000);
    code = entry?.code ?? undefined;
  }
  if (!code) throw new Error(`no registration code for ${phone} in ${OUTBOX}`);
  const verified = await post(
    jars.user,
    API_ROUTES.registerVerify.path,
    { phone_number: phone, code },
    '198.19.0.2',
  );
  if (verified.status >= 300 || !jars.user.has('access'))
    throw new Error(`verify: ${verified.status} ${verified.body}`);
}

async function main() {
  const doc = (await (await fetch(`${API}/api/docs/json`)).json()) as OpenApiDoc;
  const samples = await discoverSamples(async (url) => (await fetch(BASE + url)).json());
  await signIn();
  const api = fuzzPlan(doc, samples, SEED);
  // Every 10th request is a page URL; the rest alternate between the walk (strided, so a few thousand
  // requests still reach every operation) and random requests.
  const plan = {
    ...api,
    generate(index: number): FuzzRequest {
      if (index % 10 === 9) {
        const url = PAGE_URLS[Math.floor(index / 10) % PAGE_URLS.length]!;
        return {
          index,
          operation: 'page',
          method: 'GET',
          url,
          headers: {},
          caller: 'visitor',
          client: index,
        };
      }
      const n = index - Math.floor(index / 10);
      const half = Math.ceil((COUNT * 0.9) / 2);
      const stride = Math.max(1, Math.floor(api.walkSize / half));
      const inner =
        n % 2 === 0 ? Math.min(((n / 2) * stride) % api.walkSize, api.walkSize - 1) : api.walkSize + n;
      return { ...api.generate(inner), index };
    },
  };
  console.log(
    `fuzz-proxy: ${BASE} (API ${API}), seed ${SEED}, ${api.operations.length} operations, ${COUNT} requests`,
  );
  const replay = (i: number) =>
    `FUZZ_SEED=${SEED} FUZZ_REPLAY=${i} FUZZ_PROXY_REQUESTS=${COUNT} FUZZ_BASE_URL=${BASE} FUZZ_API_URL=${API} FUZZ_OUTBOX=${OUTBOX} npx tsx apps/api/test/fuzz/proxy.ts`;
  // An API address is judged by the path the storefront sees: fetch resolves `..` and `.` segments, so
  // `/api/docs/../../package.json` asks for `/package.json`, a page address answered by the shop's 404 page.
  const apiPath = (url: string) => new URL(url, BASE).pathname.startsWith('/api/');
  const check = (req: FuzzRequest, res: FuzzResponse, ms: number) =>
    judge(req, res, ms, { requireNosniff: NOSNIFF, apiPath });

  if (REPLAY !== undefined) {
    const req = plan.generate(REPLAY);
    const res = await send(req);
    console.log(JSON.stringify(req, null, 2), '\n→', res.status, res.body.slice(0, 2000));
    process.exit(check(req, res, 0) ? 1 : 0);
  }

  const report = await runFuzz({
    plan,
    count: COUNT,
    concurrency: CONCURRENCY,
    budgetMs: BUDGET_MS,
    send,
    judge: check,
  });
  console.log(formatReport(report, replay, { perOperation: Boolean(env.FUZZ_VERBOSE) }));
  process.exit(report.failures.length || report.outOfTime ? 1 : 0);
}

main().catch((e: unknown) => {
  console.error('fuzz-proxy:', e);
  process.exit(1);
});
