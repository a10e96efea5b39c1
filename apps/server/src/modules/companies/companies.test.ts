import {
  apiErrorSchema,
  companyCreatedSchema,
  companyListSchema,
  companyMailMessages,
  companyMessages,
  companyWithMembersSchema,
  invitationListSchema,
  invitationPreviewSchema,
  memberUpdatedSchema,
  orderListSchema,
  orderModifiedSchema,
  orderCreatedSchema,
  type CompanyWithMembers,
  type Order,
} from '@shop/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../auth/mailer.js';
import type { Db } from '../../db/database.js';
import { buildTestApp } from '../../test/build-app.js';
import { testDatabases, type TestDb } from '../../test/databases.js';
import {
  bearer,
  confirmAddress,
  expiredToken,
  forgedToken,
  insertProduct,
  registerAccount,
  registerAdmin,
  stockIn,
  unpaidOrdersOf,
  unpaidValueOf,
  userIdOf,
  type TestAccount,
} from '../../test/factories.js';
import { TEST_AUTH_SECRET } from '../../test/build-app.js';
import { whileRowLocked } from '../../test/row-lock.js';

const HOLD_MINUTES = 30;
const APPROVAL_HOLD_MINUTES = 1440;
const MINUTE = 60_000;
const MAX_AWAITING = 3;

/**
 * DESIGN.md section 12 (issue 23): companies, invitations, members, company orders and
 * approvals, on both databases, with the access of every kind of caller and the races.
 */
