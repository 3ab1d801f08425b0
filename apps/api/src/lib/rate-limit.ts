import type { Redis } from 'ioredis';

export interface RateWindow {
  count: number;
  /** Seconds until the window ends; 0 when there is none. */
  retryAfterSec: number;
}

export interface RateDecision {
  allowed: boolean;
  count: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSec: number;
}

/**
 * Fixed-window counters. With REDIS_URL every API process shares them; without it they live in this process
 * (fine for one process, which is what the embedded database allows anyway).
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSec: number): Promise<RateDecision>;
  /** Current count and the time left of its window, without counting a hit. */
  peek(key: string): Promise<RateWindow>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  async hit(key: string, limit: number, windowSec: number): Promise<RateDecision> {
    const now = Date.now();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowSec * 1000 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { allowed: w.count <= limit, count: w.count, retryAfterSec: (w.resetAt - now) / 1000 };
  }

  async peek(key: string): Promise<RateWindow> {
    const w = this.windows.get(key);
    const now = Date.now();
    return w && w.resetAt > now
      ? { count: w.count, retryAfterSec: (w.resetAt - now) / 1000 }
      : { count: 0, retryAfterSec: 0 };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  // Expired windows are dropped at most once a minute so memory stays bounded under many distinct keys.
  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

// Count and time left read together, so a window ending in between cannot pair an old count with no time.
const PEEK_SCRIPT = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
return {c, redis.call('PTTL', KEYS[1])}`;

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'podbor:rl:',
  ) {}

  async hit(key: string, limit: number, windowSec: number): Promise<RateDecision> {
    const [count, ttl] = (await this.redis.eval(
      HIT_SCRIPT,
      1,
      this.prefix + key,
      String(windowSec * 1000),
    )) as [number, number];
    return { allowed: count <= limit, count, retryAfterSec: ttl / 1000 };
  }

  async peek(key: string): Promise<RateWindow> {
    const [count, ttl] = (await this.redis.eval(PEEK_SCRIPT, 1, this.prefix + key)) as [number, number];
    return count > 0 && ttl > 0 ? { count, retryAfterSec: ttl / 1000 } : { count: 0, retryAfterSec: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
