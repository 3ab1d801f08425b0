import { API_ROUTES, type ApiRouteName } from '@podbor/contract';
import { describe, expect, it } from 'vitest';
import { isWrite, REPLICA_ROUTES, replicaEligible, writerKey } from './read-routing';

describe('which requests may read from a replica', () => {
  it('lists only public reads: no session, user or staff route, no write', () => {
    for (const name of REPLICA_ROUTES) {
      const def = API_ROUTES[name];
      expect(['public', 'optional'], name).toContain(def.auth);
      expect(def.path.startsWith('/api/admin/'), name).toBe(false);
    }
    const primaryOnly: ApiRouteName[] = [
      'cart',
      'orderCreate',
      'profile',
      'reviewCreate',
      'maintenanceKitToCart',
    ];
    for (const name of primaryOnly) expect(REPLICA_ROUTES.has(name), name).toBe(false);
  });

  it('sends listed reads to a replica unless the caller has just written', () => {
    expect(replicaEligible('categoryProducts', false)).toBe(true);
    expect(replicaEligible('categoryProducts', true)).toBe(false);
    expect(replicaEligible('reviewCreate', false)).toBe(false);
    expect(replicaEligible(undefined, false)).toBe(false);
  });

  it('counts as a write what changes data, not the listing read sent as a POST', () => {
    expect(isWrite('categoryProducts', 'POST')).toBe(false);
    expect(isWrite('searchResults', 'POST')).toBe(false);
    expect(isWrite('reviewCreate', 'POST')).toBe(true);
    expect(isWrite(undefined, 'DELETE')).toBe(true);
    expect(isWrite('reviews', 'GET')).toBe(false);
  });

  it('keys the write window by the Authorization header, never storing it', () => {
    const a = writerKey({ headers: { authorization: 'Bearer aaa' } });
    expect(a).toMatch(/^rw:[\w-]{32}$/);
    expect(a).not.toContain('aaa');
    expect(writerKey({ headers: { authorization: 'Bearer bbb' } })).not.toBe(a);
    expect(writerKey({ headers: {} })).toBeNull();
  });
});
