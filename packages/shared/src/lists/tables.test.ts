import { describe, expect, it } from 'vitest';
import { shortId } from './tables.js';

describe('shortId', () => {
  it('keeps a short id whole', () => {
    expect(shortId('pi_test_placed')).toBe('pi_test_placed');
    expect(shortId('a'.repeat(16))).toBe('a'.repeat(16));
  });

  it('keeps the first and last six characters of a long id', () => {
    expect(shortId('pi_test_0123456789abcdef01234567')).toBe('pi_tes…234567');
    expect(shortId('65a1b2c3d4e5f60718293a01')).toBe('65a1b2…293a01');
  });
});
