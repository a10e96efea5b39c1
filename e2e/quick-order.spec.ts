import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  cartMessages,
  confirmMessages,
  checkoutHelpMessages,
  formatPrice,
  lookupMessages,
  messages,
  quickOrderMessages as text,
  reorderMessages,
  savedListMessages as saved,
} from '@shop/shared';
import { E2E_ADMIN } from './support/accounts.js';
import { expect, test } from './support/fixtures.js';
import { confirmIn, logInThroughPage, logOut, registerThroughPage } from './support/flows.js';
import { addTestProducts, type TestProduct } from './support/order-list.js';

/*
 * Issue 26 (DESIGN.md section 14): quick order by SKU, 'Order again' and saved order lists.
 * Each walk adds its own products, with SKUs no other run uses (hexadecimal).
 */

const SHOTS_DIR = process.env['SHOTS_DIR'];
const TEST_CARD = '4242 4242 4242 4242';

/** With SHOTS_DIR set, the page as it is now, whole, named with the viewport's width. */
async function screenshot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
}

let skus = 0;
/** A SKU no other run or test uses: hexadecimal, so it spells no word another walk searches. */
const sku = (kind: string) => {
  skus += 1;
  const unique = `${(process.pid % 4096).toString(16)}${Date.now().toString(16).slice(-7)}${skus}`;
  return `QO-${kind}-${unique}`.toUpperCase();
};
const hex = () => Math.floor(Math.random() * 0xffffff).toString(16);

/**
 * Four products with SKUs: A in packs of 5 from 10, B from 2, C with a break at 10, D in packs
 * of 10 from 10.
 */
const products = (browser: Browser, label: string) =>
  addTestProducts(
    browser,
    [
      { price: 30, minquantity: 10, increment: 5, aqty: 500, priceBreaks: [], sku: sku('A') },
      { price: 12.5, minquantity: 2, increment: 1, aqty: 300, priceBreaks: [], sku: sku('B') },
      {
        price: 80,
        minquantity: 1,
        increment: 1,
        aqty: 100,
        priceBreaks: [{ minQty: 10, price: 70 }],
        sku: sku('C'),
      },
      { price: 15, minquantity: 10, increment: 10, aqty: 200, priceBreaks: [], sku: sku('D') },
    ],
    label,
  ) as Promise<(TestProduct & { sku: string })[]>;

const results = (page: Page) => page.getByRole('region', { name: text.resultsHeading });
const resultRow = (page: Page, rowSku: string) =>
  results(page).getByRole('row').filter({ hasText: rowSku });
/** The order list's product rows (each has its product as row header; the column headers not). */
const orderListRows = (page: Page) =>
  page
    .getByRole('region', { name: 'Order list' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
const orderListRow = (page: Page, name: string) => orderListRows(page).filter({ hasText: name });
const orderListLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Order list, / });

async function token(page: Page): Promise<string> {
  const value = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(value).toBeTruthy();
  return value!;
}

/** Checks lines on the quick order page and adds the valid ones to the order list. */
async function quickOrder(page: Page, lines: string[], ready: number) {
  await page.goto('/quick-order');
  await page.getByLabel(text.linesLabel).fill(lines.join('\n'));
  await page.getByRole('button', { name: text.check }).click();
  await page.getByRole('button', { name: text.addValid(ready) }).click();
  await expect(page.getByRole('status').filter({ hasText: text.added(ready) })).toBeVisible();
}

