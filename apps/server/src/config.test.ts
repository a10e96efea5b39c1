import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('config', () => {
  it('has defaults that run the shop on SQLite in data/', () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('localhost');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data/shop.db') });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.stripe).toBeUndefined();
    expect(config.google).toBeUndefined();
  });

  it('reads PostgreSQL and SQLite URLs', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
    });
    expect(parseConfig({ DATABASE_URL: 'file:/tmp/x.db' }).database).toEqual({
      kind: 'sqlite',
      file: '/tmp/x.db',
    });
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: ' ' }).stripe).toBe(
      undefined,
    );
  });

  it('reads rate limits and CORS origins, closed by default', () => {
    const defaults = parseConfig({});
    expect(defaults.corsOrigins).toEqual([]);
    expect(defaults.rateLimits).toEqual({
      authPerAddress: 20,
      authPerAccount: 8,
      ordersPerMinute: 30,
      paymentsPerMinute: 30,
    });
    const set = parseConfig({
      CORS_ORIGINS: 'https://a.example, http://b.example:8080',
      ORDER_RATE_LIMIT_PER_MINUTE: '5',
    });
    expect(set.corsOrigins).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(set.rateLimits.ordersPerMinute).toBe(5);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must start with/],
    [{ PUBLIC_URL: 'not a url' }, /^Invalid configuration: PUBLIC_URL /],
    [
      { STRIPE_SECRET_KEY: 'sk_test_1' },
      /^Invalid configuration: STRIPE_PUBLISHABLE_KEY is required/,
    ],
    [{ STRIPE_SECRET_KEY: 'pk_1', STRIPE_PUBLISHABLE_KEY: 'pk_2' }, /STRIPE_SECRET_KEY must start/],
    [{ GOOGLE_CLIENT_SECRET: 'x' }, /GOOGLE_CLIENT_ID is required with GOOGLE_CLIENT_SECRET/],
    [{ NODE_ENV: 'production' }, /^Invalid configuration: AUTH_SECRET is required in production/],
    [{ ADMIN_EMAIL: 'boss', ADMIN_PASSWORD: 'long-enough' }, /ADMIN_EMAIL/],
    [{ CORS_ORIGINS: 'https://a.example/path' }, /^Invalid configuration: CORS_ORIGINS.* must be/],
    [{ CORS_ORIGINS: '*' }, /CORS_ORIGINS/],
    [{ ORDER_RATE_LIMIT_PER_MINUTE: '0' }, /ORDER_RATE_LIMIT_PER_MINUTE/],
    [{ REDIS_URL: 'http://x' }, /REDIS_URL must start with redis/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
    try {
      parseConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
