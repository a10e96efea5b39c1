import { apiErrorSchema, companyCreatedSchema, invitationCompanySchema } from '@shop/shared';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Mail } from '../../auth/mailer.js';
import { testDatabases } from '../../test/databases.js';
import {
  bearer,
  confirmAddress,
  expiredToken,
  forgedToken,
  registerAccount,
  type TestAccount,
} from '../../test/factories.js';
import { withShop } from '../../test/shop.js';
import { TEST_AUTH_SECRET } from '../../test/build-app.js';

const MINUTE = 60_000;

/**
 * ux 2026-11-28 #29: the signed-out invitation page names the company. Whoever holds the link
 * learns the company's name and nothing else; the mail's link carries the invited address in
 * its fragment for the page to prefill Register with.
 */
describe.each(testDatabases)('GET /api/invitations/{token}/company on $name', (kind) => {
  const mails: Mail[] = [];
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const shop = withShop(kind, {
    deps: { mailer: { send: async (mail: Mail) => void mails.push(mail) }, now: clock },
  });
  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({ ...options, headers: token ? bearer(token) : {} });

  async function invitation(): Promise<{ owner: TestAccount; token: string; mail: Mail }> {
    const owner = await registerAccount(shop.app, { label: 'owner', name: 'Olivia Owner' });
    await confirmAddress(shop.db, owner.email);
    const created = await call(
      {
        method: 'POST',
        url: '/api/companies',
        payload: { name: 'Acme Systems GmbH', billingAddress: '1 Main St' },
      },
      owner.token,
    );
    expect(created.statusCode, created.body).toBe(201);
    const company = companyCreatedSchema.parse(created.json()).company;
    const email = `invited-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await call(
      {
        method: 'POST',
        url: `/api/companies/${company._id}/invitations`,
        payload: { email, role: 'buyer', orderLimit: 2000 },
      },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    await shop.app.mailOutbox.runOnce(clock());
    const mail = mails.filter((m) => m.to === email).at(-1);
    const token = /\/invitations\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    if (!mail || !token) throw new Error('no invitation mail');
    return { owner, token, mail };
  }

  it('ux 2026-11-28 #29: names the company to anyone holding the link, and nothing more', async () => {
    const { owner, token, mail } = await invitation();
    expect(mail.text).toContain(`/invitations/${token}#email=${encodeURIComponent(mail.to)}`);
    const other = await registerAccount(shop.app, { label: 'other' });
    const callers = [
      undefined,
      await expiredToken(shop.db, other, TEST_AUTH_SECRET),
      await forgedToken(other),
      other.token,
      owner.token,
    ];
    for (const caller of callers) {
      const res = await call({ method: 'GET', url: `/api/invitations/${token}/company` }, caller);
      expect(res.statusCode, res.body).toBe(200);
      // Exactly the name: no role, limit, address or expiry for the link's holder.
      expect(res.json()).toEqual({ companyName: 'Acme Systems GmbH' });
      expect(invitationCompanySchema.parse(res.json())).toEqual(res.json());
      expect(res.body).not.toContain(mail.to);
    }
  });

  it('ux 2026-11-28 #29: answers 404 for an unknown link and 410 for an expired one', async () => {
    for (const token of ['x'.repeat(43), 'short']) {
      const res = await call({ method: 'GET', url: `/api/invitations/${token}/company` });
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json()).error.code).toBe('not_found');
    }
    const { token } = await invitation();
    offset = 7 * 24 * 60 * MINUTE + MINUTE;
    try {
      const res = await call({ method: 'GET', url: `/api/invitations/${token}/company` });
      expect(res.statusCode).toBe(410);
      expect(apiErrorSchema.parse(res.json()).error.code).toBe('invitation_expired');
    } finally {
      offset = 0;
    }
  });
});
