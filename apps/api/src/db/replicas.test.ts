import { describe, expect, it } from 'vitest';
import { isReplicaFailure, lagMsOf, parseLsn, ReplicaSet, usable } from './replicas';
import pg from 'pg';
import { loadConfig } from '../config';

// The routing decisions of db/replicas.ts without a server (test/replica.pg.test.ts runs them on a real replica).

const bounds = { maxLagMs: 1_000, maxLagBytes: 0 };
const fresh = { up: true, replayLsn: 100n, lagMs: 0, lagBytes: 0 };

describe('replica routing decisions', () => {
  it('reads WAL positions as byte counts', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('0/3A000C40')).toBe(0x3a000c40n);
    expect(parseLsn('1/0') - parseLsn('0/FFFFFFFF')).toBe(1n);
    expect(() => parseLsn('garbage')).toThrow();
  });

  it('measures lag as the age of the newest primary position replayed, 0 when caught up', () => {
    const samples = [
      { at: 1_000, lsn: 10n },
      { at: 2_000, lsn: 20n },
      { at: 3_000, lsn: 30n },
    ];
    expect(lagMsOf(samples, 30n, 3_050)).toBe(0);
    expect(lagMsOf(samples, 40n, 3_050)).toBe(0);
    expect(lagMsOf(samples, 25n, 3_500)).toBe(1_500);
    expect(lagMsOf(samples, 10n, 3_500)).toBe(2_500);
    // Behind every sample kept: at least as old as the oldest.
    expect(lagMsOf(samples, 5n, 3_500)).toBeGreaterThan(2_500);
    // An idle primary (position unchanged) and a replica that has replayed it: no lag however long ago.
    expect(lagMsOf([{ at: 0, lsn: 50n }], 50n, 999_999)).toBe(0);
  });

  it('uses a replica only when up, within the bounds, and past the fence', () => {
    expect(usable(fresh, bounds, null)).toBe(true);
    expect(usable({ ...fresh, up: false }, bounds, null)).toBe(false);
    expect(usable({ ...fresh, lagMs: null }, bounds, null)).toBe(false);
    expect(usable({ ...fresh, lagMs: 1_001 }, bounds, null)).toBe(false);
    expect(usable({ ...fresh, lagMs: 1_000 }, bounds, null)).toBe(true);
    expect(usable({ ...fresh, lagBytes: 10_000 }, { ...bounds, maxLagBytes: 5_000 }, null)).toBe(false);
    expect(usable({ ...fresh, lagBytes: 10_000 }, bounds, null)).toBe(true);
    expect(usable(fresh, bounds, 'pending')).toBe(false);
    expect(usable(fresh, bounds, 101n)).toBe(false);
    expect(usable(fresh, bounds, 100n)).toBe(true);
  });

  it('retries on the primary after connection failures and recovery conflicts, not after SQL errors', () => {
    const err = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    expect(isReplicaFailure(err('ECONNREFUSED'))).toBe(true);
    expect(isReplicaFailure(err('08006'))).toBe(true);
    expect(isReplicaFailure(err('57P01'))).toBe(true);
    expect(isReplicaFailure(err('40001'))).toBe(true);
    expect(isReplicaFailure(err('25006'))).toBe(true);
    expect(isReplicaFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isReplicaFailure(err('42P01'))).toBe(false); // undefined table: the primary would say the same
    expect(isReplicaFailure(err('22P02'))).toBe(false);
    expect(isReplicaFailure('not an error')).toBe(false);
  });

  it('takes usable replicas in turn and skips the others', async () => {
    const primary = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    const set = new ReplicaSet(primary, {
      urls: ['postgres://a@127.0.0.1:1/x', 'postgres://b@127.0.0.1:1/x', 'postgres://c@127.0.0.1:1/x'],
      poolSize: 1,
      maxLagMs: 1_000,
      maxLagBytes: 0,
      checkMs: 1_000,
    });
    try {
      const [a, b, c] = set.replicas;
      for (const r of [a!, b!, c!]) Object.assign(r, fresh);
      expect([set.pick(), set.pick(), set.pick(), set.pick()].map((r) => r?.name)).toEqual([
        'replica_0',
        'replica_1',
        'replica_2',
        'replica_0',
      ]);
      b!.lagMs = 5_000;
      expect([set.pick(), set.pick(), set.pick()].map((r) => r?.name)).toEqual([
        'replica_2',
        'replica_0',
        'replica_2',
      ]);
      set.markDown(a!);
      c!.up = false;
      expect(set.pick()).toBeNull();
    } finally {
      await set.close();
      await primary.end();
    }
  });
});

describe('replica configuration', () => {
  const base = {
    NODE_ENV: 'test' as const,
    JWT_SECRET: 'x'.repeat(40),
    DATA_DIR: '/tmp/podbor-replica-config',
  };

  it('reads one replica or several, with their bounds', () => {
    const config = loadConfig({
      ...base,
      DATABASE_URL: 'postgres://p@127.0.0.1:5432/shop',
      DATABASE_REPLICA_URL: ' postgres://r@10.0.0.2/shop , postgresql://r@10.0.0.3:5433/shop ',
      DATABASE_REPLICA_MAX_LAG_MS: '2500',
      DATABASE_REPLICA_MAX_LAG_BYTES: '1048576',
    });
    expect(config.databaseReplicas).toEqual({
      urls: ['postgres://r@10.0.0.2/shop', 'postgresql://r@10.0.0.3:5433/shop'],
      poolSize: 10,
      maxLagMs: 2_500,
      maxLagBytes: 1_048_576,
      checkMs: 1_000,
    });
    expect(
      loadConfig({ ...base, DATABASE_URL: 'postgres://p@127.0.0.1/shop' }).databaseReplicas,
    ).toBeUndefined();
  });

  it('refuses replicas without a primary, and what is not a PostgreSQL URL', () => {
    expect(() => loadConfig({ ...base, DATABASE_REPLICA_URL: 'postgres://r@10.0.0.2/shop' })).toThrow(
      /DATABASE_REPLICA_URL needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({
        ...base,
        DATABASE_URL: 'postgres://p@127.0.0.1/shop',
        DATABASE_REPLICA_URL: 'mysql://x/y',
      }),
    ).toThrow(/DATABASE_REPLICA_URL/);
  });
});
