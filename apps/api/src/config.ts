import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The only module of the API that reads process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  API_HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /**
   * Streaming replicas of DATABASE_URL (one URL, or several separated by commas) that take the public catalogue
   * reads (db/replicas.ts); empty = every read on the primary.
   */
  DATABASE_REPLICA_URL: z.string().default(''),
  /** Connections of each replica's pool. */
  DATABASE_REPLICA_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** A replica further behind the primary than this is skipped until it catches up (ms). */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
  /** …or further behind than this many bytes of WAL; 0 = only the time bound. */
  DATABASE_REPLICA_MAX_LAG_BYTES: z.coerce.number().int().min(0).default(0),
  /** How often each replica's health and lag are checked (ms). */
  DATABASE_REPLICA_CHECK_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  REDIS_URL: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OUTBOX_PATH: z.string().optional(),
  CORS_ORIGINS: z.string().default('http://localhost:3000,http://127.0.0.1:3000'),
  JWT_SECRET: z.string().min(32).optional(),
  /**
   * Key that encrypts staff's authenticator (TOTP) secrets in the database. Unset: derived from JWT_SECRET — then
   * changing JWT_SECRET means enrolling every staff member again (`npm run staff -- --phone … --reset-totp`).
   */
  STAFF_TOTP_KEY: z.string().min(32).optional(),
  /** How long a back-office session lasts from its sign-in, in hours (customers' sessions last 30 days). */
  STAFF_SESSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * GET /api/metrics: with a token, only `Authorization: Bearer <token>` may read it (from any address); without
   * one, only callers on loopback or a private network (the client address as TRUST_PROXY resolves it).
   */
  METRICS_TOKEN: z
    .string()
    .min(16)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Whose X-Forwarded-For to believe: by default only the web app's proxy on this host or a private network. */
  TRUST_PROXY: z.string().default('loopback,uniquelocal'),
  /** Yandex ID (OAuth 2.0 authorization code). Sign-in with Yandex is offered only when the first three are set. */
  YANDEX_CLIENT_ID: z.string().optional(),
  YANDEX_CLIENT_SECRET: z.string().optional(),
  YANDEX_REDIRECT_URI: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  YANDEX_AUTHORIZE_URL: z.string().url().default('https://oauth.yandex.ru/authorize'),
  YANDEX_TOKEN_URL: z.string().url().default('https://oauth.yandex.ru/token'),
  YANDEX_USERINFO_URL: z.string().url().default('https://login.yandex.ru/info?format=json'),
  /** Space-separated scopes; empty = the scopes registered for the app at Yandex. */
  YANDEX_SCOPE: z.string().default(''),
  /** Yandex's user-info call wants `Authorization: OAuth <token>`; standard OIDC providers want `Bearer`. */
  YANDEX_USERINFO_AUTH_SCHEME: z.enum(['OAuth', 'Bearer']).default('OAuth'),
  /** Storefront origin as customers see it: payment providers send the browser back to `<PUBLIC_URL>/payment?orderId=`. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /** Where browsers reach this API (the sandbox payment page); default: through the storefront's /api proxy. */
  API_PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Where browsers load the files under `/media/` from (a CDN, or this API's own address): media URLs in answers
   * are `<MEDIA_PUBLIC_URL>/media/…`, so a client on another origin shows the images. Unset: API_PUBLIC_URL.
   */
  MEDIA_PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Per client host (X-Client-Host), where the payment provider sends the browser after a card payment:
   * `host=https://…{orderId}…` entries separated by commas. Unlisted hosts: `<PUBLIC_URL>/payment?orderId=…`.
   */
  PAYMENT_RETURN_URLS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const map: Record<string, string> = {};
      for (const entry of value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const at = entry.indexOf('=');
        const host = entry.slice(0, at).trim().toLowerCase().replace(/:\d+$/, '');
        const template = entry.slice(at + 1).trim();
        if (
          at < 1 ||
          !/^[a-z0-9.-]{1,253}$/.test(host) ||
          !/^https?:\/\/[^/\s]+/i.test(template) ||
          !template.includes('{orderId}')
        ) {
          ctx.addIssue({ code: 'custom', message: `expected host=https://…{orderId}…, got "${entry}"` });
          return z.NEVER;
        }
        map[host] = template;
      }
      return map;
    }),
  /**
   * The sandbox card provider (a local page that "pays" without money, so any customer could mark an order paid):
   * off unless asked for (demo, development, tests), and refused at start in production.
   */
  PAYMENT_SANDBOX_ENABLED: z.enum(['true', 'false', '1', '0']).default('false'),
  /** YooKassa (REST v3). Card payments go through it when the shop id and the secret key are both set. */
  YOOKASSA_SHOP_ID: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  YOOKASSA_SECRET_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  YOOKASSA_API_URL: z.string().url().default('https://api.yookassa.ru/v3'),
  /** 54-FZ receipt VAT code of the shop's goods (1 = без НДС, 4 = НДС 20%). */
  YOOKASSA_VAT_CODE: z.coerce.number().int().min(1).max(12).default(1),
  /** Unpaid online orders release their stock after this many minutes. */
  ORDER_PAYMENT_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  /**
   * How often the housekeeping sweep runs (expired unpaid orders, old Idempotency-Keys, idle anonymous visitors):
   * one job of the job engine per period across all processes; 0 = never (tests call the sweep themselves).
   */
  ORDER_EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  /**
   * The Yandex Market feed (/feeds/yandex.yml) is regenerated after a catalogue change at most this often, in
   * seconds (0 = on the next request after any change); until then the previous file is served.
   */
  YML_FEED_REFRESH_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** Orders paid at the branch hold their stock this long unless staff start assembling them. */
  ORDER_CASH_HOLD_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24)
    .default(72),
  /** The same for cash orders of anonymous visitors (a free token, no account): they hold stock for less. */
  ORDER_CASH_HOLD_HOURS_ANONYMOUS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24)
    .default(24),
  /** Orders one customer (user or visitor token) and one address may place per hour; 0 = no limit (benchmarks). */
  ORDERS_PER_CALLER_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(10),
  ORDERS_PER_IP_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(60),
  /** Guest order lookups (number + phone) one address may make per hour; 0 = no limit. */
  ORDER_LOOKUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(30),
  /**
   * One-time codes one address may have sent per hour, for each kind (registration texts with their resends,
   * reset calls, e-mail codes). Generous: a family, an office or a carrier's shared address must not be locked
   * out; the per-phone and shop-wide caps do the stopping.
   */
  CODE_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Shop-wide caps on registration texts and reset calls per hour (SMS pumping costs money); 0 = no cap. */
  CODE_SMS_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(300),
  CODE_CALLS_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(300),
  /** Wrong codes one phone may take per day and per week before its codes are neither checked nor sent. */
  CODE_FAILURES_PER_PHONE_PER_DAY: z.coerce.number().int().min(1).max(1000).default(10),
  CODE_FAILURES_PER_PHONE_PER_WEEK: z.coerce.number().int().min(1).max(10_000).default(20),
  /** How long the refresh token just replaced still answers (two tabs refreshing at once); 0 = never. */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /**
   * A session whose client has only ever refreshed with its first refresh token (older clients keep it and store
   * only the access token) may go on doing so; false = every spent token is a copy after the grace window.
   */
  REFRESH_FIRST_TOKEN_REUSE: z.enum(['true', 'false', '1', '0']).default('true'),
  /**
   * Open orders nobody has paid for yet (cash orders until they are collected, online ones until paid) that one
   * customer and one address may have at a time; 0 = no limit.
   */
  OPEN_ORDERS_PER_CALLER: z.coerce.number().int().min(0).max(100_000).default(3),
  OPEN_ORDERS_PER_IP: z.coerce.number().int().min(0).max(100_000).default(10),
  /** Anonymous-visitor tokens one address may take in 10 minutes (a browser needs one per visit). */
  VISITOR_TOKENS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** Lines (distinct products) of one order; 0 = only the contract's bound. */
  ORDER_MAX_LINES: z.coerce.number().int().min(0).max(1000).default(30),
  /** Units of one product in one order (and in the cart); 0 = only the contract's 999. */
  ORDER_LINE_MAX_UNITS: z.coerce.number().int().min(0).max(999).default(50),
  /** One order may take at most this share (%) of the city's available stock of a product (100 = all)… */
  ORDER_LINE_MAX_STOCK_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
  /** …but never fewer than this many units (a set of four): a stock this small may be ordered whole. */
  ORDER_LINE_WHOLE_STOCK_UP_TO: z.coerce.number().int().min(0).max(999).default(4),
  /** Orders paid at the branch (nobody pays up front): their total in roubles and units; 0 = no limit. */
  ORDER_CASH_MAX_TOTAL: z.coerce.number().min(0).max(100_000_000).default(150_000),
  ORDER_CASH_MAX_UNITS: z.coerce.number().int().min(0).max(100_000).default(40),
  /** Anonymous visitors with nothing in the cart and no orders are forgotten after this many hours unused. */
  VISITOR_IDLE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(365 * 24)
    .default(24),
  /** Every anonymous visitor (its cart too) is forgotten after this many days unused: the token cookie's lifetime. */
  VISITOR_MAX_IDLE_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /**
   * Who sends each kind of message (lib/gateways): `outbox` (the default) appends it to OUTBOX_PATH; `smsru` is
   * SMS.ru's HTTP API (texts, and reset codes by flash call); `smsc` is SMSC's HTTP API (texts; each exactly once,
   * README «Messages»); `smtp` is an SMTP server through nodemailer.
   */
  SMS_PROVIDER: z.enum(['outbox', 'smsru', 'smsc']).default('outbox'),
  CALL_PROVIDER: z.enum(['outbox', 'smsru']).default('outbox'),
  MAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  /** SMS.ru: the account's api_id, the API's address (a local server in tests), a sender name, test mode. */
  SMSRU_API_ID: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMSRU_URL: z.string().url().default('https://sms.ru'),
  SMSRU_FROM: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMSRU_TEST: z.enum(['true', 'false', '1', '0']).default('false'),
  /** SMSC: the account's login and password (or an API password), the API's address (a local server in tests), a sender name. */
  SMSC_LOGIN: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMSC_PASSWORD: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMSC_URL: z.string().url().default('https://smsc.ru'),
  SMSC_SENDER: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** SMTP: smtps://user:password@host:465 (or smtp://…:587, STARTTLS), and the From address. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected smtp://… or smtps://…')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** How long one call to a provider may take before it counts as failed (and is retried). */
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Run background jobs (imports…) in this process; default on, off in tests (a test starts the engine itself). */
  JOBS_ENABLED: z.enum(['true', 'false', '1', '0']).optional(),
  /** Jobs of each kind this process runs at a time. */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Connections of the job engine's own pool (PostgreSQL only). */
  JOBS_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(4),
  /** How often an idle worker looks for a new job, seconds. */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Lines of an import file applied (and checkpointed) in one transaction. */
  IMPORT_BATCH_LINES: z.coerce.number().int().min(10).max(50_000).default(2_000),
  /** Lines of a supplier's price list applied (and checkpointed) in one transaction. */
  PRICE_LIST_BATCH_LINES: z.coerce.number().int().min(10).max(50_000).default(5_000),
  /** 1C exchange (CommerceML 2): the largest part of a file 1C may send in one call (`file_limit` of init). */
  EXCHANGE_1C_FILE_LIMIT: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(512 * 1024 * 1024)
    .default(16 * 1024 * 1024),
  /** The price type of offers.xml that is the shop's price (its Ид or Наименование); empty = the first one listed. */
  EXCHANGE_1C_PRICE_TYPE: z.string().default(''),
  /** Records (groups, products, offers) applied by one `mode=import` call: 1C calls again while it answers progress. */
  EXCHANGE_1C_BATCH: z.coerce.number().int().min(1).max(100_000).default(2_000),
  /** How long an exchange session (the cookie of checkauth) lives, in hours. */
  EXCHANGE_1C_SESSION_HOURS: z.coerce.number().int().min(1).max(72).default(6),
});

