import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './rate-limit';

describe('MemoryRateLimiter', () => {
  it('allows up to the limit within a window, then refuses with the time left', async () => {
    const rl = new MemoryRateLimiter();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await rl.hit('k', 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSec).toBeGreaterThan(59);
    const window = await rl.peek('k');
    expect(window.count).toBe(4);
    expect(window.retryAfterSec).toBeGreaterThan(59);
    expect((await rl.hit('other', 3, 60)).allowed).toBe(true);
  });

  it('starts a new window after the old one ends, and reset clears a key', async () => {
    const rl = new MemoryRateLimiter();
    await rl.hit('k', 1, 0.05);
    expect((await rl.hit('k', 1, 0.05)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 80));
    expect((await rl.hit('k', 1, 0.05)).allowed).toBe(true);
    await rl.reset('k');
    expect(await rl.peek('k')).toEqual({ count: 0, retryAfterSec: 0 });
  });
});
