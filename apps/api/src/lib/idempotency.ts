import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { detailError } from './http-error';

// `Idempotency-Key` (ARCHITECTURE §2): a request repeated with the same key — a double click, a client retry after
// a lost answer — gets the first answer instead of doing the work again. Keys are per caller (`scope`) and kept for
// a day. The key is claimed in the same transaction as the work and its answer stored there too, so a crash
// either keeps both or neither; a concurrent request with the same key waits for the first (on PostgreSQL) and
// then replays it.

export const IDEMPOTENCY_MESSAGES = {
  mismatch: 'Ключ Idempotency-Key уже использован для другого запроса.',
  busy: 'Запрос с этим ключом Idempotency-Key ещё выполняется. Повторите попытку позже.',
} as const;

export interface IdempotentRequest {
  /**
   * Runs `work` in one transaction (retried on deadlock) that also claims the key and stores the result, or
   * returns the stored result of the key's first request (`replayed`). The stored result is parsed with
   * `schema`. 422 when the key was used with another body; 409 when its first request never finishes. `work`
   * runs only in the request that won the key's claim — on PostgreSQL the others wait for it and replay its
   * answer — so whatever work does once per request (spending an allowance) parallel repeats do not do again.
   */
  run<S extends z.ZodType>(
    schema: S,
    work: (tx: Db) => Promise<z.output<S>>,
  ): Promise<{ result: z.output<S>; replayed: boolean }>;
}

const hashBody = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** The idempotency of one request of a caller (`scope`): without a key, `run` simply runs the work once. */
export function idempotentRequest(
  db: Db,
  request: { scope: string; key: string | undefined; body: unknown },
): IdempotentRequest {
  const { scope, key } = request;
  const requestHash = hashBody(request.body);
  return {
    async run(schema, work) {
      for (let attempt = 0; ; attempt++) {
        const outcome = await retryOnDeadlock(() =>
          db.transaction(async (tx) => {
            if (key) {
              // On PostgreSQL this waits for a concurrent transaction holding the same key, then sees its outcome.
              const claimed = await tx.execute(
                sql`insert into idempotency_keys (scope, key, request_hash) values (${scope}, ${key}, ${requestHash})
              on conflict (scope, key) do nothing returning key`,
              );
              if (claimed.rows.length === 0) {
                const [prior] = await tx
                  .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
                  .from(idempotencyKeys)
                  .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
                if (!prior) return { kind: 'retry' as const };
                if (prior.requestHash !== requestHash) throw detailError(422, IDEMPOTENCY_MESSAGES.mismatch);
                if (!prior.response) return { kind: 'busy' as const };
                return { kind: 'replay' as const, result: schema.parse(prior.response) };
              }
            }
            const result = await work(tx);
            if (key) {
              await tx
                .update(idempotencyKeys)
                .set({ statusCode: 201, response: result })
                .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
            }
            return { kind: 'done' as const, result };
          }),
        );
        if (outcome.kind === 'done') return { result: outcome.result, replayed: false };
        if (outcome.kind === 'replay') return { result: outcome.result, replayed: true };
        // 'busy' happens only where the claim does not wait for the other transaction (it committed the key
        // without a response, which this code never does) — or 'retry' after the other transaction rolled back:
        // try again.
        if (attempt >= 3) throw detailError(409, IDEMPOTENCY_MESSAGES.busy);
        await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
      }
    },
  };
}

/**
 * Work that locks rows in a fixed order can still meet a transaction locking them in another (a cancellation
 * releasing several products); PostgreSQL then aborts one of the two with a deadlock. The work is simply run
 * again: what it does outside the database must happen once per request however often it runs (orders take
 * their hourly allowance once).
 */
async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (i >= attempts || (code !== '40P01' && code !== '40001')) throw err;
      await new Promise((r) => setTimeout(r, 20 * i));
    }
  }
}

/** Idempotency-Key answers are kept for a day: long enough for any client retry. */
export async function purgeIdempotencyKeys(db: Db): Promise<void> {
  await db.execute(sql`delete from idempotency_keys where created_at < now() - interval '1 day'`);
}
