import { apiErrorSchema, buyerDetailMessages, userSchema } from '@shop/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mail } from '../../auth/mailer.js';
import { testDatabases } from '../../test/databases.js';
import { withShop } from '../../test/shop.js';
import { bearer, registerAccount, registerAdmin, type TestAccount } from '../../test/factories.js';

const details = {
  company: 'Acme Cases Ltd',
  vatNumber: 'gb 123.4567.89',
  shippingAddress: 'Acme Cases Ltd\nUnit 4, Dock Road\nLeeds LS1 4AP',
};

/** Issue 12: a repeat buyer's company, VAT number and default shipping address. */
describe.each(testDatabases)('buyer details on the profile on $name', (kind) => {
  const shop = withShop(kind, {
    deps: { mailer: { send: async (mail) => void outbox.push(mail) } },
  });
  let admin: TestAccount;
  const outbox: Mail[] = [];

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
  });

  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? bearer(token) : {}) },
    });
  const getUser = (email: string, token?: string) =>
    call({ method: 'GET', url: `/api/user/${email}` }, token);
  const putProfile = (email: string, payload: object, token?: string) =>
    call({ method: 'PUT', url: `/api/profile/${email}`, payload }, token);

  describe('PUT /api/profile/{email} and GET /api/user/{email}', () => {
    it('saves company, a normalised VAT number and an address with its line breaks', async () => {
      const me = await registerAccount(shop.app);
      const res = await putProfile(me.email, { ...details, phone: '+44 113 496 0000' }, me.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        insertedId: expect.any(String),
        modifiedCount: 1,
        user: { company: 'Acme Cases Ltd', vatNumber: 'GB123456789' },
      });

      const user = userSchema.parse((await getUser(me.email, me.token)).json());
      expect(user).toMatchObject({
        company: 'Acme Cases Ltd',
        vatNumber: 'GB123456789',
        shippingAddress: 'Acme Cases Ltd\nUnit 4, Dock Road\nLeeds LS1 4AP',
        phone: '+44 113 496 0000',
      });
    });

    it('starts with no buyer details and keeps the others when one is updated', async () => {
      const me = await registerAccount(shop.app);
      expect((await getUser(me.email, me.token)).json()).toMatchObject({
        company: null,
        vatNumber: null,
        shippingAddress: null,
      });
      await putProfile(me.email, details, me.token);
      await putProfile(me.email, { company: 'Acme Holdings' }, me.token);
      expect((await getUser(me.email, me.token)).json()).toMatchObject({
        company: 'Acme Holdings',
        vatNumber: 'GB123456789',
        shippingAddress: details.shippingAddress,
      });
    });

    it("still takes the spec's fields alone, exactly as before", async () => {
      const me = await registerAccount(shop.app);
      const spec = {
        displayName: 'Tom Walsh',
        location: 'Leeds',
        education: 'BSc',
        phone: '+44 113 496 0000',
        linkedin: 'https://www.linkedin.com/in/tom-walsh',
      };
      const res = await putProfile(me.email, spec, me.token);
      expect(res.statusCode, res.body).toBe(200);
      expect((await getUser(me.email, me.token)).json()).toMatchObject({
        ...spec,
        company: null,
        vatNumber: null,
        shippingAddress: null,
      });
    });

    it.each([
      ['a VAT number without a country', { vatNumber: '123456789' }, 'vatNumber'],
      ['a VAT number with a stray character', { vatNumber: 'DE123/456' }, 'vatNumber'],
      ['a VAT number too long', { vatNumber: 'DE12345678901234' }, 'vatNumber'],
      ['a company name too long', { company: 'x'.repeat(201) }, 'company'],
      ['an address too long', { shippingAddress: 'x\n'.repeat(251) }, 'shippingAddress'],
      ['an address that is not text', { shippingAddress: ['1 Road'] }, 'shippingAddress'],
    ])('refuses %s and changes nothing', async (_label, payload, field) => {
      const me = await registerAccount(shop.app);
      await putProfile(me.email, details, me.token);
      const before = (await getUser(me.email, me.token)).json();
      const res = await putProfile(me.email, { ...payload, location: 'Somewhere' }, me.token);
      expect(res.statusCode).toBe(400);
      const { error } = apiErrorSchema.parse(res.json());
      expect(error.code).toBe('validation_failed');
      expect(error.fields?.[field]).toBeDefined();
      if (field === 'vatNumber') {
        expect(error.fields?.[field]).toBe(buyerDetailMessages.vatNumberInvalid);
      }
      expect((await getUser(me.email, me.token)).json()).toEqual(before);
    });
  });

  describe('access', () => {
    let owner: TestAccount;
    let other: TestAccount;
    beforeAll(async () => {
      owner = await registerAccount(shop.app);
      other = await registerAccount(shop.app);
      await putProfile(owner.email, details, owner.token);
    });

    it('anonymous callers get 401 for reading and writing', async () => {
      expect((await getUser(owner.email)).statusCode).toBe(401);
      expect((await putProfile(owner.email, { company: 'Mine now' })).statusCode).toBe(401);
    });

    it("another customer can neither read nor change a buyer's details", async () => {
      const read = await getUser(owner.email, other.token);
      expect(read.statusCode).toBe(403);
      expect(read.body).not.toContain('GB123456789');
      const write = await putProfile(owner.email, { company: 'Mine now' }, other.token);
      expect(write.statusCode).toBe(403);
      expect((await getUser(owner.email, owner.token)).json()).toMatchObject({
        company: 'Acme Cases Ltd',
      });
    });

    it("an admin reads a customer's details but edits only their own", async () => {
      const read = await getUser(owner.email, admin.token);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ company: 'Acme Cases Ltd', vatNumber: 'GB123456789' });
      const users = await call({ method: 'GET', url: '/api/users' }, admin.token);
      expect(users.json()).toContainEqual(
        expect.objectContaining({ email: owner.email, shippingAddress: details.shippingAddress }),
      );

      expect((await putProfile(owner.email, { company: 'X' }, admin.token)).statusCode).toBe(403);
      const own = await putProfile(admin.email, { company: 'CaseForge' }, admin.token);
      expect(own.statusCode).toBe(200);
      expect((await getUser(admin.email, admin.token)).json()).toMatchObject({
        company: 'CaseForge',
      });
    });
  });

  describe('a new name reaches the identity record and its mails', () => {
    const resetMailTo = async (email: string) => {
      const ask = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email, redirectTo: '/reset-password' },
      });
      expect(ask.statusCode).toBe(200);
      // Mail leaves after the answer.
      return vi.waitFor(() => {
        const sent = outbox.findLast((m) => m.to === email && /reset/i.test(m.subject));
        if (!sent) throw new Error('no reset mail yet');
        return sent;
      });
    };

    it('greets with the name changed on My Profile', async () => {
      const me = await registerAccount(shop.app, { name: 'Old Name' });
      expect((await resetMailTo(me.email)).text).toMatch(/^Hello Old Name,/);
      outbox.length = 0;

      const res = await putProfile(me.email, { displayName: 'Priya Raman' }, me.token);
      expect(res.statusCode, res.body).toBe(200);

      const identity = await shop.db.kysely
        .selectFrom('auth_user')
        .select('name')
        .where('email', '=', me.email)
        .executeTakeFirstOrThrow();
      expect(identity.name).toBe('Priya Raman');
      expect((await resetMailTo(me.email)).text).toMatch(/^Hello Priya Raman,/);
    });

    it('leaves the identity name alone when the name is not sent or is refused', async () => {
      const me = await registerAccount(shop.app, { name: 'Kept Name' });
      await putProfile(me.email, { company: 'Acme' }, me.token);
      const refused = await putProfile(
        me.email,
        { displayName: 'New Name', vatNumber: 'n/a' },
        me.token,
      );
      expect(refused.statusCode).toBe(400);
      const identity = await shop.db.kysely
        .selectFrom('auth_user')
        .select('name')
        .where('email', '=', me.email)
        .executeTakeFirstOrThrow();
      expect(identity.name).toBe('Kept Name');
      expect((await getUser(me.email, me.token)).json()).toMatchObject({
        displayName: 'Kept Name',
      });
    });
  });
});
