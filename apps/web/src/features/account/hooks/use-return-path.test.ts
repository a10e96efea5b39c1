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

describe('finding 13: a ?from= that only becomes //host once parsed goes home', () => {
  it.each([
    '/.//evil.example',
    '/..//evil.example/phish',
    '/x/..//evil.example',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/.///evil.example',
    '/dashboard/..//evil.example',
    '/%2e%2e//evil.example/login',
    '/./%2e//evil.example?x=1#y',
  ])('goes home for %j (it parses to a protocol-relative address)', (from) => {
    expect(new URL(from, origin).pathname.startsWith('//')).toBe(true);
    expect(safeReturnPath(from, origin)).toBe('/');
  });

  it.each([
    ['/dashboard/profile', '/dashboard/profile'],
    ['/products?q=atx//mid', '/products?q=atx//mid'],
    ['/payment/65a1b2c3d4e5f60718293a4b#pay', '/payment/65a1b2c3d4e5f60718293a4b#pay'],
  ])('still follows the same-site path %s', (from, expected) => {
    expect(safeReturnPath(from, origin)).toBe(expected);
  });
});
