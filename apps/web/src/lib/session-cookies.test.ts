import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './session-cookies';

// Where the shop sends a customer back after signing in: its own paths only, whatever the address carried.

describe('safeReturnPath', () => {
  it.each([
    '/',
    '/cart',
    '/profile?tab=orders',
    '/catalog/tormoznye-kolodki?page=2&sort=price',
    '/search?q=%D0%BA%D0%BE%D0%BB%D0%BE%D0%B4%D0%BA%D0%B8',
    '/profile#orders',
    '/pages/dostavka?next=%2F%2Fnot-a-redirect',
  ])('keeps the shop path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    ['nothing', undefined],
    ['empty', ''],
    ['another site', 'https://evil.example/'],
    ['scheme-relative', '//evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'evil.example'],
    ['tab between slashes', '/\t/evil.example'],
    ['LF between slashes', '/\n/evil.example'],
    ['CR between slashes', '/\r/evil.example'],
    ['leading tab', '\t//evil.example'],
    ['vertical tab', '/\v/evil.example'],
    ['NUL', '/\0'],
    ['DEL', '/\x7f/evil.example'],
    ['C1 control', '/\x85/evil.example'],
    ['backslash after the slash', '/\\evil.example'],
    ['backslashes', '\\\\evil.example'],
    ['backslash later', '/cart\\..\\..'],
    ['dot segment to a scheme-relative path', '/.//evil.example'],
    ['parent segment to a scheme-relative path', '/..//evil.example'],
    ['encoded slash after the slash', '/%2F/evil.example'],
    ['encoded slashes', '/%2f%2fevil.example'],
    ['encoded tab', '/%09/evil.example'],
    ['encoded LF', '/%0a/evil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['malformed escape', '/%zz'],
    ['cut UTF-8 sequence', '/%E0%A4%A'],
    ['too long', `/${'a'.repeat(600)}`],
  ])('turns %s into /', (_name, value) => {
    expect(safeReturnPath(value)).toBe('/');
  });
});
