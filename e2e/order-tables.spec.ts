import type { Page } from '@playwright/test';
import {
  accountPageMessages,
  approvalMessages,
  companyMenuLabels,
  emailConfirmationMessages,
  formatPrice,
  invitationPageMessages,
  manageCompaniesMessages,
  onAccountMessages,
  orderPageMessages,
  type Order,
} from '@shop/shared';
import { demoProducts, type DemoProduct } from '../apps/server/src/db/seed/demo-data.js';
import { startTestSmtp, type TestSmtp } from '../apps/server/src/test/test-smtp.js';
import { E2E_ADMIN } from './support/accounts.js';
import { expect, expectAccessibleOn, test as shared } from './support/fixtures.js';
import { confirmIn, logInThroughPage, registerThroughPage } from './support/flows.js';
import { startShop, type StartedShop } from './support/shop.js';
import { hex, newWindow, shooter } from './support/walk.js';

/*
 * ux 2026-11-28 #11, #12, #28, #32, #34: the order tables show every product whole with its SKU
 * (the others of an order on demand), Manage Order a Company column and an approval filter with
 * nothing slid under its pinned Action column at 1280 px, Approvals the PO, the buyer's limit and
 * how far over it the order is; row actions and the order's tab name its number; Manage
 * Companies finds a company by a member's email and shows terms, balance and hold; a hold put by
 * hand asks for a reason, which the members read. A buyer joins through a mailed invitation, so
 * this spec runs a shop of its own with a local SMTP server (as companies.spec.ts does).
 */
const test = shared.extend<object, { mailing: { shop: StartedShop; smtp: TestSmtp } }>({
  mailing: [
    // Playwright reads a fixture's dependencies from this pattern, so it must be an object.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const smtp = await startTestSmtp();
      const shop = await startShop({
        env: {
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          MAIL_FROM: 'CaseForge <shop@e2e.example.com>',
          MAIL_WORKER_INTERVAL_MS: '200',
        },
      }).catch(async (error: unknown) => {
        await smtp.close();
        throw error;
      });
      await use({ shop, smtp });
      await shop.stop();
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ mailing }, use) => {
    await use(mailing.shop.url);
  },
});

const SHOTS = 'test-results/shots/order-tables';
const first: DemoProduct = demoProducts[4]!;
const second: DemoProduct = demoProducts[6]!;
const PO = 'PO-2026-0815';
const LIMIT = 10;

const shoot = shooter(SHOTS);

async function confirmFromMail(page: Page, smtp: TestSmtp, email: string): Promise<void> {
  const links = () =>
    smtp.received
      .filter((mail) => mail.to.includes(email))
      .flatMap((mail) => /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text) ?? []);
  await expect.poll(() => links().length, { timeout: 20_000 }).toBeGreaterThan(0);
  await page.goto(links().at(-1)!);
  await expect(page.getByText(emailConfirmationMessages.confirmed)).toBeVisible();
}

async function invitationLink(smtp: TestSmtp, email: string): Promise<string> {
  const links = () =>
    smtp.received
      .filter((mail) => mail.to.includes(email))
      .flatMap((mail) => /https?:\/\/\S+\/invitations\/[\w-]+/.exec(mail.text) ?? []);
  await expect.poll(() => links().length, { timeout: 20_000 }).toBe(1);
  return links()[0]!;
}

/** Calls the API as the account signed in on `page`, for setting the walk up. */
async function api(page: Page, method: 'GET' | 'POST', path: string, data?: object) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data && { data }),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as unknown;
}

async function productId(page: Page, item: DemoProduct): Promise<string> {
  const found = (await api(page, 'GET', `/products?q=${item.sku}`)) as { _id: string }[];
  return found[0]!._id;
}

const dashboardMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

/**
 * Every cell of the row ends left of the pinned last cell (scrolled to the start), and the table
 * is not wider than its region: nothing is hidden under the Action column.
 */
async function expectNothingUnderTheActions(page: Page, region: string) {
  const widths = await page.getByRole('region', { name: region }).evaluate((element) => {
    element.scrollLeft = 0;
    const columns = [...element.querySelectorAll('th[scope="col"]')].map(
      (th) => `${th.textContent} ${Math.round(th.getBoundingClientRect().width)}`,
    );
    return { scroll: element.scrollWidth, client: element.clientWidth, columns };
  });
  expect(
    widths.scroll,
    `${region}: the table fits its region at 1280 px (${widths.columns.join(', ')})`,
  ).toBeLessThanOrEqual(widths.client + 1);
}