/** Limits on one-time codes (ARCHITECTURE §2 keeps the per-recipient ones: 59 s apart, 5 an hour). */
export interface CodeLimits {
  sendsPerIpPerHour: number;
  /** 0 = no cap. */
  smsPerHour: number;
  callsPerHour: number;
  failuresPerPhonePerDay: number;
  failuresPerPhonePerWeek: number;
}

export interface YooKassaConfig {
  shopId: string;
  secretKey: string;
  apiUrl: string;
  vatCode: number;
}

/** One external sign-in method (OAuth 2.0 authorization-code flow with a confidential client). */
export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scope: string;
  userinfoAuthScheme: 'OAuth' | 'Bearer';
}

export interface GatewaysConfig {
  sms: 'outbox' | 'smsru' | 'smsc';
  call: 'outbox' | 'smsru';
  mail: 'outbox' | 'smtp';
  /** Set when a channel uses SMS.ru. */
  smsru?: { apiId: string; url: string; from?: string; test: boolean };
  /** Set when texts go through SMSC. */
  smsc?: { login: string; password: string; url: string; sender?: string };
  /** Set when e-mail goes through SMTP. */
  smtp?: { url: string; from: string };
  timeoutMs: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; undefined = embedded PGlite under dataDir. */
  databaseUrl?: string;
  databasePoolSize: number;
  /** Read replicas (DATABASE_REPLICA_*); undefined = none. */
  databaseReplicas?: {
    urls: string[];
    poolSize: number;
    maxLagMs: number;
    maxLagBytes: number;
    checkMs: number;
  };
  redisUrl?: string;
  outboxPath: string;
  corsOrigins: string[];
  jwtSecret: string;
  /** Encrypts staff's TOTP secrets (STAFF_TOTP_KEY, else JWT_SECRET). */
  staffTotpKey: string;
  staffSessionSec: number;
  logLevel: string;
  /** Bearer token of GET /api/metrics (METRICS_TOKEN); undefined = loopback and private addresses only. */
  metricsToken?: string;
  trustProxy: boolean | string;
  /** Configured external sign-in methods by name (`yandex`). */
  oauth: { yandex?: OAuthProviderConfig };
  /** Storefront origin (no trailing slash). */
  publicUrl: string;
  /** Origin under which browsers reach `/api/…` of this API (no trailing slash). */
  apiPublicUrl: string;
  /** Prefix of absolute media URLs (`<mediaPublicUrl>/media/…`; no trailing slash). */
  mediaPublicUrl: string;
  /** Payment return address templates (`{orderId}`) by normalised client host. */
  paymentReturnUrls: Record<string, string>;
  /** Configured only when both YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY are set. */
  yookassa?: YooKassaConfig;
  orderPaymentTimeoutMinutes: number;
  orderExpirySweepSeconds: number;
  /** Shortest time between two regenerations of the YML feed after catalogue changes (0 = on next request). */
  ymlFeedRefreshSeconds: number;
  orderCashHoldHours: number;
  orderCashHoldHoursAnonymous: number;
  /** Per-hour order limits (0 = off). */
  ordersPerCallerPerHour: number;
  ordersPerIpPerHour: number;
  /** Guest order lookups per address per hour (0 = off). */
  orderLookupsPerIpPerHour: number;
  /** Open unpaid orders per customer and per address (0 = off). */
  openOrdersPerCaller: number;
  openOrdersPerIp: number;
  visitorTokensPerIp: number;
  /** Size of one order (0 = off): lines, units per line, share of the city's stock per line. */
  orderMaxLines: number;
  orderLineMaxUnits: number;
  orderLineMaxStockPercent: number;
  orderLineWholeStockUpTo: number;
  /** Cash orders (0 = off): total in roubles and in units. */
  orderCashMaxTotal: number;
  orderCashMaxUnits: number;
  /** Anonymous visitors' lifetime without use: without a cart or orders (hours), at all (days). */
  visitorIdleHours: number;
  visitorMaxIdleDays: number;
  /** Offer the sandbox card provider (demo, development, tests; never in production). */
  paymentSandbox: boolean;
  codeLimits: CodeLimits;
  /** Seconds during which the refresh token just replaced still gets the session's current pair. */
  refreshGraceSeconds: number;
  /** Sessions that only ever refreshed with their first token may keep doing so (REFRESH_FIRST_TOKEN_REUSE). */
  refreshFirstTokenReuse: boolean;
  /** Who sends texts, reset calls and e-mail (lib/gateways/providers.ts); outbox by default. */
  gateways: GatewaysConfig;
  /** The job engine (lib/jobs.ts): whether this process runs jobs, and how. */
  jobs: { enabled: boolean; concurrency: number; poolSize: number; pollingSeconds: number };
  /** Lines of an import file per transaction (IMPORT_BATCH_LINES). */
  importBatchLines: number;
  /** Lines of a supplier's price list per transaction (PRICE_LIST_BATCH_LINES). */
  priceListBatchLines: number;
  /** The 1C exchange (modules/exchange-1c). */
  exchange1c: { fileLimit: number; priceType: string; batch: number; sessionHours: number };
}