test.describe('quick order, order again and saved lists', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a quick order of 5 pasted lines, 2 of them bad: the 3 others go into the order list in one step', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const [a, b, c, d] = await products(browser, 'quick order');
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Quick order', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    await expectAccessible();

    // As pasted from a spreadsheet: tabs, a comma, a SKU in lower case; one unknown, one short.
    const unknown = sku('NONE');
    await page
      .getByLabel(text.linesLabel)
      .fill(
        [
          `${a!.sku}\t20`,
          `${b!.sku.toLowerCase()},4`,
          `${c!.sku} 12`,
          `${unknown}\t3`,
          `${d!.sku} 5`,
        ].join('\n'),
      );
    await screenshot(page, 'quick-order-typed');
    await page.getByRole('button', { name: text.check }).click();
    await expect(page.getByRole('heading', { name: text.resultsHeading })).toBeFocused();
    await expect(page.getByText(text.summary(3, 2))).toBeVisible();
    await expect(resultRow(page, a!.sku)).toContainText(a!.name);
    await expect(resultRow(page, a!.sku)).toContainText(formatPrice(600));
    await expect(resultRow(page, a!.sku)).toContainText(text.ok);
    await expect(resultRow(page, b!.sku.toLowerCase())).toContainText(formatPrice(50));
    // 12 reach the break at 10: $70 each.
    await expect(resultRow(page, c!.sku)).toContainText(formatPrice(840));
    await expect(resultRow(page, unknown)).toContainText(lookupMessages.unknownSku(unknown));
    await expect(resultRow(page, d!.sku)).toContainText(messages.orderMinimum(10));
    await expectAccessible();
    await screenshot(page, 'quick-order-checked');

    await page.getByRole('button', { name: text.addValid(3) }).click();
    const done = page.getByRole('status').filter({ hasText: text.added(3) });
    await expect(done).toBeFocused();
    await expect(orderListLink(page)).toHaveAccessibleName('Order list, 3 items');
    await screenshot(page, 'quick-order-added');
    await done.getByRole('link', { name: text.viewOrderList }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: cartMessages.pageTitle }),
    ).toBeVisible();
    await expect(orderListRows(page)).toHaveCount(3);
    await expect(orderListRow(page, a!.name).getByLabel(`Quantity of ${a!.name}`)).toHaveValue(
      '20',
    );
    await expect(orderListRow(page, c!.name).getByLabel(`Quantity of ${c!.name}`)).toHaveValue(
      '12',
    );
    // The order list links back to the quick order.
    await expect(page.getByRole('link', { name: text.linkLong })).toBeVisible();
    await expectAccessible();
  });

  test("'Order again' puts a past order's lines in the order list at today's prices, saying what it left out", async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const [a, b] = await products(browser, 'order again');
    await registerThroughPage(page, 'reorder');
    const placed = await page.request.post('/api/orders', {
      headers: { authorization: `Bearer ${await token(page)}` },
      data: {
        lines: [
          { productId: a!._id, quantity: 15 },
          { productId: b!._id, quantity: 3 },
        ],
        phone: '+1 555 0100',
        address: '1 Reorder Street, Springfield',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { insertedId: orderId } = (await placed.json()) as { insertedId: string };
    await page.goto(`/dashboard/payment/${orderId}`);
    await page.getByLabel('Card number').fill(TEST_CARD);
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('heading', { name: messages.paymentCompleted })).toBeVisible();

    // The shop stops selling B: it is archived, the paid order keeps it.
    const context = await browser.newContext();
    const admin = await context.newPage();
    await logInThroughPage(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    const removed = await admin.request.delete(`/api/products/${b!._id}`, {
      headers: { authorization: `Bearer ${await token(admin)}` },
    });
    expect(removed.ok(), await removed.text()).toBe(true);
    await context.close();

    await page.goto(`/dashboard/orders/${orderId}`);
    const again = page.getByRole('button', { name: /^Order again/ });
    await expect(again).toBeVisible();
    await expectAccessible();
    await screenshot(page, 'order-page-order-again');
    await again.click();
    await expect(page).toHaveURL(/\/order-list$/);
    await expect(page.getByText(reorderMessages.done(1))).toBeVisible();
    const left = page.getByRole('status').filter({ hasText: reorderMessages.skippedHeading });
    await expect(left).toContainText(
      checkoutHelpMessages.putBackSkipped(b!.name, checkoutHelpMessages.noLongerSold),
    );
    await expect(orderListRow(page, a!.name).getByLabel(`Quantity of ${a!.name}`)).toHaveValue(
      '15',
    );
    await expect(orderListRow(page, a!.name)).toContainText(formatPrice(450));
    await expect(orderListRow(page, b!.name)).toHaveCount(0);
    await expectAccessible();
    await screenshot(page, 'order-list-after-order-again');
  });

  test('a list saved in one browser shows in another after sign-in, merged with what that one held', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const [a, , c] = await products(browser, 'saved lists');
    const customer = await registerThroughPage(page, 'savedlists');
    await quickOrder(page, [`${a!.sku} 25`], 1);
    await page.goto('/order-list');
    const name = `Project ${hex()}`;
    await page.getByLabel(saved.nameLabel).fill(name);
    await page.getByRole('button', { name: saved.save }).click();
    await expect(page.getByText(saved.saved(name))).toBeVisible();
    const lists = page.getByRole('list', { name: saved.listsLabel });
    await expect(lists.getByRole('listitem').filter({ hasText: name })).toContainText('1 product');
    await expectAccessible();
    await screenshot(page, 'order-list-saved-lists');

    // Another computer: a list gathered before signing in, then the sign-in.
    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const second = await other.newPage();
    await quickOrder(second, [`${c!.sku} 4`], 1);
    await logInThroughPage(second, customer.email, customer.password);
    await second.goto('/order-list');
    // The saved order list (A) with the browser's (C) merged in.
    await expect(orderListRow(second, a!.name).getByLabel(`Quantity of ${a!.name}`)).toHaveValue(
      '25',
    );
    await expect(orderListRow(second, c!.name).getByLabel(`Quantity of ${c!.name}`)).toHaveValue(
      '4',
    );
    const item = second
      .getByRole('list', { name: saved.listsLabel })
      .getByRole('listitem')
      .filter({ hasText: name });
    await expect(item).toBeVisible();

    // Renamed, then opened into the order list (replacing it, once asked: ux 2026-11-28 #26).
    await item.getByRole('button', { name: saved.renameLabel(name) }).click();
    const renamed = `${name} ${hex()}`;
    await second.getByLabel(saved.newName(name)).fill(renamed);
    await second.getByRole('button', { name: saved.renameSave }).click();
    const renamedItem = second
      .getByRole('list', { name: saved.listsLabel })
      .getByRole('listitem')
      .filter({ hasText: renamed });
    await renamedItem.getByRole('button', { name: saved.openLabel(renamed) }).click();
    await confirmIn(
      second.getByRole('dialog').filter({ hasText: saved.openTitle }),
      saved.openReplace,
    );
    await expect(orderListRow(second, c!.name)).toHaveCount(0);
    await expect(orderListRow(second, a!.name)).toBeVisible();

    // The first browser follows the order list of the second once it is looked at again.
    await page.reload();
    await expect(orderListRow(page, a!.name)).toBeVisible();
    await expect(orderListRow(page, c!.name)).toHaveCount(0);

    await renamedItem.getByRole('button', { name: saved.removeLabel(renamed) }).click();
    const confirm = second.getByRole('dialog').filter({ hasText: messages.deleteTitle });
    await expect(confirm.getByText(saved.removeText(renamed))).toBeVisible();
    await confirmIn(confirm, messages.deleteConfirm);
    await expect(second.getByRole('heading', { name: messages.deleted })).toBeVisible();
    await second.getByRole('button', { name: 'OK' }).click();
    await expect(second.getByText(saved.none)).toBeVisible();
    await expectAccessible();
    await other.close();

    // LogOut forgets the browser's copy; the server's stays for the next sign-in.
    await logOut(page);
    await expect(orderListLink(page)).toHaveAccessibleName('Order list, 0 items');
    await logInThroughPage(page, customer.email, customer.password);
    await expect(orderListLink(page)).toHaveAccessibleName('Order list, 1 item');
  });

  test('ux 2026-11-28 #26: saved lists have unique names, say what an empty name needs, open as add or replace; the order list clears in one action', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const [a, b] = await products(browser, 'unique lists');
    await registerThroughPage(page, 'uniquelists');
    await quickOrder(page, [`${a!.sku} 20`], 1);
    await page.goto('/order-list');
    const name = page.getByLabel(saved.nameLabel);
    const saveButton = page.getByRole('button', { name: saved.save });

    // An empty name is said under the field, and nothing is saved.
    await name.fill('   ');
    await saveButton.click();
    await expect(page.getByRole('alert').filter({ hasText: saved.nameRequired })).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(saved.none)).toBeVisible();

    const listName = `Rack ${hex()}`;
    await name.fill(listName);
    await saveButton.click();
    await expect(page.getByText(saved.saved(listName))).toBeVisible();
    // The same name in another case is refused with the server's message.
    await name.fill(listName.toUpperCase());
    await saveButton.click();
    await expect(
      page.getByRole('alert').filter({ hasText: `You already have a saved list named` }),
    ).toBeVisible();
    const lists = page.getByRole('list', { name: saved.listsLabel });
    await expect(lists.getByRole('listitem')).toHaveCount(1);
    await expectAccessible();
    await screenshot(page, 'ux26-saved-list-name-taken');

    // Another product in the order list, then the saved list added to it: both, A summed.
    await quickOrder(page, [`${b!.sku} 4`, `${a!.sku} 10`], 2);
    await page.goto('/order-list');
    await expect(orderListRow(page, a!.name).getByLabel(`Quantity of ${a!.name}`)).toHaveValue(
      '30',
    );
    await lists.getByRole('button', { name: saved.openLabel(listName) }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: saved.openTitle });
    await expect(dialog.getByRole('button', { name: saved.openReplace })).toBeVisible();
    await screenshot(page, 'ux26-open-add-or-replace');
    await confirmIn(dialog, saved.openConfirm);
    await expect(orderListRow(page, a!.name).getByLabel(`Quantity of ${a!.name}`)).toHaveValue(
      '50',
    );
    await expect(orderListRow(page, b!.name).getByLabel(`Quantity of ${b!.name}`)).toHaveValue('4');

    // Cleared in one action, once confirmed; Cancel keeps it.
    await page.getByRole('button', { name: cartMessages.clear }).click();
    const clearDialog = page.getByRole('dialog').filter({ hasText: cartMessages.clearTitle });
    await expect(clearDialog).toContainText(cartMessages.clearText(2));
    await confirmIn(clearDialog, confirmMessages.cancel);
    await expect(orderListRows(page)).toHaveCount(2);
    await page.getByRole('button', { name: cartMessages.clear }).click();
    await confirmIn(
      page.getByRole('dialog').filter({ hasText: cartMessages.clearTitle }),
      cartMessages.clearConfirm,
    );
    await expect(page.getByText(cartMessages.empty)).toBeVisible();
    await expect(orderListLink(page)).toHaveAccessibleName('Order list, 0 items');
    // The saved list is still there, and opens into the empty list without asking.
    await lists.getByRole('button', { name: saved.openLabel(listName) }).click();
    await expect(orderListRow(page, a!.name).getByLabel(`Quantity of ${a!.name}`)).toHaveValue(
      '20',
    );
    await expectAccessible();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'ux26-order-list-with-clear');
  });

  test('the quick order page by keyboard alone', async ({ page, browser, expectAccessible }) => {
    const [a] = await products(browser, 'quick keys');
    await page.goto('/quick-order');
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    const box = page.getByLabel(text.linesLabel);
    for (
      let i = 0;
      i < 30 && !(await box.evaluate((el) => el === document.activeElement));
      i += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(box).toBeFocused();
    await page.keyboard.type(`${a!.sku} 10\nthis is not a line`);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(text.fileLabel)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: text.check })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: text.resultsHeading })).toBeFocused();
    await expect(
      page.getByText(text.unreadableRow(2, 'this is not a line', text.notTwoColumns)),
    ).toBeVisible();
    const add = page.getByRole('button', { name: text.addValid(1) });
    for (
      let i = 0;
      i < 30 && !(await add.evaluate((el) => el === document.activeElement));
      i += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(add).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: text.added(1) })).toBeFocused();
    await expectAccessible();
  });
});