test.describe('order tables', () => {
  // A shop of its own, four people and many pages: minutes on a loaded two-core machine.
  test.describe.configure({ timeout: 480_000 });

  test('ux 2026-11-28 #11 #12 #28 #32 #34: readable order tables, Company and approval filter, member-email search, hold reasons', async ({
    page,
    browser,
    mailing,
    expectAccessible,
  }) => {
    // The company admin, confirmed, with a company; a buyer who joins it with a $10 limit.
    const companyName = `${hex()} Systems GmbH`;
    const boss = await registerThroughPage(page, 'tablesboss');
    await confirmFromMail(page, mailing.smtp, boss.email);
    const { insertedId: companyId } = (await api(page, 'POST', '/companies', {
      name: companyName,
      vatId: 'DE123456789',
      billingAddress: `${companyName}\nIndustriestr. 5\n70565 Stuttgart`,
    })) as { insertedId: string };
    const buyerPage = await newWindow(browser, mailing.shop.url);
    const buyer = await registerThroughPage(buyerPage, 'tables.buyer');
    await api(page, 'POST', `/companies/${companyId}/invitations`, {
      email: buyer.email,
      role: 'buyer',
      orderLimit: LIMIT,
    });
    await buyerPage.goto(await invitationLink(mailing.smtp, buyer.email));
    await buyerPage.getByRole('button', { name: invitationPageMessages.accept }).click();
    await expect(buyerPage.getByText(invitationPageMessages.accepted(companyName))).toBeVisible();

    // The buyer's order of two products, over the limit: it waits for approval.
    const order = (
      (await api(buyerPage, 'POST', '/orders', {
        lines: [
          { productId: await productId(buyerPage, first), quantity: first.minquantity },
          { productId: await productId(buyerPage, second), quantity: second.minquantity },
        ],
        phone: '+49 711 123456',
        address: `${companyName}\nGoods-in\nIndustriestr. 5\n70565 Stuttgart`,
        poNumber: PO,
      })) as { order: Order }
    ).order;
    expect(order.approvalStatus).toBe('awaiting_approval');

    // #32: My Order's row actions and the order's tab name its number.
    await buyerPage.goto('/dashboard');
    const mine = buyerPage.getByRole('region', { name: 'My orders' });
    await expect(
      mine.getByRole('link', { name: orderPageMessages.detailsLabel(order.orderNumber) }),
    ).toBeVisible();
    // #12: the first product whole, its SKU, and the other on demand.
    await expect(mine.getByText(`${first.minquantity} × ${first.name}`)).toBeVisible();
    await expect(mine.getByText(first.sku)).toBeVisible();
    await mine.getByText(orderPageMessages.moreLines(1)).click();
    await expect(mine.getByText(`${second.minquantity} × ${second.name}`)).toBeVisible();
    await expect(mine.getByText(second.sku)).toBeVisible();
    await expectAccessibleOn(buyerPage);
    await shoot(buyerPage, 'my-order');
    await mine
      .getByRole('link', { name: orderPageMessages.detailsLabel(order.orderNumber) })
      .click();
    await expect(buyerPage).toHaveTitle(`Order ${order.orderNumber} | CaseForge`);

    // #12: Approvals shows the PO, the buyer's limit and how far the order is over it.
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: companyMenuLabels.approvals }).click();
    const approvals = page.getByRole('region', { name: approvalMessages.label });
    const row = approvals.getByRole('row').filter({ hasText: order.orderNumber });
    await expect(row.getByText(PO)).toBeVisible();
    await expect(row.getByText(formatPrice(LIMIT), { exact: true })).toBeVisible();
    await expect(
      row.getByText(approvalMessages.overBy(formatPrice(order.orderPrice - LIMIT))),
    ).toBeVisible();
    await expect(row.getByText(first.sku)).toBeVisible();
    await expect(row.getByText(`${first.minquantity} × ${first.name}`)).toBeVisible();
    await expectNothingUnderTheActions(page, approvalMessages.label);
    await expectAccessible();
    await shoot(page, 'approvals');

    // #11: the shop admin's Manage Order: the company in a column of its own, the approval
    // filter, every column readable at 1280 px.
    const admin = await newWindow(browser, mailing.shop.url);
    await logInThroughPage(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.goto('/dashboard/manage');
    await admin.getByLabel('Approval').selectOption({ label: 'Awaiting approval' });
    await expect(admin).toHaveURL(/approval=awaiting_approval/);
    const orders = admin.getByRole('region', { name: 'Orders' });
    const adminRow = orders.getByRole('row').filter({ hasText: order.orderNumber });
    await expect(
      adminRow.getByRole('cell', { name: `${companyName} Awaiting approval` }),
    ).toBeVisible();
    await expect(adminRow.getByText(`${first.minquantity} × ${first.name}`)).toBeVisible();
    await expect(
      adminRow.getByRole('link', { name: orderPageMessages.detailsLabel(order.orderNumber) }),
    ).toBeVisible();
    await expect(
      adminRow.getByRole('button', { name: orderPageMessages.deleteLabel(order.orderNumber) }),
    ).toBeVisible();
    await shoot(admin, 'manage-order-awaiting');
    await expectNothingUnderTheActions(admin, 'Orders');
    await expectAccessibleOn(admin);
    // Found by the company's name too.
    await admin.goto(`/dashboard/manage?q=${encodeURIComponent(companyName)}`);
    await expect(orders.getByRole('row')).toHaveCount(2, { timeout: 30_000 });
    await expect(orders.getByRole('row').nth(1)).toContainText(order.orderNumber);

    // #28: Manage Companies finds the company by the buyer's email, with terms, balance, hold.
    await admin.goto('/dashboard/companies');
    const search = admin.getByRole('searchbox', { name: 'Search companies' });
    await expect(search).toHaveAccessibleDescription(manageCompaniesMessages.searchHint);
    await search.fill(buyer.email);
    await expect(admin.getByText('1 company', { exact: true })).toBeVisible();
    const companies = admin.getByRole('region', { name: manageCompaniesMessages.label });
    const companyRow = companies.getByRole('row').filter({ hasText: companyName });
    await expect(companyRow.getByText(manageCompaniesMessages.noTerms)).toBeVisible();
    await expect(companyRow.getByText('$0', { exact: true })).toBeVisible();
    await expect(
      companyRow.getByText(manageCompaniesMessages.notOnHold, { exact: true }),
    ).toBeVisible();
    await expectAccessibleOn(admin);
    await shoot(admin, 'manage-companies-by-email');

    // #34: Put on hold asks for a reason; the members read it.
    await companyRow.getByRole('link', { name: companyName, exact: true }).click();
    const account = admin.getByRole('region', { name: accountPageMessages.accountSection });
    await account.getByRole('button', { name: accountPageMessages.putOnHold }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: accountPageMessages.putOnHold }).click();
    await expect(dialog.getByText(onAccountMessages.holdReasonRequired)).toBeVisible();
    await expect(dialog.getByLabel(accountPageMessages.holdReasonLabel)).toBeFocused();
    await expectAccessibleOn(admin);
    await shoot(admin, 'hold-reason-dialog');
    const reason = 'Bank details could not be verified';
    await dialog.getByLabel(accountPageMessages.holdReasonLabel).fill(reason);
    await confirmIn(dialog, accountPageMessages.putOnHold);
    await expect(admin.getByText(accountPageMessages.heldNow)).toBeVisible();
    await expect(
      account.getByText(accountPageMessages.holdCause({ by: 'shop', reason }) ?? ''),
    ).toBeVisible();
    await shoot(admin, 'admin-company-held');

    await buyerPage.goto('/dashboard');
    await dashboardMenu(buyerPage).getByRole('link', { name: companyMenuLabels.company }).click();
    await expect(
      buyerPage.getByText(accountPageMessages.holdNotice({ by: 'shop', reason })),
    ).toBeVisible();
    await expect(buyerPage.getByText(/overdue/)).toHaveCount(0);
    await expectAccessibleOn(buyerPage);
    await shoot(buyerPage, 'my-company-held');
  });
});
