import { describe, expect, it } from 'vitest';
import { safeAdminNext } from './paths';

describe('safeAdminNext', () => {
  it('keeps a back-office address', () => {
    expect(safeAdminNext('/admin/orders?status=new')).toBe('/admin/orders?status=new');
    expect(safeAdminNext('/admin')).toBe('/admin');
  });

  it('sends anything else to the back office home', () => {
    for (const next of [
      undefined,
      '',
      '//evil.example/admin',
      'https://evil.example',
      '/cart',
      '/administrator',
      '/admin/login',
    ]) {
      expect(safeAdminNext(next), String(next)).toBe('/admin');
    }
    expect(safeAdminNext(['/admin/reviews', '/x'])).toBe('/admin/reviews');
  });
});