describe.each(testDatabases)('companies on $name', (kind) => {
  let db: TestDb;
  let otherDb: Db;
  let app: FastifyInstance;
  /** A second instance on the same database (PostgreSQL: its own pool). */
  let second: FastifyInstance;
  /** The shop's clock: the real one, moved forward by `offset` (an expired invitation). */
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const mails: Mail[] = [];

  let shopAdmin: TestAccount;
  let owner: TestAccount;
  let buyer: TestAccount;
  let outsider: TestAccount;
  let rivalAdmin: TestAccount;
  let company: CompanyWithMembers;
  let rival: CompanyWithMembers;

  const call = (options: InjectOptions, token?: string, on = app) =>
    on.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
  const refusal = (res: { statusCode: number; json: () => unknown }) =>
    apiErrorSchema.parse(res.json()).error;

  async function createCompany(account: TestAccount, name: string) {
    const res = await call(
      {
        method: 'POST',
        url: '/api/companies',
        payload: { name, vatId: 'de 123.456.789', billingAddress: '1 Main St\r\nSpringfield' },
      },
      account.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return companyCreatedSchema.parse(res.json()).company;
  }

  /** Invites `email`, delivers the outbox and answers the token of the link in the mail. */
  async function invite(
    companyId: string,
    by: TestAccount,
    email: string,
    body: Record<string, unknown> = { role: 'buyer', orderLimit: 100 },
  ): Promise<string> {
    const res = await call(
      {
        method: 'POST',
        url: `/api/companies/${companyId}/invitations`,
        payload: { email, ...body },
      },
      by.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    await app.mailOutbox.runOnce(clock());
    const mail = mails.filter((m) => m.to === email.toLowerCase()).at(-1);
    const token = /\/invitations\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no invitation mail for ${email}`);
    return token;
  }

  async function join(companyId: string, by: TestAccount, account: TestAccount, body?: object) {
    const token = await invite(companyId, by, account.email, body as Record<string, unknown>);
    const res = await call(
      { method: 'POST', url: `/api/invitations/${token}/accept` },
      account.token,
    );
    expect(res.statusCode, res.body).toBe(200);
  }

  async function place(account: TestAccount, productId: string, quantity: number) {
    const res = await call(
      {
        method: 'POST',
        url: '/api/orders',
        payload: {
          lines: [{ productId, quantity }],
          phone: '+1 555 0100',
          address: '1 Test Street',
        },
      },
      account.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return orderCreatedSchema.parse(res.json()).order;
  }

  beforeAll(async () => {
    db = await kind.open();
    otherDb = kind.name === 'postgres' ? db.reopen() : db;
    const overrides = {
      ORDER_HOLD_MINUTES: String(HOLD_MINUTES),
      APPROVAL_HOLD_MINUTES: String(APPROVAL_HOLD_MINUTES),
      MAX_AWAITING_APPROVAL_ORDERS: String(MAX_AWAITING),
    };
    const mailer = { send: async (mail: Mail) => void mails.push(mail) };
    const now = clock;
    app = await buildTestApp(db, overrides, { mailer, now });
    second = await buildTestApp(otherDb, overrides, { mailer, now });
    shopAdmin = await registerAdmin(app, db);
    owner = await registerAccount(app, { label: 'owner', name: 'Olivia Owner' });
    buyer = await registerAccount(app, { label: 'buyer', name: 'Bruno Buyer' });
    outsider = await registerAccount(app, { label: 'outsider', name: 'Oscar Outsider' });
    rivalAdmin = await registerAccount(app, { label: 'rival', name: 'Rita Rival' });
    for (const account of [owner, buyer, rivalAdmin]) await confirmAddress(db, account.email);
    company = await createCompany(owner, 'Acme Integrators');
    rival = await createCompany(rivalAdmin, 'Rival Systems');
    await join(company._id, owner, buyer, { role: 'buyer', orderLimit: 100 });
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
    if (otherDb !== db) await otherDb?.close();
    await db?.drop();
  });

  describe('creating and reading a company', () => {
    it('makes the creator its admin, and answers the company shape', async () => {
      expect(company).toMatchObject({
        name: 'Acme Integrators',
        vatId: 'DE123456789',
        billingAddress: '1 Main St\nSpringfield',
        terms: null,
        onHold: false,
      });
      const me = await userIdOf(db, owner);
      const res = await call({ method: 'GET', url: '/api/companies/mine' }, owner.token);
      const mine = companyWithMembersSchema.parse(res.json());
      expect(mine.members).toContainEqual({
        userId: me,
        name: 'Olivia Owner',
        email: owner.email,
        role: 'admin',
        orderLimit: null,
        monthlyLimit: null,
      });
      expect(mine.members.find((m) => m.email === buyer.email)).toMatchObject({
        role: 'buyer',
        orderLimit: 100,
      });
    });

    it('refuses a second company for a member (409 already_in_company), nothing written', async () => {
      const before = await db.kysely.selectFrom('companies').select('id').execute();
      for (const account of [owner, buyer]) {
        const res = await call(
          {
            method: 'POST',
            url: '/api/companies',
            payload: { name: 'Another', billingAddress: 'Somewhere' },
          },
          account.token,
        );
        expect(res.statusCode).toBe(409);
        expect(refusal(res).code).toBe('already_in_company');
      }
      expect(await db.kysely.selectFrom('companies').select('id').execute()).toHaveLength(
        before.length,
      );
    });

    it('validates the fields, and nothing is written', async () => {
      const before = (await db.kysely.selectFrom('companies').select('id').execute()).length;
      for (const payload of [
        {},
        { name: '', billingAddress: 'x' },
        { name: 'A', billingAddress: '' },
        { name: 'A\nB', billingAddress: 'x' },
        { name: 'A', billingAddress: 'x', vatId: '12-34' },
        { name: 'x'.repeat(201), billingAddress: 'x' },
        { name: 'A', billingAddress: 'x', role: 'admin' },
      ]) {
        const res = await call({ method: 'POST', url: '/api/companies', payload }, outsider.token);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(refusal(res).code).toBe('validation_failed');
      }
      expect((await db.kysely.selectFrom('companies').select('id').execute()).length).toBe(before);
    });

    it('asks for a sign-in: anonymous, expired and forged tokens get 401', async () => {
      const expired = await expiredToken(db, outsider, TEST_AUTH_SECRET);
      const forged = await forgedToken(outsider);
      for (const token of [undefined, expired, forged]) {
        for (const request of [
          { method: 'GET', url: '/api/companies/mine' },
          { method: 'POST', url: '/api/companies', payload: { name: 'A', billingAddress: 'x' } },
          { method: 'GET', url: `/api/companies/${company._id}` },
          { method: 'GET', url: `/api/companies/${company._id}/orders` },
        ] as const) {
          expect((await call(request, token)).statusCode).toBe(401);
        }
      }
    });

    it('GET /companies/mine: 404 for a customer in no company', async () => {
      const res = await call({ method: 'GET', url: '/api/companies/mine' }, outsider.token);
      expect(res.statusCode).toBe(404);
    });

    it('GET /companies/{id}: members and shop admins; 403 others; 404 unknown', async () => {
      const url = `/api/companies/${company._id}`;
      for (const account of [owner, buyer, shopAdmin]) {
        const res = await call({ method: 'GET', url }, account.token);
        expect(res.statusCode).toBe(200);
        expect(companyWithMembersSchema.parse(res.json())._id).toBe(company._id);
      }
      for (const account of [outsider, rivalAdmin]) {
        expect((await call({ method: 'GET', url }, account.token)).statusCode).toBe(403);
      }
      for (const id of ['0'.repeat(24), 'nope']) {
        const res = await call({ method: 'GET', url: `/api/companies/${id}` }, shopAdmin.token);
        expect(res.statusCode).toBe(404);
      }
    });

    it('PATCH: a company admin or a shop admin edits it; others 403; nothing else changes', async () => {
      const url = `/api/companies/${company._id}`;
      for (const account of [buyer, outsider, rivalAdmin]) {
        const res = await call(
          { method: 'PATCH', url, payload: { name: 'Hijacked' } },
          account.token,
        );
        expect(res.statusCode).toBe(403);
      }
      const bad = await call({ method: 'PATCH', url, payload: {} }, owner.token);
      expect(bad.statusCode).toBe(400);
      const res = await call(
        { method: 'PATCH', url, payload: { name: 'Acme Integrators Ltd', vatId: null } },
        owner.token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        modifiedCount: 1,
        company: { name: 'Acme Integrators Ltd', vatId: null },
      });
      const byShop = await call(
        { method: 'PATCH', url, payload: { billingAddress: '2 Side St' } },
        shopAdmin.token,
      );
      expect(byShop.json()).toMatchObject({
        company: { name: 'Acme Integrators Ltd', billingAddress: '2 Side St' },
      });
    });

    it('Manage Companies (shop admins): search, pages, the total; others 403', async () => {
      const res = await call(
        { method: 'GET', url: '/api/companies?q=acme&page=1&limit=10' },
        shopAdmin.token,
      );
      expect(res.statusCode).toBe(200);
      const list = companyListSchema.parse(res.json());
      expect(list.map((c) => c._id)).toEqual([company._id]);
      expect(list[0]?.memberCount).toBe(2);
      expect(res.headers['x-total-count']).toBe('1');
      const all = await call({ method: 'GET', url: '/api/companies?page=1' }, shopAdmin.token);
      expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
      expect((await call({ method: 'GET', url: '/api/companies' }, owner.token)).statusCode).toBe(
        403,
      );
      const bad = await call({ method: 'GET', url: '/api/companies?page=0' }, shopAdmin.token);
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('invitations', () => {
    it('mails a link that only the invited address may use, once', async () => {
      const newcomer = await registerAccount(app, { label: 'newcomer', name: 'Nina Newcomer' });
      const token = await invite(company._id, owner, newcomer.email.toUpperCase(), {
        role: 'buyer',
        orderLimit: '250.50',
      });
      const mail = mails.filter((m) => m.to === newcomer.email).at(-1);
      // The subject is the shop's fixed words; the company is named in the body, quoted.
      expect(mail?.subject).toBe(companyMailMessages.invitationSubject);
      expect(mail?.text).toContain('"Acme Integrators Ltd"');
      expect(mail?.text).toContain('$250.50');
      // The table keeps the token's hash, never the token.
      const stored = await db.kysely.selectFrom('company_invitations').selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(token);

      const mine = await call({ method: 'GET', url: `/api/invitations/${token}` }, newcomer.token);
      expect(invitationPreviewSchema.parse(mine.json())).toMatchObject({
        companyName: 'Acme Integrators Ltd',
        role: 'buyer',
        orderLimit: 250.5,
        email: newcomer.email,
        forYou: true,
      });
      const theirs = await call(
        { method: 'GET', url: `/api/invitations/${token}` },
        outsider.token,
      );
      expect(theirs.json()).toMatchObject({ forYou: false });
      expect((theirs.json() as { email: string }).email).toMatch(/^n\*\*\*@example\.com$/);

      const wrong = await call(
        { method: 'POST', url: `/api/invitations/${token}/accept` },
        outsider.token,
      );
      expect(wrong.statusCode).toBe(403);
      expect(refusal(wrong).code).toBe('invitation_for_another_account');

      const accepted = await call(
        { method: 'POST', url: `/api/invitations/${token}/accept` },
        newcomer.token,
      );
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(
        companyWithMembersSchema.parse(accepted.json().company).members.map((m) => m.email),
      ).toContain(newcomer.email);

      const again = await call(
        { method: 'POST', url: `/api/invitations/${token}/accept` },
        newcomer.token,
      );
      expect(again.statusCode).toBe(410);
      expect(refusal(again).code).toBe('invitation_used');
      expect(
        (await call({ method: 'GET', url: `/api/invitations/${token}` }, newcomer.token))
          .statusCode,
      ).toBe(410);
      // Back out, for the tests after.
      const id = await userIdOf(db, newcomer);
      const left = await call(
        { method: 'DELETE', url: `/api/companies/${company._id}/members/${id}` },
        newcomer.token,
      );
      expect(left.statusCode).toBe(200);
    });

    it('answers 404 for an unknown token and 410 once it expired', async () => {
      for (const token of ['x'.repeat(43), 'short', 'A'.repeat(43)]) {
        const res = await call(
          { method: 'POST', url: `/api/invitations/${token}/accept` },
          outsider.token,
        );
        expect(res.statusCode).toBe(404);
      }
      const late = await registerAccount(app, { label: 'late' });
      const token = await invite(company._id, owner, late.email);
      offset = 7 * 24 * 60 * MINUTE + MINUTE;
      try {
        const res = await call(
          { method: 'POST', url: `/api/invitations/${token}/accept` },
          late.token,
        );
        expect(res.statusCode).toBe(410);
        expect(refusal(res).code).toBe('invitation_expired');
      } finally {
        offset = 0;
      }
    });

    it('refuses at accept time someone already in a company (409), the invitation kept', async () => {
      const token = await invite(company._id, owner, rivalAdmin.email);
      const res = await call(
        { method: 'POST', url: `/api/invitations/${token}/accept` },
        rivalAdmin.token,
      );
      expect(res.statusCode).toBe(409);
      expect(refusal(res).code).toBe('already_in_company');
      const row = await db.kysely
        .selectFrom('company_invitations')
        .select('used_at')
        .where('email', '=', rivalAdmin.email)
        .executeTakeFirstOrThrow();
      expect(row.used_at).toBeNull();
    });

    it('lists open invitations and withdraws one (company admins and shop admins)', async () => {
      const email = `pending-${Date.now()}@example.com`;
      const token = await invite(company._id, shopAdmin, email, { role: 'admin' });
      const url = `/api/companies/${company._id}/invitations`;
      for (const account of [buyer, outsider, rivalAdmin]) {
        expect((await call({ method: 'GET', url }, account.token)).statusCode).toBe(403);
        const res = await call(
          { method: 'POST', url, payload: { email: 'x@example.com', role: 'buyer' } },
          account.token,
        );
        expect(res.statusCode).toBe(403);
      }
      const list = invitationListSchema.parse(
        (await call({ method: 'GET', url }, owner.token)).json(),
      );
      const open = list.find((i) => i.email === email);
      expect(open).toMatchObject({ role: 'admin', orderLimit: null, invitedBy: 'Test Admin' });
      const revoke = await call(
        { method: 'DELETE', url: `${url}/${open?._id ?? ''}` },
        owner.token,
      );
      expect(revoke.json()).toEqual({ deletedCount: 1 });
      expect(
        (await call({ method: 'DELETE', url: `${url}/${open?._id ?? ''}` }, owner.token))
          .statusCode,
      ).toBe(404);
      const after = await call({ method: 'GET', url: `/api/invitations/${token}` }, owner.token);
      expect(after.statusCode).toBe(410);
    });

    it('validates an invitation, and refuses a member of the company (409)', async () => {
      const url = `/api/companies/${company._id}/invitations`;
      for (const payload of [
        { email: 'not-an-email', role: 'buyer' },
        { email: 'a@example.com', role: 'owner' },
        { email: 'a@example.com', role: 'buyer', orderLimit: -1 },
        { email: 'a@example.com', role: 'buyer', orderLimit: 1.234 },
        { email: 'a@example.com' },
      ]) {
        const res = await call({ method: 'POST', url, payload }, owner.token);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const res = await call(
        { method: 'POST', url, payload: { email: buyer.email, role: 'buyer' } },
        owner.token,
      );
      expect(res.statusCode).toBe(409);
    });

    it('is no mail cannon: a company sends a limited number an hour (429)', async () => {
      const url = `/api/companies/${rival._id}/invitations`;
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        const res = await call(
          { method: 'POST', url, payload: { email: `flood-${i}@example.com`, role: 'buyer' } },
          rivalAdmin.token,
        );
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
      const rows = await db.kysely
        .selectFrom('company_invitations')
        .select('id')
        .where('company_id', '=', rival._id)
        .execute();
      expect(rows).toHaveLength(20);
    });

    describe('security 2026-11-28 #5: invitations are no spam relay', () => {
      const PHISHING = 'ACTION NEEDED: your CaseForge account is locked, call +1 900 555 0199';
      const invitationsBy = (account: TestAccount) =>
        db.kysely
          .selectFrom('company_invitations')
          .innerJoin('users', 'users.id', 'company_invitations.invited_by')
          .select('company_invitations.email')
          .where('users.email', '=', account.email)
          .execute();
      const outboxTo = (emails: readonly string[]) =>
        db.kysely
          .selectFrom('mail_outbox')
          .select(['recipient', 'sent_at'])
          .where('recipient', 'in', [...emails])
          .execute();

      it('security 2026-11-28 #5: three unconfirmed accounts with a phishing company invite 21 strangers each: all refused, no mail', async () => {
        const strangers: string[] = [];
        for (let n = 0; n < 3; n += 1) {
          const spammer = await registerAccount(app, {
            label: `spammer${n}`,
            name: 'CaseForge Security Team',
          });
          // Creating a company needs no confirmed address (its admin cannot invite yet).
          const spam = await createCompany(spammer, PHISHING);
          const statuses = new Set<number>();
          const codes = new Set<string>();
          for (let i = 0; i < 21; i += 1) {
            const email = `stranger-${n}-${i}-${Date.now()}@example.com`;
            strangers.push(email);
            const res = await call(
              {
                method: 'POST',
                url: `/api/companies/${spam._id}/invitations`,
                payload: { email, role: 'buyer' },
              },
              spammer.token,
            );
            statuses.add(res.statusCode);
            codes.add(refusal(res).code);
          }
          expect([...statuses]).toEqual([403]);
          expect([...codes]).toEqual(['email_not_confirmed']);
          expect(await invitationsBy(spammer)).toEqual([]);
        }
        const sentBefore = mails.length;
        await app.mailOutbox.runOnce(clock());
        expect(await outboxTo(strangers)).toEqual([]);
        expect(mails.slice(sentBefore).filter((m) => strangers.includes(m.to))).toEqual([]);
        expect(mails.some((m) => m.subject.includes('ACTION NEEDED'))).toBe(false);
      });

      it('security 2026-11-28 #5: the mail has a fixed subject and quotes the names as a customer gave them', async () => {
        const boss = await registerAccount(app, { label: 'boss', name: 'CaseForge Security Team' });
        await confirmAddress(db, boss.email);
        const spam = await createCompany(boss, PHISHING);
        const newcomer = await registerAccount(app, { label: 'invitee', name: 'Ines Invitee' });
        const token = await invite(spam._id, boss, newcomer.email);
        const mail = mails.filter((m) => m.to === newcomer.email).at(-1);
        expect(mail?.subject).toBe(companyMailMessages.invitationSubject);
        expect(mail?.subject).not.toMatch(/ACTION|CaseForge Security|900/);
        expect(mail?.text).toContain(`"${PHISHING}"`);
        expect(mail?.text).toContain('"CaseForge Security Team"');
        expect(mail?.text).toContain(companyMailMessages.invitationQuoted);
        expect(mail?.html).toContain(`&quot;${PHISHING}&quot;`);
        // The normal path still works: the invitee joins.
        const res = await call(
          { method: 'POST', url: `/api/invitations/${token}/accept` },
          newcomer.token,
        );
        expect(res.statusCode, res.body).toBe(200);
      });

      it('security 2026-11-28 #5: a confirmed admin sends 20 an hour and 40 a day; the rest 429, nothing written', async () => {
        const admin = await registerAccount(app, { label: 'busy', name: 'Bea Busy' });
        await confirmAddress(db, admin.email);
        const busy = await createCompany(admin, 'Busy Integrators');
        const send = (i: number) =>
          call(
            {
              method: 'POST',
              url: `/api/companies/${busy._id}/invitations`,
              payload: { email: `colleague-${i}-${Date.now()}@example.com`, role: 'buyer' },
            },
            admin.token,
          );
        const statuses: number[] = [];
        const thirdHour = new Set<string>();
        try {
          for (let hour = 0; hour < 3; hour += 1) {
            for (let i = 0; i < 21; i += 1) {
              const res = await send(hour * 100 + i);
              statuses.push(res.statusCode);
              if (hour === 2) thirdHour.add(refusal(res).message);
            }
            offset += 61 * MINUTE;
          }
        } finally {
          offset = 0;
        }
        const hour = (from: number) => statuses.slice(from, from + 21);
        // The company's 20 an hour, twice...
        expect(hour(0)).toEqual([...Array<number>(20).fill(201), 429]);
        expect(hour(21)).toEqual([...Array<number>(20).fill(201), 429]);
        // ...then the admin's 40 a day, whatever the hour.
        expect(hour(42)).toEqual(Array<number>(21).fill(429));
        expect([...thirdHour]).toEqual([companyMessages.tooManyInvitationsToday]);
        expect(await invitationsBy(admin)).toHaveLength(40);
      });

      it("security 2026-11-28 #5: invitation mail counts in the recipient's hourly allowance: the 21st waits, none is dropped", async () => {
        const target = `popular-${Date.now()}@example.com`;
        const [first, other] = await Promise.all(
          ['popa', 'popb'].map(async (label) => {
            const account = await registerAccount(app, { label, name: 'Pop Admin' });
            await confirmAddress(db, account.email);
            return {
              account,
              company: await createCompany(account, `Popular ${label}`),
            };
          }),
        );
        const inviteTarget = (by: { account: TestAccount; company: CompanyWithMembers }) =>
          call(
            {
              method: 'POST',
              url: `/api/companies/${by.company._id}/invitations`,
              payload: { email: target, role: 'buyer' },
            },
            by.account.token,
          );
        for (let i = 0; i < 20; i += 1) expect((await inviteTarget(first!)).statusCode).toBe(201);
        expect((await inviteTarget(other!)).statusCode).toBe(201);
        await app.mailOutbox.runOnce(clock());
        expect(mails.filter((m) => m.to === target)).toHaveLength(20);
        const waiting = (await outboxTo([target])).filter((row) => row.sent_at === null);
        expect(waiting).toHaveLength(1);
        // An hour later its place opens and it goes.
        await app.mailOutbox.runOnce(new Date(Date.now() + 61 * MINUTE));
        expect(mails.filter((m) => m.to === target)).toHaveLength(21);
      });
    });

    it('race: the same invitation accepted twice at once joins once', async () => {
      const twice = await registerAccount(app, { label: 'twice' });
      const token = await invite(company._id, owner, twice.email);
      const accept = (on: FastifyInstance) =>
        call({ method: 'POST', url: `/api/invitations/${token}/accept` }, twice.token, on);
      const results = await whileRowLocked(db, 'company_invitations', 'email', twice.email, 3, () =>
        Promise.all([accept(app), accept(second), accept(app)]),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410, 410]);
      const memberships = await db.kysely
        .selectFrom('company_members')
        .select('company_id')
        .where('user_id', '=', await userIdOf(db, twice))
        .execute();
      expect(memberships).toEqual([{ company_id: company._id }]);
      await call(
        {
          method: 'DELETE',
          url: `/api/companies/${company._id}/members/${await userIdOf(db, twice)}`,
        },
        twice.token,
      );
    });
  });

  describe('members', () => {
    it("a company admin or a shop admin changes a member's limit and role; others 403", async () => {
      const buyerId = await userIdOf(db, buyer);
      const url = `/api/companies/${company._id}/members/${buyerId}`;
      for (const account of [buyer, outsider, rivalAdmin]) {
        const res = await call(
          { method: 'PATCH', url, payload: { orderLimit: 500 } },
          account.token,
        );
        expect(res.statusCode).toBe(403);
      }
      for (const payload of [{}, { role: 'owner' }, { orderLimit: 'lots' }, { orderLimit: -5 }]) {
        const res = await call({ method: 'PATCH', url, payload }, owner.token);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const res = await call({ method: 'PATCH', url, payload: { orderLimit: 200 } }, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(memberUpdatedSchema.parse(res.json()).member).toMatchObject({
        role: 'buyer',
        orderLimit: 200,
      });
      const byShop = await call(
        { method: 'PATCH', url, payload: { orderLimit: 100 } },
        shopAdmin.token,
      );
      expect(byShop.json()).toMatchObject({ member: { orderLimit: 100 } });
      const missing = await call(
        {
          method: 'PATCH',
          url: `/api/companies/${company._id}/members/${'0'.repeat(24)}`,
          payload: { orderLimit: 1 },
        },
        owner.token,
      );
      expect(missing.statusCode).toBe(404);
    });

    it('the last company admin is neither demoted nor removed, by anyone (409)', async () => {
      const ownerId = await userIdOf(db, owner);
      const url = `/api/companies/${company._id}/members/${ownerId}`;
      for (const account of [owner, shopAdmin]) {
        const demote = await call(
          { method: 'PATCH', url, payload: { role: 'buyer' } },
          account.token,
        );
        expect(demote.statusCode).toBe(409);
        expect(refusal(demote).code).toBe('last_company_admin');
        const remove = await call({ method: 'DELETE', url }, account.token);
        expect(remove.statusCode).toBe(409);
      }
      const buyerRemoving = await call({ method: 'DELETE', url }, buyer.token);
      expect(buyerRemoving.statusCode).toBe(403);
    });

    it('race: the last two admins demoting each other at once leave one admin', async () => {
      const a = await registerAccount(app, { label: 'admin-a', name: 'Ada A' });
      const b = await registerAccount(app, { label: 'admin-b', name: 'Ben B' });
      // Only an admin who confirmed their address invites (security 2026-11-28 #5).
      await confirmAddress(db, a.email);
      const made = await createCompany(a, 'Duo Ltd');
      await join(made._id, a, b, { role: 'admin' });
      const [aId, bId] = [await userIdOf(db, a), await userIdOf(db, b)];
      const demote = (by: TestAccount, id: string, on: FastifyInstance) =>
        call(
          {
            method: 'PATCH',
            url: `/api/companies/${made._id}/members/${id}`,
            payload: { role: 'buyer' },
          },
          by.token,
          on,
        );
      const results = await whileRowLocked(db, 'company_members', 'company_id', made._id, 2, () =>
        Promise.all([demote(a, bId, app), demote(b, aId, second)]),
      );
      // The loser is refused: 409 when it demoted the other last, or 403 when it was demoted
      // before its own request was checked. Never both through.
      const [won, lost] = results.map((r) => r.statusCode).sort();
      expect(won).toBe(200);
      expect([403, 409]).toContain(lost);
      const admins = await db.kysely
        .selectFrom('company_members')
        .select('user_id')
        .where('company_id', '=', made._id)
        .where('role', '=', 'admin')
        .execute();
      expect(admins).toHaveLength(1);
    });
  });

  describe('company orders and approvals', () => {
    let productId: string;
    let within: Order;
    let over: Order;

    beforeAll(async () => {
      productId = await insertProduct(db, { stock: 1_000, minimum: 1, priceCents: 2_000 });
      within = await place(buyer, productId, 4); // $80, within the $100 limit
      over = await place(buyer, productId, 10); // $200, over it
    });

    it('orders of a member carry the company and the placer; one over the limit waits', async () => {
      const buyerId = await userIdOf(db, buyer);
      expect(within).toMatchObject({
        companyId: company._id,
        placedBy: { userId: buyerId, name: 'Bruno Buyer' },
        approvalStatus: 'not_required',
        approval: null,
      });
      expect(over).toMatchObject({ companyId: company._id, approvalStatus: 'awaiting_approval' });
      const holds = Date.parse(over.expiresAt ?? '') - Date.parse(over.placedAt);
      expect(Math.round(holds / MINUTE)).toBe(APPROVAL_HOLD_MINUTES);
      // Only the order within the limit counts against the unpaid limits.
      expect(await unpaidOrdersOf(db, buyerId)).toBe(1);
      expect(await unpaidValueOf(db, buyerId)).toBe(8_000);
      // The company's admin is mailed; the buyer is told it waits.
      await app.mailOutbox.runOnce(clock());
      expect(
        mails.some((m) => m.to === owner.email && m.subject.includes('awaits your approval')),
      ).toBe(true);
      const placedMail = mails.find(
        (m) => m.to === buyer.email && m.subject.includes(over.orderNumber),
      );
      expect(placedMail?.text).toContain('company admin must approve it');
      expect(placedMail?.text).not.toContain('Pay now');
    });

    it("an admin's own limit is ignored", async () => {
      const order = await place(owner, productId, 50);
      expect(order.approvalStatus).toBe('not_required');
    });

    it('an order awaiting approval cannot be paid: 409 approval_required on every path', async () => {
      const intent = await call(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: over._id } },
        buyer.token,
      );
      expect(intent.statusCode).toBe(409);
      expect(refusal(intent).code).toBe('approval_required');
      const report = await call(
        { method: 'PATCH', url: `/api/order/${over._id}`, payload: { transactionId: 'pi_x' } },
        buyer.token,
      );
      expect(report.statusCode).toBe(409);
      expect(refusal(report).code).toBe('approval_required');
      const byHand = await call({ method: 'PUT', url: `/api/order/${over._id}` }, shopAdmin.token);
      expect(byHand.statusCode).toBe(409);
      expect(refusal(byHand).code).toBe('approval_required');
    });

    it('every member reads the company orders; others 403; q, status, approval and pages work', async () => {
      const url = `/api/companies/${company._id}/orders`;
      for (const account of [owner, buyer, shopAdmin]) {
        const res = await call({ method: 'GET', url }, account.token);
        expect(res.statusCode).toBe(200);
        const ids = orderListSchema.parse(res.json()).map((o) => o._id);
        expect(ids).toEqual(expect.arrayContaining([within._id, over._id]));
      }
      for (const account of [outsider, rivalAdmin]) {
        expect((await call({ method: 'GET', url }, account.token)).statusCode).toBe(403);
      }
      const waiting = await call(
        { method: 'GET', url: `${url}?approval=awaiting_approval&page=1&limit=5` },
        owner.token,
      );
      expect(orderListSchema.parse(waiting.json()).map((o) => o._id)).toEqual([over._id]);
      expect(waiting.headers['x-total-count']).toBe('1');
      const byNumber = await call(
        { method: 'GET', url: `${url}?q=${within.orderNumber}` },
        buyer.token,
      );
      expect(orderListSchema.parse(byNumber.json()).map((o) => o._id)).toEqual([within._id]);
      const bad = await call({ method: 'GET', url: `${url}?approval=maybe` }, owner.token);
      expect(bad.statusCode).toBe(400);
      const rivals = await call(
        { method: 'GET', url: `/api/companies/${rival._id}/orders` },
        rivalAdmin.token,
      );
      expect(orderListSchema.parse(rivals.json())).toEqual([]);
    });

    it("order pages: the company's members read them; another company's admin and outsiders 403", async () => {
      const ownerOrder = await place(owner, productId, 1);
      for (const account of [owner, buyer, shopAdmin]) {
        const res = await call(
          { method: 'GET', url: `/api/orders/${ownerOrder._id}` },
          account.token,
        );
        expect(res.statusCode).toBe(200);
      }
      for (const account of [outsider, rivalAdmin]) {
        const res = await call(
          { method: 'GET', url: `/api/orders/${ownerOrder._id}` },
          account.token,
        );
        expect(res.statusCode).toBe(403);
      }
      // Only its placer or a company admin pays or deletes it.
      const buyerPays = await call(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: ownerOrder._id } },
        buyer.token,
      );
      expect(buyerPays.statusCode).toBe(403);
      const buyerDeletes = await call(
        { method: 'DELETE', url: `/api/orders/${ownerOrder._id}` },
        buyer.token,
      );
      expect(buyerDeletes.statusCode).toBe(403);
      const adminPays = await call(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: within._id } },
        owner.token,
      );
      expect(adminPays.statusCode).toBe(200);
      const adminDeletes = await call(
        { method: 'DELETE', url: `/api/orders/${ownerOrder._id}` },
        owner.token,
      );
      expect(adminDeletes.json()).toEqual({ deletedCount: 1 });
    });

    it("approve: only an admin of the order's company (403 others); then payable, the approval hold from now", async () => {
      const url = `/api/orders/${over._id}/approve`;
      for (const account of [buyer, outsider, rivalAdmin, shopAdmin]) {
        const res = await call({ method: 'POST', url }, account.token);
        expect(res.statusCode).toBe(403);
      }
      expect((await call({ method: 'POST', url })).statusCode).toBe(401);
      const stock = await stockIn(db, productId);
      const res = await call({ method: 'POST', url }, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      const approved = orderModifiedSchema.parse(res.json()).order;
      expect(approved).toMatchObject({
        approvalStatus: 'approved',
        paymentStatus: 'pending',
        approval: { decidedBy: { name: 'Olivia Owner' }, reason: null },
      });
      // ux 2026-11-28 #1: APPROVAL_HOLD_MINUTES from the approval, not the checkout's hold.
      expect(Date.parse(approved.expiresAt ?? '')).toBe(
        Date.parse(approved.approval?.decidedAt ?? '') + APPROVAL_HOLD_MINUTES * MINUTE,
      );
      expect(await stockIn(db, productId)).toBe(stock);
      // Now counted among the buyer's unpaid orders.
      expect(await unpaidValueOf(db, await userIdOf(db, buyer))).toBe(8_000 + 20_000);
      const again = await call({ method: 'POST', url }, owner.token);
      expect(again.statusCode).toBe(409);
      expect(refusal(again).code).toBe('approval_already_decided');
      const reject = await call(
        { method: 'POST', url: `/api/orders/${over._id}/reject`, payload: { reason: 'late' } },
        owner.token,
      );
      expect(refusal(reject).code).toBe('approval_already_decided');
      const pay = await call(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: over._id } },
        buyer.token,
      );
      expect(pay.statusCode).toBe(200);
      await app.mailOutbox.runOnce(clock());
      expect(mails.some((m) => m.to === buyer.email && m.subject.includes('approved'))).toBe(true);
    });

    it('reject: a reason is required; the order is cancelled and its stock returned', async () => {
      const waiting = await place(buyer, productId, 20);
      const stock = await stockIn(db, productId);
      const url = `/api/orders/${waiting._id}/reject`;
      for (const payload of [{}, { reason: '' }, { reason: 'x'.repeat(501) }]) {
        const res = await call({ method: 'POST', url, payload }, owner.token);
        expect(res.statusCode).toBe(400);
      }
      expect(
        (await call({ method: 'POST', url, payload: { reason: 'no' } }, rivalAdmin.token))
          .statusCode,
      ).toBe(403);
      const res = await call(
        { method: 'POST', url, payload: { reason: 'Over budget this quarter' } },
        owner.token,
      );
      expect(res.statusCode).toBe(200);
      expect(orderModifiedSchema.parse(res.json()).order).toMatchObject({
        approvalStatus: 'rejected',
        paymentStatus: 'cancelled',
        orderStatus: 'cancelled',
        approval: { reason: 'Over budget this quarter' },
      });
      expect(await stockIn(db, productId)).toBe(stock + 20);
      await app.mailOutbox.runOnce(clock());
      const mail = mails.find((m) => m.to === buyer.email && m.subject.includes('rejected'));
      expect(mail?.text).toContain('Over budget this quarter');
      // Its product cools down for the buyer, as after an expiry (security 2026-11-28 #1).
      const again = await call(
        {
          method: 'POST',
          url: '/api/orders',
          payload: { lines: [{ productId, quantity: 20 }], phone: '+1 555 0100', address: 'x' },
        },
        buyer.token,
      );
      expect(again.statusCode, again.body).toBe(409);
      expect(refusal(again).code).toBe('hold_cooldown');
    });

    it('an order that never needed approval cannot be approved (409)', async () => {
      const res = await call(
        { method: 'POST', url: `/api/orders/${within._id}/approve` },
        owner.token,
      );
      expect(res.statusCode).toBe(409);
    });

    it('an order awaiting approval expires after APPROVAL_HOLD_MINUTES, its stock back, the counts right', async () => {
      // Another product: the one of the rejection above cools down for the buyer.
      const productId = await insertProduct(db, { stock: 1_000, minimum: 1, priceCents: 2_000 });
      const waiting = await place(buyer, productId, 30);
      const buyerId = await userIdOf(db, buyer);
      const [count, value] = [await unpaidOrdersOf(db, buyerId), await unpaidValueOf(db, buyerId)];
      const stock = await stockIn(db, productId);
      await app.orderExpiry.runOnce(new Date(clock().getTime() + (HOLD_MINUTES + 1) * MINUTE));
      expect(
        (
          await db.kysely
            .selectFrom('orders')
            .select('payment_status')
            .where('id', '=', waiting._id)
            .executeTakeFirstOrThrow()
        ).payment_status,
      ).toBe('pending');
      await app.orderExpiry.runOnce(
        new Date(clock().getTime() + (APPROVAL_HOLD_MINUTES + 1) * MINUTE),
      );
      const row = await db.kysely
        .selectFrom('orders')
        .select(['payment_status'])
        .where('id', '=', waiting._id)
        .executeTakeFirstOrThrow();
      expect(row.payment_status).toBe('cancelled');
      expect(await stockIn(db, productId)).toBeGreaterThanOrEqual(stock + 30);
      // The expiry of other (counted) orders lowers the counts; this one never counted.
      expect(await unpaidOrdersOf(db, buyerId)).toBeLessThanOrEqual(count);
      expect(await unpaidValueOf(db, buyerId)).toBeLessThanOrEqual(value);
      expect(await unpaidOrdersOf(db, buyerId)).toBeGreaterThanOrEqual(0);
    });

    it('a buyer may have only MAX_AWAITING_APPROVAL_ORDERS awaiting at once, however they arrive', async () => {
      const junior = await registerAccount(app, { label: 'junior', name: 'Jules Junior' });
      await join(company._id, owner, junior, { role: 'buyer', orderLimit: 0 });
      const juniorId = await userIdOf(db, junior);
      // A product each, so no product's row lock queues them: only the membership's lock does.
      const products = await Promise.all(
        Array.from({ length: MAX_AWAITING + 3 }, () =>
          insertProduct(db, { stock: 100, minimum: 1, priceCents: 1_000 }),
        ),
      );
      const order = (productId: string, on: FastifyInstance) =>
        call(
          {
            method: 'POST',
            url: '/api/orders',
            payload: {
              lines: [{ productId, quantity: 2 }],
              phone: '+1 555 0100',
              address: '1 Test Street',
            },
          },
          junior.token,
          on,
        );
      const results = await whileRowLocked(
        db,
        'company_members',
        'user_id',
        juniorId,
        products.length,
        () => Promise.all(products.map((id, i) => order(id, i % 2 ? second : app))),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_AWAITING);
      const refused = results.filter((r) => r.statusCode === 409).map((r) => refusal(r).code);
      expect(refused).toEqual(Array(3).fill('too_many_awaiting_approval'));
      const stocks = await Promise.all(products.map((id) => stockIn(db, id)));
      expect(stocks.filter((stock) => stock === 98)).toHaveLength(MAX_AWAITING);
      expect(stocks.filter((stock) => stock === 100)).toHaveLength(3);
      // Deleting one makes room for one more.
      const placed = orderCreatedSchema.parse(results.find((r) => r.statusCode === 201)?.json());
      await call({ method: 'DELETE', url: `/api/orders/${placed.insertedId}` }, junior.token);
      const refusedProduct = products[stocks.indexOf(100)] ?? '';
      expect((await order(refusedProduct, app)).statusCode).toBe(201);
    });

    it('race: two company admins approving and rejecting at once: one wins, the stock is right', async () => {
      const second_admin = await registerAccount(app, { label: 'coadmin', name: 'Cora Coadmin' });
      await join(company._id, owner, second_admin, { role: 'admin' });
      // A product a round: a rejected order's product cools down for the buyer (2026-11-28 #1).
      const products = await Promise.all(
        [0, 1, 2].map(() => insertProduct(db, { stock: 100, minimum: 1, priceCents: 5_000 })),
      );
      for (const product of products) {
        const waiting = await place(buyer, product, 5);
        const [approve, reject] = await whileRowLocked(db, 'orders', 'id', waiting._id, 2, () =>
          Promise.all([
            call({ method: 'POST', url: `/api/orders/${waiting._id}/approve` }, owner.token, app),
            call(
              {
                method: 'POST',
                url: `/api/orders/${waiting._id}/reject`,
                payload: { reason: 'No' },
              },
              second_admin.token,
              second,
            ),
          ]),
        );
        expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
        const row = await db.kysely
          .selectFrom('orders')
          .select(['approval_status', 'payment_status'])
          .where('id', '=', waiting._id)
          .executeTakeFirstOrThrow();
        if (approve.statusCode === 200) {
          expect(row).toEqual({ approval_status: 'approved', payment_status: 'pending' });
        } else {
          expect(row).toEqual({ approval_status: 'rejected', payment_status: 'cancelled' });
        }
      }
      // Every approved order holds its 5; every rejected one gave them back.
      for (const product of products) {
        const held = await db.kysely
          .selectFrom('orders')
          .select('approval_status')
          .where('product_id', '=', product)
          .where('approval_status', '=', 'approved')
          .execute();
        expect(await stockIn(db, product)).toBe(100 - 5 * held.length);
      }
    });
  });
});
