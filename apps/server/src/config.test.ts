import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SELLER } from '@shop/shared';
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

  it('reads LOG_FORMAT: json, pretty, or unset (auto: readable only at a terminal)', () => {
    expect(parseConfig({}).logFormat).toBe('auto');
    expect(parseConfig({ LOG_FORMAT: '' }).logFormat).toBe('auto');
    expect(parseConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(parseConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => parseConfig({ LOG_FORMAT: 'xml' })).toThrow(/^Invalid configuration: LOG_FORMAT/);
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
      reviewsPerHour: 3,
      invoicesPerMinute: 60,
      artworkDownloadsPerMinute: 20,
    });
    expect(defaults.artworkQuotaBytes).toBe(25 * 1024 * 1024);
    expect(parseConfig({ ARTWORK_QUOTA_PER_ACCOUNT_MB: '0.5' }).artworkQuotaBytes).toBe(524_288);
    expect(defaults.requestBudget).toEqual({ perSecond: 20, burst: 200, addressShares: 4 });
    expect(defaults.pageRenders).toEqual({ atOnce: 2, queue: 8 });
    const set = parseConfig({
      CORS_ORIGINS: 'https://a.example, http://b.example:8080',
      ORDER_RATE_LIMIT_PER_MINUTE: '5',
      INVOICE_RATE_LIMIT_PER_MINUTE: '12',
      ARTWORK_DOWNLOAD_RATE_LIMIT_PER_MINUTE: '4',
      REQUEST_BUDGET_PER_SECOND: '2.5',
      REQUEST_BUDGET_BURST: '40',
    });
    expect(set.corsOrigins).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(set.rateLimits.ordersPerMinute).toBe(5);
    expect(set.rateLimits.invoicesPerMinute).toBe(12);
    expect(set.rateLimits.artworkDownloadsPerMinute).toBe(4);
    expect(set.requestBudget).toEqual({ perSecond: 2.5, burst: 40, addressShares: 4 });
    // A burst below the most expensive call's cost would refuse that call for good.
    expect(() => parseConfig({ REQUEST_BUDGET_BURST: '5' })).toThrow(/REQUEST_BUDGET_BURST/);
  });

  it('trusts no proxy by default; TRUST_PROXY takes a hop count or proxy addresses', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(
      parseConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8, ::1, loopback' }).trustProxy,
    ).toEqual({ addresses: ['10.0.0.5', '10.1.0.0/16', 'fd00::/8', '::1', 'loopback'] });
  });

  it('needs a real gateway in production unless test mode is chosen on purpose', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' };
    expect(parseConfig({ ...production, ...stripe }).paymentsTestMode).toBe(false);
    expect(parseConfig({ ...production, PAYMENTS_TEST_MODE: 'true' }).paymentsTestMode).toBe(true);
    // Outside production the built-in gateway stays the default: it is test mode.
    expect(parseConfig({}).paymentsTestMode).toBe(true);
  });

  it.each([
    [
      { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) },
      /^Invalid configuration: STRIPE_SECRET_KEY is required in production: .*PAYMENTS_TEST_MODE=true/,
    ],
    [
      { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PAYMENTS_TEST_MODE: 'false' },
      /^Invalid configuration: STRIPE_SECRET_KEY is required in production/,
    ],
    [
      { PAYMENTS_TEST_MODE: 'true', STRIPE_SECRET_KEY: 'sk_1', STRIPE_PUBLISHABLE_KEY: 'pk_1' },
      /^Invalid configuration: PAYMENTS_TEST_MODE cannot be used with STRIPE_SECRET_KEY/,
    ],
    [{ PAYMENTS_TEST_MODE: 'yes' }, /^Invalid configuration: PAYMENTS_TEST_MODE /],
    [{ TRUST_PROXY: 'true' }, /^Invalid configuration: TRUST_PROXY must be a number of proxy hops/],
    [{ TRUST_PROXY: '11' }, /TRUST_PROXY must be/],
    [{ TRUST_PROXY: '-1' }, /TRUST_PROXY must be/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY must be/],
    [{ TRUST_PROXY: '10.0.0.1, proxy.example.com' }, /TRUST_PROXY must be/],
    [{ TRUST_PROXY: '10.0.0.1,' }, /TRUST_PROXY must be/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
    expect(() => parseConfig(env)).not.toThrow(/\n/);
  });

  it('prints the demo seller on invoices until SELLER_* name the real one', () => {
    expect(parseConfig({}).seller).toEqual(DEFAULT_SELLER);
    expect(
      parseConfig({
        SELLER_ADDRESS: ' 12 Mill Lane; Leeds LS1 4AP ;; United Kingdom ',
        SELLER_VAT_NUMBER: 'GB123456789',
        SELLER_EMAIL: 'accounts@caseforge.example',
      }).seller,
    ).toEqual({
      name: DEFAULT_SELLER.name,
      address: ['12 Mill Lane', 'Leeds LS1 4AP', 'United Kingdom'],
      vatNumber: 'GB123456789',
      email: 'accounts@caseforge.example',
    });
    expect(() => parseConfig({ SELLER_EMAIL: 'accounts' })).toThrow(/SELLER_EMAIL/);
    expect(parseConfig({ SELLER_NAME: ' CaseForge Ltd ' }).seller.name).toBe('CaseForge Ltd');
  });

  it('reads the seller from INVOICE_SELLER_*, which win over the older SELLER_* names', () => {
    const seller = parseConfig({
      INVOICE_SELLER_NAME: 'CaseForge GmbH',
      SELLER_NAME: 'Old Name Ltd',
      INVOICE_SELLER_ADDRESS: 'Hafenstrasse 1; Hamburg',
      INVOICE_SELLER_VAT_NUMBER: 'DE999999999',
      INVOICE_SELLER_EMAIL: 'billing@caseforge.example',
    }).seller;
    expect(seller).toEqual({
      name: 'CaseForge GmbH',
      address: ['Hafenstrasse 1', 'Hamburg'],
      vatNumber: 'DE999999999',
      email: 'billing@caseforge.example',
    });
    expect(() => parseConfig({ INVOICE_SELLER_EMAIL: 'billing' })).toThrow(/INVOICE_SELLER_EMAIL/);
  });

  it('states no tax on invoices until TAX_RATE_PERCENT and INVOICE_TAX_NOTE say otherwise', () => {
    expect(parseConfig({}).invoiceTax).toEqual({ ratePercent: 0, note: '' });
    expect(
      parseConfig({ TAX_RATE_PERCENT: '19', INVOICE_TAX_NOTE: ' Reverse charge ' }).invoiceTax,
    ).toEqual({ ratePercent: 19, note: 'Reverse charge' });
    expect(parseConfig({ TAX_RATE_PERCENT: '7.25' }).invoiceTax.ratePercent).toBe(7.25);
    for (const bad of ['-1', '101', 'nineteen', '7.125']) {
      expect(() => parseConfig({ TAX_RATE_PERCENT: bad })).toThrow(/TAX_RATE_PERCENT/);
    }
    expect(() => parseConfig({ INVOICE_TAX_NOTE: 'x'.repeat(201) })).toThrow(/INVOICE_TAX_NOTE/);
  });

  it('reads how long unpaid orders hold stock, how many one customer may hold and their value', () => {
    expect(parseConfig({}).orderHolds).toEqual({
      holdMinutes: 30,
      approvalHoldMinutes: 1440,
      maxAwaitingApproval: 5,
      maxAwaitingApprovalCents: 2_500_000,
      maxUnpaidOrders: 5,
      maxUnpaidCents: 2_500_000,
      requireConfirmedEmail: false,
    });
    expect(
      parseConfig({ MAX_AWAITING_APPROVAL_VALUE: '1000' }).orderHolds.maxAwaitingApprovalCents,
    ).toBe(100_000);
    for (const bad of ['0', '-1', '1.5', 'lots']) {
      expect(() => parseConfig({ MAX_AWAITING_APPROVAL_VALUE: bad })).toThrow(
        /MAX_AWAITING_APPROVAL_VALUE/,
      );
    }
    expect(
      parseConfig({ ORDER_HOLD_MINUTES: '90', MAX_UNPAID_ORDERS: '2', MAX_UNPAID_VALUE: '1200' })
        .orderHolds,
    ).toMatchObject({ holdMinutes: 90, maxUnpaidOrders: 2, maxUnpaidCents: 120_000 });
    expect(parseConfig({ APPROVAL_HOLD_MINUTES: '60' }).orderHolds.approvalHoldMinutes).toBe(60);
    for (const bad of ['0', '-1', '1.5', 'soon', '525601']) {
      expect(() => parseConfig({ APPROVAL_HOLD_MINUTES: bad })).toThrow(/APPROVAL_HOLD_MINUTES/);
    }
  });

  it('asks for a confirmed email to order in production by default, else only when told', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' };
    const required = (env: Record<string, string>) =>
      parseConfig(env).orderHolds.requireConfirmedEmail;
    expect(required({ ...production, ...stripe })).toBe(true);
    expect(required({ ...production, ...stripe, ORDER_REQUIRES_CONFIRMED_EMAIL: '' })).toBe(true);
    expect(required({ ...production, ...stripe, ORDER_REQUIRES_CONFIRMED_EMAIL: 'false' })).toBe(
      false,
    );
    expect(required({})).toBe(false);
    expect(required({ NODE_ENV: 'test' })).toBe(false);
    expect(required({ NODE_ENV: 'development', ORDER_REQUIRES_CONFIRMED_EMAIL: 'true' })).toBe(
      true,
    );
    expect(() => parseConfig({ ORDER_REQUIRES_CONFIRMED_EMAIL: 'yes' })).toThrow(
      /^Invalid configuration: ORDER_REQUIRES_CONFIRMED_EMAIL /,
    );
  });

  it('SEED_DEMO_DATA: demo data by default outside production only; true or false overrides', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    const testMode = { ...production, PAYMENTS_TEST_MODE: 'true' };
    expect(parseConfig({}).seedDemoData).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test' }).seedDemoData).toBe(true);
    expect(parseConfig({ SEED_DEMO_DATA: '' }).seedDemoData).toBe(true);
    expect(parseConfig(testMode).seedDemoData).toBe(false);
    expect(parseConfig({ ...testMode, SEED_DEMO_DATA: '' }).seedDemoData).toBe(false);
    expect(parseConfig({ ...testMode, SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(parseConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    expect(() => parseConfig({ SEED_DEMO_DATA: 'yes' })).toThrow(
      /^Invalid configuration: SEED_DEMO_DATA /,
    );
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ ORDER_HOLD_MINUTES: '0' }, /^Invalid configuration: ORDER_HOLD_MINUTES /],
    [{ ORDER_HOLD_MINUTES: '1.5' }, /^Invalid configuration: ORDER_HOLD_MINUTES /],
    [{ MAX_UNPAID_ORDERS: '-1' }, /^Invalid configuration: MAX_UNPAID_ORDERS /],
    [{ MAX_UNPAID_ORDERS: 'many' }, /^Invalid configuration: MAX_UNPAID_ORDERS /],
    [{ MAX_UNPAID_VALUE: '0' }, /^Invalid configuration: MAX_UNPAID_VALUE /],
    [{ MAX_UNPAID_VALUE: '99.5' }, /^Invalid configuration: MAX_UNPAID_VALUE /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must start with/],
    [{ PUBLIC_URL: 'not a url' }, /^Invalid configuration: PUBLIC_URL /],
    [
      { STRIPE_SECRET_KEY: 'sk_test_1' },
      /^Invalid configuration: STRIPE_PUBLISHABLE_KEY is required/,
    ],
    [{ STRIPE_SECRET_KEY: 'pk_1', STRIPE_PUBLISHABLE_KEY: 'pk_2' }, /STRIPE_SECRET_KEY must start/],
    [{ GOOGLE_CLIENT_SECRET: 'x' }, /GOOGLE_CLIENT_ID is required with GOOGLE_CLIENT_SECRET/],
    [
      { NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' },
      /^Invalid configuration: AUTH_SECRET is required in production/,
    ],
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

  describe('.env.example', () => {
    const root = (name: string) => new URL(`../../../${name}`, import.meta.url);
    const example = parseEnv(readFileSync(root('.env.example'), 'utf8'));

    it('changes nothing when copied to .env: its values are the defaults', () => {
      expect(parseConfig(example)).toEqual(parseConfig({}));
    });

    it("lists every variable of the README's configuration table", () => {
      const readme = readFileSync(root('README.md'), 'utf8');
      const table = readme.slice(
        readme.indexOf('## Configuration'),
        readme.indexOf('## Architecture'),
      );
      const documented = [...table.matchAll(/^\| (.+?) \|/gm)].flatMap((row) =>
        [...(row[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((name) => name[1]),
      );
      expect(documented).toContain('TRUST_PROXY');
      for (const name of documented) {
        expect(Object.keys(example), `${name} is missing from .env.example`).toContain(name);
      }
    });
  });
});
