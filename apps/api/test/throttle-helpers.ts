import { formatWait } from '@podbor/contract';
import { expect } from 'vitest';

/**
 * Every 429 says when to come back, twice: in Retry-After and in its Russian text (the same wait, rounded
 * up). Returns the wait in seconds.
 */
export function expectToldWhen(
  res: { status: number; headers: Record<string, unknown>; body: unknown },
  start?: string,
): number {
  expect(res.status).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  const { detail } = (res.body as { errors: { detail?: string } }).errors;
  expect(detail).toMatch(/^[А-ЯЁ]/);
  expect(detail).toContain(`через ${formatWait(wait)}.`);
  if (start) expect(detail?.startsWith(start), detail).toBe(true);
  return wait;
}