test.describe('quick order on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 150_000 });

  test('a phone reaches quick order from the menu, checks lines and adds them @phone', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const [a, b] = await products(browser, 'quick phone');
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .locator('#mobile-menu')
      .getByRole('link', { name: 'Quick order', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    await expectAccessible();
    await screenshot(page, 'quick-order-empty');
    await page
      .getByLabel(text.linesLabel)
      .fill(`${a!.sku},10\n${b!.sku},1\nnot a line at all\n${sku('NONE')},2`);
    await page.getByRole('button', { name: text.check }).click();
    await expect(page.getByText(text.summary(1, 3))).toBeVisible();
    await expect(resultRow(page, b!.sku)).toContainText(messages.orderMinimum(2));
    await expect(page.getByText(text.unreadableHeading)).toBeVisible();
    await expectAccessible();
    await screenshot(page, 'quick-order-checked');
    await page.getByRole('button', { name: text.addValid(1) }).click();
    await expect(page.getByRole('status').filter({ hasText: text.added(1) })).toBeVisible();
    await screenshot(page, 'quick-order-added');
    await page.goto('/order-list');
    await expect(orderListRow(page, a!.name)).toBeVisible();
    await screenshot(page, 'order-list');

    // Signed in: the saved lists under the order list, and 'Order again' on an order.
    await registerThroughPage(page, 'quickphone');
    await page.goto('/order-list');
    const name = `Site ${hex()}`;
    await page.getByLabel(saved.nameLabel).fill(name);
    await page.getByRole('button', { name: saved.save }).click();
    await expect(page.getByText(saved.saved(name))).toBeVisible();
    await expectAccessible();
    await screenshot(page, 'order-list-saved-lists');
    const placed = await page.request.post('/api/orders', {
      headers: { authorization: `Bearer ${await token(page)}` },
      data: {
        lines: [{ productId: a!._id, quantity: 10 }],
        phone: '+1 555 0100',
        address: '1 Phone Street, Springfield',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { insertedId } = (await placed.json()) as { insertedId: string };
    await page.goto(`/dashboard/orders/${insertedId}`);
    await expect(page.getByRole('button', { name: /^Order again/ })).toBeVisible();
    await expectAccessible();
    await screenshot(page, 'order-page-order-again');
  });
});
