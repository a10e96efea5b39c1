import type { BrowserContext, Locator, Page } from '@playwright/test';
import { confirmMessages, messages, orderPageMessages, shortId } from '@shop/shared';
import { demoProducts, type DemoProduct } from '../apps/server/src/db/seed/demo-data.js';
import { E2E_ADMIN, newCustomer } from './support/accounts.js';
import { expect, expectToastShown, test } from './support/fixtures.js';
import { confirmIn, logInThroughPage, fillMarkPaid } from './support/flows.js';

/*
 * Issue 12: every table keeps its status and actions in view at 390 px without scrolling
 * sideways, long ids are shortened with the whole id on request, Manage Order's addresses keep
 * their lines and are clamped, and Mark Paid, Ship Order and the role changes ask first.
 * Tests share one database: each orders with a customer of its own and finds its rows by email.
 */
const product = (index: number): DemoProduct => demoProducts[index]!;

/** A 500-character address, the longest the order form takes, on several lines. */
const LONG_ADDRESS = ['Unit 4, Building C', 'Riverside Industrial Park', 'Springfield']
  .join('\n')
  .concat('\n', 'Deliveries through gate 7 only, weekdays between 8 and 16. '.repeat(8))
  .slice(0, 500)
  .trim();

/** Registers a customer; on a phone LogOut sits in the closed menu, so it opens it to check. */
async function register(page: Page, phone: boolean) {
  const customer = newCustomer('tables');
  await page.goto('/register');
  await page.getByLabel('Name').fill(customer.name);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Register' }).click();
  if (phone) {
    await expect(page).not.toHaveURL(/\/register$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await expect(page.getByRole('button', { name: 'LogOut' })).toBeVisible();
  return customer;
}

/** The admin's signed-in browser state, kept by this worker after its first login. */
let adminState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

/**
 * Signs in as the admin. The shop allows 8 sign-ins per account in 10 minutes, and the whole
 * suite signs the one admin in many times, so this file signs in through the page once per worker
 * and then reuses that session (its cookies and stored token).
 */
async function logInAsAdmin(page: Page, phone: boolean) {
  if (adminState) {
    await page.context().addCookies(adminState.cookies);
    const stored = adminState.origins.flatMap((origin) => origin.localStorage);
    await page.context().addInitScript((items) => {
      for (const { name, value } of items) {
        if (localStorage.getItem(name) === null) localStorage.setItem(name, value);
      }
    }, stored);
    return;
  }
  if (phone) {
    await page.goto('/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('button', { name: 'LogOut' })).toBeVisible();
  } else {
    await logInThroughPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
  }
  adminState = await page.context().storageState();
}

/** Orders a product through its order page, as a customer does. */
async function placeOrder(page: Page, item: DemoProduct, address = '1 Test Street, Springfield') {
  await page.goto('/products');
  await page.getByRole('link', { name: `Order Now: ${item.name}` }).click();
  await page.getByLabel('Phone', { exact: true }).fill('+1 555 0100');
  await page.getByLabel('Address', { exact: true }).fill(address);
  await page.getByLabel('Quantity').fill(String(item.minquantity));
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await expectToastShown(page, messages.orderSuccess);
}

/** Pays the order of a product from My Order with the test card; returns the transaction id. */
async function pay(page: Page, item: DemoProduct): Promise<string> {
  await page.goto('/dashboard');
  await myOrderRow(page, item)
    .getByRole('link', { name: /^Pay for CF-\d+$/ })
    .click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  const payButton = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(payButton).toBeEnabled();
  await payButton.click();
  await expect(page.getByText(messages.paymentCompleted)).toBeVisible();
  const text = await page.getByText(/^Your transaction Id: /).textContent();
  return text?.replace('Your transaction Id:', '').trim() ?? '';
}

function myOrderRow(page: Page, item: DemoProduct) {
  return page
    .getByRole('region', { name: 'My orders' })
    .getByRole('row')
    .filter({ hasText: item.name });
}

function manageOrderRow(page: Page, email: string, item: DemoProduct) {
  return page
    .getByRole('region', { name: 'Orders' })
    .getByRole('row')
    .filter({ hasText: email })
    .filter({ hasText: item.name });
}

/**
 * Each element is visible and wholly inside the viewport's width, and the page itself does not
 * scroll sideways (a table that scrolled inside its region would put them past the right edge).
 */
async function expectInView(page: Page, ...elements: Locator[]) {
  const width = page.viewportSize()!.width;
  for (const element of elements) {
    await expect(element).toBeVisible();
    const box = (await element.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/** The confirmation dialog the shop opens before an action. */
const confirmDialog = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });

/** Reveals the whole transaction id of a row and checks it fits in at most four lines. */
async function revealTransactionId(page: Page, row: Locator, transactionId: string) {
  await expect(row.getByText(shortId(transactionId), { exact: true })).toBeVisible();
  await expect(row.getByText(transactionId, { exact: true })).toHaveCount(0);
  const show = row.getByRole('button', { name: 'Show the whole transaction ID' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await show.click();
  const whole = row.getByText(transactionId, { exact: true });
  await expectInView(page, whole);
  const lines = await whole.evaluate((element) => {
    const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
    return Math.round(element.getBoundingClientRect().height / lineHeight);
  });
  expect(lines).toBeLessThanOrEqual(4);
  await expect(row.getByRole('button', { name: 'Hide the whole transaction ID' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
}

for (const phone of [false, true]) {
  const where = phone ? 'on a 390-px phone @phone' : 'on a desktop';

  test.describe(`tables ${where}`, () => {
    if (phone) test.use({ viewport: { width: 390, height: 844 } });
    // Each test signs up, orders or pays through the pages before it gets to its table.
    test.slow();

    test('My Order shows the status as a badge in its own column, and the transaction id on request', async ({
      page,
      expectAccessible,
    }) => {
      const unpaid = product(7);
      const paid = product(8);
      await register(page, phone);
      await placeOrder(page, unpaid);
      await placeOrder(page, paid);
      const transactionId = await pay(page, paid);

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'My Order' })).toBeVisible();
      const table = page.getByRole('region', { name: 'My orders' });
      // Screen readers still read every column heading, the phone's cards included.
      await expect(table.getByRole('columnheader')).toHaveText([
        'Order',
        'Date',
        'Name',
        'Product',
        'PO',
        'Quantity',
        'Price',
        'Payment',
        'Transaction ID',
        'Status',
        'Action',
      ]);
      if (!phone) await expect(table.getByRole('columnheader', { name: 'Status' })).toBeVisible();

      // Both products start with the same ten characters: the unpaid row is the one to pay.
      const unpaidRow = myOrderRow(page, unpaid).filter({
        has: page.getByRole('link', { name: /^Pay for CF-\d+$/ }),
      });
      // Each order is named by its number (a link to its page), with the day it was placed.
      const number = unpaidRow.getByRole('link', { name: /^Open order CF-\d+$/ });
      await expectInView(page, number, unpaidRow.locator('time'));
      const orderNumber = (await number.textContent()) ?? '';
      expect(orderNumber).toMatch(/^CF-\d+$/);
      const pending = unpaidRow.getByText('Unpaid', { exact: true });
      await expectInView(
        page,
        pending,
        unpaidRow.getByRole('link', { name: /^Pay for CF-\d+$/ }),
        unpaidRow.getByText(/^Pay within \d+ min$/),
        unpaidRow.getByRole('button', { name: /^Delete CF-\d+$/ }),
      );
      // A plain label: no border, no shadow, no pointer of a button.
      const look = await pending.evaluate((element) => {
        const style = getComputedStyle(element);
        return { border: style.borderColor, shadow: style.boxShadow, cursor: style.cursor };
      });
      expect(look).toEqual({ border: 'rgba(0, 0, 0, 0)', shadow: 'none', cursor: 'auto' });

      const paidRow = myOrderRow(page, paid).filter({
        hasNot: page.getByRole('link', { name: /^Pay for / }),
      });
      // Payment and Status say the same word, each as a label, never a disabled button.
      await expectInView(
        page,
        paidRow.locator('[data-label="Payment"]').getByText('Paid', { exact: true }),
        paidRow.locator('[data-label="Status"]').getByText('Paid', { exact: true }),
      );
      await expect(paidRow.getByRole('button', { name: 'Paid' })).toHaveCount(0);
      await expectAccessible();
      await revealTransactionId(page, paidRow, transactionId);
      await expectAccessible();

      // A buyer with many orders finds one by its number, in any case.
      const find = page.getByRole('searchbox', { name: orderPageMessages.searchMine });
      await find.fill(orderNumber.toLowerCase());
      await find.press('Enter');
      await expect(page).toHaveURL(new RegExp(`\\?q=${orderNumber.toLowerCase()}$`));
      await expect(table.getByRole('row')).toHaveCount(2);
      await expectInView(page, table.getByRole('link', { name: `Open order ${orderNumber}` }));
      await expectAccessible();
      await table.getByRole('link', { name: `Open order ${orderNumber}` }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: orderPageMessages.numberTitle(orderNumber) }),
      ).toBeVisible();
    });

    test('Manage Order keeps an address in lines, clamped, and asks before Mark Paid and Ship Order', async ({
      page,
      browser,
      expectAccessible,
    }) => {
      const item = product(7);
      // The customer's own browser (Playwright gives it this project's device too).
      const shopper = await browser.newContext();
      const customerPage = await shopper.newPage();
      const customer = await register(customerPage, phone);
      await placeOrder(customerPage, item, LONG_ADDRESS);
      await shopper.close();

      await logInAsAdmin(page, phone);
      await page.goto(`/dashboard/manage?q=${encodeURIComponent(customer.email)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Order' })).toBeVisible();
      const row = manageOrderRow(page, customer.email, item);
      // Row actions name the order by its number (ux 2026-11-28 #32).
      const markPaid = row.getByRole('button', { name: /^Mark Paid: CF-\d+$/ });
      const ship = row.getByRole('button', { name: /^Ship Order: CF-\d+$/ });
      await expectInView(
        page,
        row.getByText('Unpaid', { exact: true }),
        markPaid,
        row.getByRole('button', { name: /^Delete CF-\d+$/ }),
      );
      // The order's number, placing day and PO stay in view; the number finds the order.
      const number = row.getByRole('link', { name: /^Open order CF-\d+$/ });
      await expectInView(page, number, row.locator('time'));
      const orderNumber = (await number.textContent()) ?? '';
      await page.goto(`/dashboard/manage?q=${orderNumber.replace('CF-', '')}`);
      await expect(page.getByText('1 order', { exact: true })).toBeVisible();
      await expect(row).toHaveCount(1);
      await expectAccessible();

      // The address keeps its lines, clamped to three, with a toggle for the rest.
      const address = row.getByText(/^Unit 4, Building C/);
      expect(await address.evaluate((element: HTMLElement) => element.innerText)).toBe(
        LONG_ADDRESS,
      );
      const lineHeight = await address.evaluate((element) =>
        parseFloat(getComputedStyle(element).lineHeight),
      );
      const clamped = (await address.boundingBox())!.height;
      expect(clamped).toBeLessThanOrEqual(3 * lineHeight + 1);
      const showAll = row.getByRole('button', { name: 'Show all' });
      await expect(showAll).toHaveAttribute('aria-expanded', 'false');
      await expectInView(page, showAll);
      await expectAccessible();
      await showAll.click();
      const showLess = row.getByRole('button', { name: 'Show less' });
      await expect(showLess).toHaveAttribute('aria-expanded', 'true');
      expect((await address.boundingBox())!.height).toBeGreaterThan(clamped + lineHeight);
      await showLess.click();
      await expect(showAll).toHaveAttribute('aria-expanded', 'false');
      expect((await address.boundingBox())!.height).toBeLessThanOrEqual(3 * lineHeight + 1);

      // Mark Paid asks first, naming the order; Cancel leaves it unpaid.
      await markPaid.click();
      const markDialog = confirmDialog(page, confirmMessages.markPaidTitle);
      // It asks for the bank transfer received (ux 2026-11-28 #15), naming the customer.
      await expect(markDialog).toContainText(customer.name);
      await expectInView(
        page,
        markDialog.getByRole('button', { name: confirmMessages.markPaidConfirm }),
        markDialog.getByRole('button', { name: confirmMessages.cancel }),
      );
      await expectAccessible();
      await confirmIn(markDialog, confirmMessages.cancel);
      await expect(markDialog).toBeHidden();
      await page.reload();
      await expect(row.getByText('Unpaid', { exact: true })).toBeVisible();
      await expect(ship).toHaveCount(0);

      await markPaid.click();
      await fillMarkPaid(markDialog);
      await confirmIn(markDialog, confirmMessages.markPaidConfirm);
      await expect(row.getByText('Paid', { exact: true })).toBeVisible();
      await expect(markPaid).toHaveCount(0);

      // Ship Order asks too; Cancel leaves it placed.
      await expectInView(page, ship);
      await ship.click();
      const shipDialog = confirmDialog(page, confirmMessages.shipTitle);
      await expect(shipDialog).toContainText(confirmMessages.shipText(item.name, customer.name));
      await confirmIn(shipDialog, confirmMessages.cancel);
      await expect(shipDialog).toBeHidden();
      await page.reload();
      await expect(ship).toBeVisible();

      await ship.click();
      await confirmIn(shipDialog, confirmMessages.shipConfirm);
      const shipped = row.getByText('Shipped', { exact: true });
      await expect(shipped).toBeVisible();
      await expect(ship).toHaveCount(0);
      await expectInView(page, shipped);
      await expectAccessible();
    });

    test('Manage Users explains the disabled self-demote and asks before a role change', async ({
      page,
      browser,
      expectAccessible,
    }) => {
      const shopper = await browser.newContext();
      const customer = await register(await shopper.newPage(), phone);
      await shopper.close();

      await logInAsAdmin(page, phone);
      await page.goto('/dashboard/users');
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
      const table = page.getByRole('region', { name: 'Users' });
      const mine = table
        .getByRole('row')
        .filter({ hasText: E2E_ADMIN.email })
        .getByRole('button', { name: /^Remove Admin/ });
      await expect(mine).toBeDisabled();
      await expect(mine).toHaveAccessibleDescription(messages.cannotDemoteSelf);
      await expectInView(page, mine, table.getByText(messages.cannotDemoteSelf));

      // The new customer may be on a later page: the admin searches for them.
      await page.getByRole('searchbox', { name: 'Search users' }).fill(customer.email);
      await expect(table.getByRole('row').filter({ hasText: E2E_ADMIN.email })).toHaveCount(0);
      const row = table.getByRole('row').filter({ hasText: customer.email });
      const makeAdmin = row.getByRole('button', { name: `Make Admin: ${customer.name}` });
      const removeAdmin = row.getByRole('button', { name: `Remove Admin: ${customer.name}` });
      await expectInView(
        page,
        makeAdmin,
        row.getByRole('button', { name: 'Show the whole user ID' }),
      );
      await expectAccessible();

      await makeAdmin.click();
      const promote = confirmDialog(page, confirmMessages.makeAdminTitle);
      await expect(promote).toContainText(
        confirmMessages.makeAdminText(customer.name, customer.email),
      );
      await expectAccessible();
      await confirmIn(promote, confirmMessages.cancel);
      await expect(promote).toBeHidden();
      await page.reload();
      await expect(makeAdmin).toBeVisible();

      await makeAdmin.click();
      await confirmIn(promote, confirmMessages.makeAdminConfirm);
      await expect(page.getByText(`${customer.name} is now an admin.`)).toBeVisible();
      await expectInView(page, removeAdmin);

      await removeAdmin.click();
      const demote = confirmDialog(page, confirmMessages.removeAdminTitle);
      await expect(demote).toContainText(
        confirmMessages.removeAdminText(customer.name, customer.email),
      );
      await confirmIn(demote, confirmMessages.cancel);
      await expect(demote).toBeHidden();
      await page.reload();
      await expect(removeAdmin).toBeVisible();

      await removeAdmin.click();
      await confirmIn(demote, confirmMessages.removeAdminConfirm);
      await expect(page.getByText(`${customer.name} is now a regular user.`)).toBeVisible();
      await expect(makeAdmin).toBeVisible();
    });

    test('Manage Product and Manage Reviews keep every action in view', async ({
      page,
      expectAccessible,
    }) => {
      await logInAsAdmin(page, phone);
      const item = product(4);
      await page.goto(`/dashboard/manageproduct?q=${encodeURIComponent(item.name)}`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Manage All Product here' }),
      ).toBeVisible();
      const productRow = page
        .getByRole('region', { name: 'Products' })
        .getByRole('row')
        .filter({ hasText: item.name });
      await expectInView(
        page,
        productRow.getByRole('button', { name: `Delete ${item.name}` }),
        productRow.getByRole('button', { name: `Edit ${item.name}` }),
      );
      await expectAccessible();

      await page.goto('/dashboard/reviews');
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Reviews' })).toBeVisible();
      const reviewRow = page.getByRole('region', { name: 'Reviews' }).getByRole('row').nth(1);
      await expectInView(
        page,
        reviewRow.getByRole('button', { name: /^Delete the review by/ }),
        page.getByRole('button', { name: 'Older' }),
      );
      await expectAccessible();
    });
  });
}