/** Without JWT_SECRET a random secret is created once and kept in DATA_DIR, so sessions survive restarts. */
function ensureSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The providers named by SMS_PROVIDER, CALL_PROVIDER and MAIL_PROVIDER, refused at start when their settings are missing. */
function gatewaysConfig(e: z.infer<typeof envSchema>): GatewaysConfig {
  const usesSmsRu = e.SMS_PROVIDER === 'smsru' || e.CALL_PROVIDER === 'smsru';
  if (usesSmsRu && !e.SMSRU_API_ID)
    throw new Error('SMSRU_API_ID is required when SMS_PROVIDER or CALL_PROVIDER is smsru.');
  const usesSmsc = e.SMS_PROVIDER === 'smsc';
  if (usesSmsc && (!e.SMSC_LOGIN || !e.SMSC_PASSWORD))
    throw new Error('SMSC_LOGIN and SMSC_PASSWORD are required when SMS_PROVIDER is smsc.');
  if (e.MAIL_PROVIDER === 'smtp' && (!e.SMTP_URL || !e.MAIL_FROM))
    throw new Error('SMTP_URL and MAIL_FROM are required when MAIL_PROVIDER is smtp.');
  return {
    sms: e.SMS_PROVIDER,
    call: e.CALL_PROVIDER,
    mail: e.MAIL_PROVIDER,
    smsru:
      usesSmsRu && e.SMSRU_API_ID
        ? {
            apiId: e.SMSRU_API_ID,
            url: e.SMSRU_URL.replace(/\/+$/, ''),
            from: e.SMSRU_FROM,
            test: e.SMSRU_TEST === 'true' || e.SMSRU_TEST === '1',
          }
        : undefined,
    smsc:
      usesSmsc && e.SMSC_LOGIN && e.SMSC_PASSWORD
        ? {
            login: e.SMSC_LOGIN,
            password: e.SMSC_PASSWORD,
            url: e.SMSC_URL.replace(/\/+$/, ''),
            sender: e.SMSC_SENDER,
          }
        : undefined,
    smtp:
      e.MAIL_PROVIDER === 'smtp' && e.SMTP_URL && e.MAIL_FROM
        ? { url: e.SMTP_URL, from: e.MAIL_FROM }
        : undefined,
    timeoutMs: e.GATEWAY_TIMEOUT_MS,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET && !overrides.jwtSecret && e.DATABASE_URL) {
    // Several API processes over one PostgreSQL must share the signing secret.
    throw new Error('JWT_SECRET is required in production with DATABASE_URL (at least 32 characters).');
  }
  const replicaUrls = e.DATABASE_REPLICA_URL.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const url of replicaUrls)
    if (!/^postgres(ql)?:\/\/\S+$/.test(url))
      throw new Error(
        `Invalid environment configuration:\n  DATABASE_REPLICA_URL: not a PostgreSQL URL: ${url}`,
      );
  if (replicaUrls.length && !e.DATABASE_URL)
    // Replicas of what? The embedded database has none; a replica without its primary would serve stale reads.
    throw new Error('DATABASE_REPLICA_URL needs DATABASE_URL (the primary the replicas follow).');
  const jwtSecret = overrides.jwtSecret ?? e.JWT_SECRET ?? ensureSecret(dataDir);
  const config: Config = {
    env: e.NODE_ENV,
    port: e.API_PORT,
    host: e.API_HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseReplicas: replicaUrls.length
      ? {
          urls: replicaUrls,
          poolSize: e.DATABASE_REPLICA_POOL_SIZE,
          maxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS,
          maxLagBytes: e.DATABASE_REPLICA_MAX_LAG_BYTES,
          checkMs: e.DATABASE_REPLICA_CHECK_MS,
        }
      : undefined,
    redisUrl: e.REDIS_URL,
    outboxPath: path.resolve(e.OUTBOX_PATH ?? path.join(dataDir, 'outbox.jsonl')),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    jwtSecret,
    staffTotpKey: overrides.staffTotpKey ?? e.STAFF_TOTP_KEY ?? jwtSecret,
    staffSessionSec: overrides.staffSessionSec ?? e.STAFF_SESSION_HOURS * 3600,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    oauth: {
      yandex:
        e.YANDEX_CLIENT_ID && e.YANDEX_CLIENT_SECRET && e.YANDEX_REDIRECT_URI
          ? {
              clientId: e.YANDEX_CLIENT_ID,
              clientSecret: e.YANDEX_CLIENT_SECRET,
              redirectUri: e.YANDEX_REDIRECT_URI,
              authorizeUrl: e.YANDEX_AUTHORIZE_URL,
              tokenUrl: e.YANDEX_TOKEN_URL,
              userinfoUrl: e.YANDEX_USERINFO_URL,
              scope: e.YANDEX_SCOPE,
              userinfoAuthScheme: e.YANDEX_USERINFO_AUTH_SCHEME,
            }
          : undefined,
    },
    publicUrl: e.PUBLIC_URL.replace(/\/+$/, ''),
    apiPublicUrl: (e.API_PUBLIC_URL ?? e.PUBLIC_URL).replace(/\/+$/, ''),
    mediaPublicUrl: (e.MEDIA_PUBLIC_URL ?? e.API_PUBLIC_URL ?? e.PUBLIC_URL).replace(/\/+$/, ''),
    paymentReturnUrls: e.PAYMENT_RETURN_URLS,
    yookassa:
      e.YOOKASSA_SHOP_ID && e.YOOKASSA_SECRET_KEY
        ? {
            shopId: e.YOOKASSA_SHOP_ID,
            secretKey: e.YOOKASSA_SECRET_KEY,
            apiUrl: e.YOOKASSA_API_URL.replace(/\/+$/, ''),
            vatCode: e.YOOKASSA_VAT_CODE,
          }
        : undefined,
    orderPaymentTimeoutMinutes: e.ORDER_PAYMENT_TIMEOUT_MINUTES,
    ymlFeedRefreshSeconds: e.YML_FEED_REFRESH_SECONDS,
    orderExpirySweepSeconds: e.ORDER_EXPIRY_SWEEP_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 60),
    orderCashHoldHours: e.ORDER_CASH_HOLD_HOURS,
    orderCashHoldHoursAnonymous: e.ORDER_CASH_HOLD_HOURS_ANONYMOUS,
    ordersPerCallerPerHour: e.ORDERS_PER_CALLER_PER_HOUR,
    ordersPerIpPerHour: e.ORDERS_PER_IP_PER_HOUR,
    orderLookupsPerIpPerHour: e.ORDER_LOOKUPS_PER_IP_PER_HOUR,
    openOrdersPerCaller: e.OPEN_ORDERS_PER_CALLER,
    openOrdersPerIp: e.OPEN_ORDERS_PER_IP,
    visitorTokensPerIp: e.VISITOR_TOKENS_PER_IP,
    orderMaxLines: e.ORDER_MAX_LINES,
    orderLineMaxUnits: e.ORDER_LINE_MAX_UNITS,
    orderLineMaxStockPercent: e.ORDER_LINE_MAX_STOCK_PERCENT,
    orderLineWholeStockUpTo: e.ORDER_LINE_WHOLE_STOCK_UP_TO,
    orderCashMaxTotal: e.ORDER_CASH_MAX_TOTAL,
    orderCashMaxUnits: e.ORDER_CASH_MAX_UNITS,
    visitorIdleHours: e.VISITOR_IDLE_HOURS,
    visitorMaxIdleDays: e.VISITOR_MAX_IDLE_DAYS,
    paymentSandbox: e.PAYMENT_SANDBOX_ENABLED === 'true' || e.PAYMENT_SANDBOX_ENABLED === '1',
    codeLimits: {
      sendsPerIpPerHour: e.CODE_SENDS_PER_IP_PER_HOUR,
      smsPerHour: e.CODE_SMS_PER_HOUR,
      callsPerHour: e.CODE_CALLS_PER_HOUR,
      failuresPerPhonePerDay: e.CODE_FAILURES_PER_PHONE_PER_DAY,
      failuresPerPhonePerWeek: e.CODE_FAILURES_PER_PHONE_PER_WEEK,
    },
    refreshGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    refreshFirstTokenReuse: e.REFRESH_FIRST_TOKEN_REUSE === 'true' || e.REFRESH_FIRST_TOKEN_REUSE === '1',
    gateways: gatewaysConfig(e),
    jobs: {
      enabled:
        e.JOBS_ENABLED === undefined
          ? e.NODE_ENV !== 'test'
          : e.JOBS_ENABLED === 'true' || e.JOBS_ENABLED === '1',
      concurrency: e.JOBS_CONCURRENCY,
      poolSize: e.JOBS_POOL_SIZE,
      pollingSeconds: e.JOBS_POLL_SECONDS,
    },
    importBatchLines: e.IMPORT_BATCH_LINES,
    priceListBatchLines: e.PRICE_LIST_BATCH_LINES,
    exchange1c: {
      fileLimit: e.EXCHANGE_1C_FILE_LIMIT,
      priceType: e.EXCHANGE_1C_PRICE_TYPE.trim(),
      batch: e.EXCHANGE_1C_BATCH,
      sessionHours: e.EXCHANGE_1C_SESSION_HOURS,
    },
    ...overrides,
  };
  // The sandbox marks any order paid at the customer's word: a production shop must never offer it.
  if (config.env === 'production' && config.paymentSandbox) {
    throw new Error(
      'PAYMENT_SANDBOX_ENABLED must not be set in production: the sandbox lets any customer mark an order paid without paying.',
    );
  }
  return config;
}
