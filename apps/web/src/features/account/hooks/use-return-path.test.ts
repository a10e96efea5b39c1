import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './use-return-path';

const origin = 'https://shop.example.com';

describe('safeReturnPath', () => {
  it.each([
    ['/', '/'],
    ['/products', '/products'],
    ['/payment/65a1b2c3d4e5f60718293a4b?x=1#pay', '/payment/65a1b2c3d4e5f60718293a4b?x=1#pay'],
    ['/dashboard/./profile', '/dashboard/profile'],
  ])('follows the same-site path %s', (from, expected) => {
    expect(safeReturnPath(from, origin)).toBe(expected);
  });

  it.each([
    // Issue 10: `?from=/\evil` left the user stuck on /login.
    '/\\evil',
    '/\\/evil.example',
    '//evil.example',
    '///evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil',
    '',
    '/\t/evil.example',
    '/\n/evil.example',
    '/products\\..\\..',
    '/login',
    '/login?from=/products',
    '/register',
    null,
    undefined,
    42,
  ])('goes home for %j', (from) => {
    expect(safeReturnPath(from, origin)).toBe('/');
  });
});
