import { describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases.js';
import { withShop } from '../test/shop.js';
import { registerAccount, uniqueEmail } from '../test/factories.js';
import { addressKey } from './client-address.js';

describe('finding 10: per-address limits count an IPv6 client by its /64', () => {
  it('keys every address of one /64 alike, whatever its spelling', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2::ffff',
      '2001:0db8:0001:0002:1234:5678:9abc:def0',
      '2001:DB8:1:2:FFFF:FFFF:FFFF:FFFF',
      '2001:db8:1:2:0:0:192.0.2.1',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(addressKey(address), address).toBe(key);
    }
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::')).toBe('0:0:0:0::/64');
  });

  it('keys IPv4 by the whole address, also when a dual-stack socket writes it as IPv6', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:c000:201')).toBe('192.0.2.1');
    expect(addressKey('192.0.2.2')).not.toBe(addressKey('192.0.2.1'));
    expect(addressKey(undefined)).toBe('unknown');
  });
});

describe.each(testDatabases)('finding 10: identity limits per IPv6 /64 on $name', (kind) => {
  const shop = withShop(kind);

  const signUp = (remoteAddress: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress,
      // Too short a password: refused by validation, after the attempt was counted.
      payload: { email: uniqueEmail('v6'), password: 'short', name: 'Six' },
    });

  it('one host rotating through its /64 meets the per-address limit of 20', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 25; i += 1) {
      statuses.push((await signUp(`2001:db8:aa:1:${i.toString(16)}::${i}`)).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    // Another /64 is another client.
    expect((await signUp('2001:db8:aa:2::1')).statusCode).toBe(400);
  });

  it('one host guessing a password through its /64 meets the per-account limit of 8', async () => {
    const me = await registerAccount(shop.app);
    const statuses: number[] = [];
    for (let i = 1; i <= 10; i += 1) {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: `2001:db8:bb:1::${i.toString(16)}`,
        payload: { email: me.email, password: `wrong-password-${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429, 429]);
  });
});
