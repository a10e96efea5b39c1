import {
  apiErrorSchema,
  companyAccountModifiedSchema,
  companyListSchema,
  companyWithMembersSchema,
  HOLD_REASON_MAX_LENGTH,
  onAccountMessages,
  TOTAL_COUNT_HEADER,
} from '@shop/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.js';
import {
  bearer,
  registerAccount,
  registerAdmin,
  userIdOf,
  type TestAccount,
} from '../../test/factories.js';
import { withShop } from '../../test/shop.js';
import { createCompaniesRepository } from './companies.repository.js';

/**
 * The shop admin's Manage Companies and credit hold: a company is found by a member's email
 * (ux 2026-11-28 #28) and listed with its terms, balance and hold; a hold set by hand keeps the
 * reason given, which the members read (#34).
 */
describe.each(testDatabases)('Manage Companies and holds on $name', (kind) => {
  const shop = withShop(kind);
  let admin: TestAccount;
  let boss: TestAccount;
  let buyer: TestAccount;
  let otherBoss: TestAccount;
  let companyId: string;
  let otherCompanyId: string;

  const call = (options: InjectOptions, token?: string) =>
    shop.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? bearer(token) : {}) },
    });

  async function makeCompany(owner: TestAccount, name: string, members: TestAccount[] = []) {
    const companies = createCompaniesRepository(shop.db.kysely, shop.db.dialect);
    const created = await companies.create(await userIdOf(shop.db, owner), {
      name,
      vatId: null,
      billingAddress: '1 Dock Road\nHamburg',
    });
    if (created === 'already-in-company') throw new Error('already in a company');
    for (const member of members) {
      await shop.db.kysely
        .insertInto('company_members')
        .values({
          user_id: await userIdOf(shop.db, member),
          company_id: created.id,
          role: 'buyer',
          order_limit_cents: null,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    return created.id;
  }

  const search = async (q: string) => {
    const res = await call(
      { method: 'GET', url: `/api/companies?q=${encodeURIComponent(q)}&page=1` },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return { list: companyListSchema.parse(res.json()), total: res.headers[TOTAL_COUNT_HEADER] };
  };
  const setHold = (id: string, body: object, token = admin.token) =>
    call({ method: 'PUT', url: `/api/companies/${id}/hold`, payload: body }, token);
  const mine = async (account: TestAccount) =>
    companyWithMembersSchema.parse(
      (await call({ method: 'GET', url: '/api/companies/mine' }, account.token)).json(),
    );

  beforeAll(async () => {
    admin = await registerAdmin(shop.app, shop.db);
    boss = await registerAccount(shop.app, { label: 'berta.boss', name: 'Berta Boss' });
    buyer = await registerAccount(shop.app, { label: 'bob.buyer', name: 'Bob Buyer' });
    otherBoss = await registerAccount(shop.app, { label: 'olga', name: 'Olga Other' });
    companyId = await makeCompany(boss, 'Acme Systems GmbH', [buyer]);
    otherCompanyId = await makeCompany(otherBoss, 'Other Works Ltd');
  });

  it("ux 2026-11-28 #28: finds a company by a member's email, whole or in part, in any case", async () => {
    for (const q of [buyer.email, buyer.email.toUpperCase(), buyer.email.split('@')[0]!]) {
      const { list, total } = await search(q);
      expect(
        list.map((company) => company._id),
        q,
      ).toEqual([companyId]);
      expect(total).toBe('1');
    }
    expect((await search(otherBoss.email)).list.map((company) => company._id)).toEqual([
      otherCompanyId,
    ]);
    // An address of nobody in a company finds none; a name still finds its company.
    expect((await search('nobody-at-all@example.test')).list).toEqual([]);
    expect((await search('other works')).list.map((company) => company._id)).toEqual([
      otherCompanyId,
    ]);
  });

  it('ux 2026-11-28 #28: each listed company carries its terms, balance and hold', async () => {
    const terms = await call(
      {
        method: 'PUT',
        url: `/api/companies/${companyId}/terms`,
        payload: { days: 30, creditLimit: 10_000 },
      },
      admin.token,
    );
    expect(terms.statusCode, terms.body).toBe(200);
    const [listed] = (await search(buyer.email)).list;
    expect(listed).toMatchObject({
      terms: { days: 30, creditLimit: 10_000 },
      balance: 0,
      onHold: false,
      hold: null,
    });
  });

  it('ux 2026-11-28 #34: a hold set by hand keeps its reason; members and the list read it', async () => {
    const reason = 'Bank details on file could not be verified';
    const res = await setHold(otherCompanyId, { onHold: true, reason: `  ${reason} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(companyAccountModifiedSchema.parse(res.json()).company).toMatchObject({
      onHold: true,
      hold: { by: 'shop', reason },
    });
    expect(await mine(otherBoss)).toMatchObject({ onHold: true, hold: { by: 'shop', reason } });
    expect((await search(otherBoss.email)).list[0]).toMatchObject({
      hold: { by: 'shop', reason },
    });
    // Lifted: the reason goes with it.
    const lifted = await setHold(otherCompanyId, { onHold: false });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await mine(otherBoss)).toMatchObject({ onHold: false, hold: null });
    const row = await shop.db.kysely
      .selectFrom('companies')
      .select(['hold_note', 'hold_reason'])
      .where('id', '=', otherCompanyId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ hold_note: null, hold_reason: null });
  });

  it('ux 2026-11-28 #34: a hold without a reason (an older client) still says the shop set it', async () => {
    const res = await setHold(otherCompanyId, { onHold: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mine(otherBoss)).toMatchObject({
      onHold: true,
      hold: { by: 'shop', reason: null },
    });
    expect((await setHold(otherCompanyId, { onHold: false })).statusCode).toBe(200);
  });

  it('ux 2026-11-28 #34: a reason too long or of several lines is a 400 that changes nothing', async () => {
    for (const [reason, message] of [
      ['x'.repeat(HOLD_REASON_MAX_LENGTH + 1), onAccountMessages.holdReasonTooLong],
      ['line one\nline two', onAccountMessages.holdReasonOneLine],
      [42, onAccountMessages.holdReasonOneLine],
    ] as const) {
      const res = await setHold(companyId, { onHold: true, reason });
      expect(res.statusCode, res.body).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.fields).toEqual({ reason: message });
    }
    expect(await mine(boss)).toMatchObject({ onHold: false, hold: null });
  });

  it('ux 2026-11-28 #34: only shop admins put on hold, with or without a reason', async () => {
    expect((await setHold(companyId, { onHold: true, reason: 'x' }, boss.token)).statusCode).toBe(
      403,
    );
    expect((await setHold(companyId, { onHold: true, reason: 'x' }, '')).statusCode).toBe(401);
    expect(await mine(boss)).toMatchObject({ onHold: false });
  });
});
