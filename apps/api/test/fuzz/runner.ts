import { errorBody } from '@podbor/contract';
import type { FuzzPlan, FuzzRequest } from './requests';

// The loop both fuzz runners share (API in-process, storefront over HTTP): sends the plan's requests a few at a
// time within a total time budget, judges every answer, and reports what failed with how to replay it.

export interface FuzzResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export interface Failure {
  request: FuzzRequest;
  status: number;
  ms: number;
  problem: string;
  body: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  ms: number;
  /** True when the budget ran out before every request was sent. */
  outOfTime: boolean;
  statuses: Record<number, number>;
  /** Statuses per operation: shows which operations the generated requests get past validation. */
  byOperation: Record<string, Record<number, number>>;
  slowestMs: number;
  failures: Failure[];
}

/** Any single answer slower than this fails the run. */
export const SLOW_MS = 5000;
const HANG_MS = 2 * SLOW_MS;

const CYRILLIC = /[А-Яа-яЁё]/;

function header(res: FuzzResponse, name: string): string {
  const v = res.headers[name];
  return Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v);
}

/**
 * What is wrong with an answer, if anything: a 5xx, a slow answer, or an error from the API that is not its
 * JSON envelope with Russian messages. `requireNosniff`: every answer must carry X-Content-Type-Options.
 */
export function judge(
  req: FuzzRequest,
  res: FuzzResponse,
  ms: number,
  opts: { requireNosniff?: boolean; apiPath?: (url: string) => boolean } = {},
): string | undefined {
  if (res.status >= 500) return `server error ${res.status}`;
  if (ms > SLOW_MS) return `answered in ${Math.round(ms)} ms`;
  if (opts.requireNosniff && header(res, 'x-content-type-options') !== 'nosniff') return 'no nosniff header';
  const isApi = (opts.apiPath ?? ((url) => url.startsWith('/api/')))(req.url);
  if (!isApi || res.status < 400 || req.method === 'HEAD') return undefined;
  if (!/^application\/json\b/i.test(header(res, 'content-type'))) {
    return `error answer is ${header(res, 'content-type') || 'without a content type'}, not JSON`;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'error answer is not valid JSON';
  }
  const parsed = errorBody.safeParse(body);
  if (!parsed.success) return 'error answer is not the {"errors": …} envelope';
  const messages = Object.entries(parsed.data.errors).flatMap(([key, v]) =>
    // `code: ["token_not_valid"]` is SPEC §8's machine-readable reason beside the Russian detail.
    v === undefined ? [] : [v].flat().filter((m) => !(key === 'code' && /^[a-z][a-z_]*$/.test(m))),
  );
  if (messages.length === 0) return 'error envelope is empty';
  const foreign = messages.find((m) => !CYRILLIC.test(m));
  if (foreign !== undefined) return `error message not in Russian: ${JSON.stringify(foreign)}`;
  return undefined;
}

export interface RunOptions {
  plan: FuzzPlan;
  count: number;
  concurrency: number;
  budgetMs: number;
  send(req: FuzzRequest): Promise<FuzzResponse>;
  judge(req: FuzzRequest, res: FuzzResponse, ms: number): string | undefined;
  /** Runs every `every` requests, between batches (e.g. a fresh session for the signed-in caller). */
  between?: { every: number; run(): Promise<void> };
}

export async function runFuzz(opts: RunOptions): Promise<FuzzReport> {
  const started = performance.now();
  const report: FuzzReport = {
    seed: opts.plan.seed,
    requests: 0,
    ms: 0,
    outOfTime: false,
    statuses: {},
    byOperation: {},
    slowestMs: 0,
    failures: [],
  };
  let next = 0;
  const worker = async (end: number) => {
    for (;;) {
      if (next >= end) return;
      if (performance.now() - started > opts.budgetMs) {
        report.outOfTime = true;
        return;
      }
      const req = opts.plan.generate(next++);
      const t0 = performance.now();
      let res: FuzzResponse;
      let timer: NodeJS.Timeout | undefined;
      try {
        // A request that never gets an answer must not hang the run: it fails like a slow one.
        res = await Promise.race([
          opts.send(req),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${HANG_MS} ms`)), HANG_MS);
          }),
        ]);
      } catch (e) {
        res = { status: 599, headers: {}, body: `request failed: ${(e as Error).message}` };
      } finally {
        clearTimeout(timer);
      }
      const ms = performance.now() - t0;
      report.requests += 1;
      report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1;
      const perOperation = (report.byOperation[req.operation] ??= {});
      perOperation[res.status] = (perOperation[res.status] ?? 0) + 1;
      report.slowestMs = Math.max(report.slowestMs, ms);
      const problem = opts.judge(req, res, ms);
      if (problem) report.failures.push({ request: req, status: res.status, ms, problem, body: res.body });
    }
  };
  const batch = opts.between?.every ?? opts.count;
  for (let end = Math.min(batch, opts.count); !report.outOfTime; end = Math.min(end + batch, opts.count)) {
    await Promise.all(Array.from({ length: opts.concurrency }, () => worker(end)));
    if (end >= opts.count) break;
    await opts.between?.run();
  }
  report.ms = performance.now() - started;
  return report;
}

const clip = (text: string, n: number) =>
  text.length > n ? `${text.slice(0, n)}… (${text.length} chars)` : text;

/** Worst first: faults of the server, then answers in the wrong shape, then a missing header. */
function severity(problem: string): number {
  if (problem.startsWith('server error')) return 0;
  if (problem.startsWith('answered in')) return 1;
  if (problem.startsWith('error')) return 2;
  return 3;
}

/** A human summary: figures, then each distinct failure (operation + kind) once, worst first, with its replay line. */
export function formatReport(
  report: FuzzReport,
  replay: (index: number) => string,
  opts: { perOperation?: boolean } = {},
): string {
  const lines = [
    `fuzz: seed ${report.seed}, ${report.requests} requests in ${(report.ms / 1000).toFixed(1)} s` +
      ` (slowest ${Math.round(report.slowestMs)} ms${report.outOfTime ? ', OUT OF TIME' : ''})`,
    `  statuses: ${Object.entries(report.statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}`,
  ];
  if (opts.perOperation) {
    for (const [operation, statuses] of Object.entries(report.byOperation)) {
      const counts = Object.entries(statuses).map(([s, n]) => `${s}×${n}`);
      lines.push(`    ${operation}: ${counts.join(' ')}`);
    }
  }
  const groups = new Map<string, { first: Failure; count: number }>();
  for (const f of report.failures) {
    const key = `${f.request.operation} ${f.problem.replace(/\d+ ms|".*"/g, '')}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { first: f, count: 1 });
  }
  const shown = [...groups.values()].sort((a, b) => severity(a.first.problem) - severity(b.first.problem));
  for (const { first: f, count } of shown.slice(0, 30)) {
    const r = f.request;
    lines.push(
      `  ✗ #${r.index} ${r.operation}: ${f.problem}${count > 1 ? ` (and ${count - 1} more like it)` : ''}`,
      `    ${r.method} ${clip(r.url, 300)} as ${r.caller}`,
      `    headers ${clip(JSON.stringify(r.headers), 300)}`,
      ...(r.body !== undefined ? [`    body ${clip(JSON.stringify(r.body), 300)}`] : []),
      `    → ${f.status} ${clip(f.body, 300)}`,
      `    replay: ${replay(r.index)}`,
    );
  }
  if (shown.length > 30) lines.push(`  … ${shown.length - 30} more kinds`);
  if (report.failures.length) lines.push(`  ${report.failures.length} failing answers in all`);
  return lines.join('\n');
}
