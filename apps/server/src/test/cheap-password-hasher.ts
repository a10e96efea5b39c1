import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../auth/password-hashing.js';

const PREFIX = 'test-sha256';

/**
 * The tests' password hasher: one SHA-256 instead of scrypt, which made sign-ups and sign-ins
 * most of the time of the account-heavy test files (users, auth, sign-in protection). Salted and
 * compared in constant time as the real one, so a wrong password is still refused. Hashes the
 * shop made with scrypt are checked with scrypt. The tests that prove the real hashing's limits
 * (password-hashing.test.ts, sign-in-protection.test.ts) build their apps with scrypt.
 */
export const cheapPasswordHasher = (real: PasswordHasher): PasswordHasher => ({
  async hash(password) {
    const salt = randomBytes(8).toString('hex');
    const digest = createHash('sha256').update(`${salt}:${password}`).digest('hex');
    return `${PREFIX}:${salt}:${digest}`;
  },
  async verify({ hash, password }) {
    const [prefix, salt, digest] = hash.split(':');
    if (prefix !== PREFIX || salt === undefined || digest === undefined) {
      return real.verify({ hash, password });
    }
    const given = createHash('sha256').update(`${salt}:${password}`).digest();
    const stored = Buffer.from(digest, 'hex');
    return stored.length === given.length && timingSafeEqual(stored, given);
  },
});
