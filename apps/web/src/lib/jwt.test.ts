import { describe, expect, it } from 'vitest';
import { isExpiring, jwtExpiry } from './jwt';

const token = (payload: object) =>
  `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('jwtExpiry / isExpiring', () => {
  it('reads exp without verifying', () => {
    expect(jwtExpiry(token({ exp: 1_900_000_000 }))).toBe(1_900_000_000);
    expect(jwtExpiry('garbage')).toBeNull();
    expect(jwtExpiry('a.!!!.c')).toBeNull();
    expect(jwtExpiry(token({ sub: '1' }))).toBeNull();
  });

  it('treats missing, unreadable and nearly expired tokens as expiring', () => {
    const now = 1_000_000;
    expect(isExpiring(undefined, 30, now)).toBe(true);
    expect(isExpiring('x', 30, now)).toBe(true);
    expect(isExpiring(token({ exp: now + 10 }), 30, now)).toBe(true);
    expect(isExpiring(token({ exp: now + 600 }), 30, now)).toBe(false);
  });
});
