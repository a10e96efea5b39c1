import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import { adminCsvColumns, type Order } from '@shop/shared';
import { E2E_ADMIN } from './support/accounts.js';
import { expect, test } from './support/fixtures.js';

/*
 * Issue 14: Manage Product, Manage Order and Manage Users search, filter (orders by status) and
 * page on the server, keep all of it in the address, and export every match as CSV. Tests share
 * one database: each makes its own products and orders, with a word of its own to search for.
 */

/** A word no other test's rows contain. */
let counter = 0;
function uniqueWord(label: string): string {
  counter += 1;
  return `${label}${(process.pid % 4096).toString(16)}${Date.now().toString(16).slice(-6)}${counter}`;
}

/**
 * Signs the admin in through the Login page (on a phone LogOut sits in the closed menu, so it
 * waits for the token instead); returns the API token the page keeps.
 */
async function logInAsAdmin(page: Page): Promise<string> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  return (await page.evaluate(() => localStorage.getItem('accessToken')))!;
}

/** Adds a product through the API as the admin; returns its id. */
async function addProduct(api: APIRequestContext, token: string, name: string): Promise<string> {
  const response = await api.post('/api/product', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      description: 'A product added by the admin lists browser test.',
      imgURL: '/images/products/silentbox-s5-full-tower.svg',
      category: 'cases',
      price: 40,
      minquantity: 10,
      aqty: 1000,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

async function deleteProduct(api: APIRequestContext, token: string, id: string) {
  await api.delete(`/api/product/${id}`, { headers: { authorization: `Bearer ${token}` } });
}

/** The admin orders a product through the API; returns the order. */
async function placeOrder(api: APIRequestContext, token: string, productId: string) {
  const response = await api.post('/api/orders', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      lines: [{ productId, quantity: 10 }],
      phone: '+1 555 0100',
      address: '1 Test Street, Springfield',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { order: Order }).order;
}

/** Clicks Export CSV and reads the file it downloads (without its BOM, which it checks). */
async function exportCsv(page: Page, what: string): Promise<{ name: string; lines: string[] }> {
  const download: Promise<Download> = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const name = file.suggestedFilename();
  expect(name).toMatch(new RegExp(`^${what}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const bytes = await readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  await expect(page.getByText(new RegExp(`exported to ${name}`))).toBeVisible();
  return { name, lines: bytes.subarray(3).toString('utf8').trimEnd().split('\r\n') };
}

const searchBox = (page: Page, noun: string) =>
  page.getByRole('searchbox', { name: `Search ${noun}` });

const pager = (page: Page, noun: string) =>
  page.getByRole('navigation', { name: `Pages of ${noun}` });

/** The rows of the list's table, without its heading row. */
const bodyRows = (table: Locator) => table.locator('tbody').getByRole('row');

for (const phone of [false, true]) {
  const where = phone ? 'on a 390-px phone @phone' : 'on a desktop';

  test.describe(`admin lists ${where}`, () => {
    if (phone) test.use({ viewport: { width: 390, height: 844 } });
    test.slow();

    test('Manage Product searches, pages forward and back, and exports the matches as CSV', async ({
      page,
      expectAccessible,
    }) => {
      const token = await logInAsAdmin(page);
      const word = uniqueWord('plist');
      // 26 to search for (one more than a page) and one whose name is a spreadsheet formula.
      const formula = `=HYPERLINK("http://example.invalid","${word}")`;
      const names = [...Array.from({ length: 26 }, (_, i) => `${word} case ${i + 1}`), formula];
      const ids: string[] = [];
      try {
        for (const name of names) ids.push(await addProduct(page.request, token, name));

        await page.goto('/dashboard/manageproduct');
        await expect(
          page.getByRole('heading', { level: 1, name: 'Manage All Product here' }),
        ).toBeVisible();
        await searchBox(page, 'products').fill(word);
        await expect(page.getByText('27 products', { exact: true })).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`\\?q=${word}$`));
        const table = page.getByRole('region', { name: 'Products' });
        await expect(bodyRows(table)).toHaveCount(25);
        await expect(pager(page, 'products')).toContainText('Page 1 of 2');
        await expectAccessible();

        await pager(page, 'products').getByRole('button', { name: 'Next' }).click();
        await expect(pager(page, 'products')).toContainText('Page 2 of 2');
        await expect(page).toHaveURL(new RegExp(`\\?q=${word}&page=2$`));
        await expect(bodyRows(table)).toHaveCount(2);
        await expect(bodyRows(table).first()).toContainText('26');
        await expectAccessible();

        // The address holds the page: a reload shows it again, and Back goes to page 1.
        await page.reload();
        await expect(pager(page, 'products')).toContainText('Page 2 of 2');
        await expect(searchBox(page, 'products')).toHaveValue(word);
        await pager(page, 'products').getByRole('button', { name: 'Previous' }).click();
        await expect(pager(page, 'products')).toContainText('Page 1 of 2');
        await expect(bodyRows(table)).toHaveCount(25);

        const { lines } = await exportCsv(page, 'products');
        expect(lines[0]).toBe(Object.values(adminCsvColumns.products).join(','));
        expect(lines).toHaveLength(1 + 27);
        expect(lines).toContain(
          `${ids[0]},${word} case 1,,Cases,/images/products/silentbox-s5-full-tower.svg,1000,10,1,40,,,A product added by the admin lists browser test.`,
        );
        // The formula is text with a leading quote: a spreadsheet shows it, never runs it.
        const formulaLine = lines.find((line) => line.startsWith(`${ids[26]},`));
        expect(formulaLine).toContain(`,"'=HYPERLINK(""http://example.invalid"",""${word}"")",`);

        // Nothing matches: it says so, with a way back to every product.
        await searchBox(page, 'products').fill(`${word}-none`);
        await expect(page.getByText(`No products match "${word}-none"`)).toBeVisible();
        await expectAccessible();
        await page.getByRole('button', { name: 'Show all products' }).click();
        await expect(searchBox(page, 'products')).toHaveValue('');
        await expect(page).toHaveURL(/\/dashboard\/manageproduct$/);
      } finally {
        for (const id of ids) await deleteProduct(page.request, token, id);
      }
    });

    test('Manage Order searches, filters by status and exports the matches as CSV', async ({
      page,
      expectAccessible,
    }) => {
      const token = await logInAsAdmin(page);
      const word = uniqueWord('olist');
      const productId = await addProduct(page.request, token, `${word} tower`);
      const unpaid = await placeOrder(page.request, token, productId);
      const paid = await placeOrder(page.request, token, productId);
      const marked = await page.request.put(`/api/order/${paid._id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(marked.status()).toBe(200);
      const invoiceNumber = ((await marked.json()) as { order: Order }).order.invoice?.number;
      expect(invoiceNumber).toMatch(/^\d{4}-\d{6}$/);

      await page.goto('/dashboard/manage');
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Order' })).toBeVisible();
      await searchBox(page, 'orders').fill(word);
      await expect(page.getByText('2 orders', { exact: true })).toBeVisible();
      const table = page.getByRole('region', { name: 'Orders' });
      await expect(bodyRows(table)).toHaveCount(2);
      await expectAccessible();

      const status = page.getByRole('combobox', { name: 'Status' });
      await status.selectOption('placed');
      await expect(page.getByText('1 order', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`\\?q=${word}&status=placed$`));
      await expect(bodyRows(table)).toHaveCount(1);
      await expect(bodyRows(table)).toContainText('Paid');
      // The filter offers the words the rows use (review defect 13).
      await expect(status.locator('option')).toHaveText([
        'All',
        'Unpaid',
        'Paid',
        'Shipped',
        'Cancelled',
      ]);

      await status.selectOption('shipped');
      await expect(page.getByText(`No shipped orders match "${word}"`)).toBeVisible();
      await expectAccessible();
      await page.goBack();
      await expect(status).toHaveValue('placed');
      await status.selectOption('');
      await expect(page.getByText('2 orders', { exact: true })).toBeVisible();

      const { lines } = await exportCsv(page, 'orders');
      expect(lines[0]).toBe(Object.values(adminCsvColumns.orders).join(','));
      expect(lines).toHaveLength(1 + 2);
      // One row per order line: the line (SKU, product, quantity, unit price, line total), the
      // order's total, then the order's facts; the phone number as it was written.
      const paidLine = lines.find((line) => line.startsWith(`${paid.orderNumber},`))!;
      expect(paidLine).toContain(`${paid.orderNumber},${paid._id},1,,${word} tower,10,40,400,400,`);
      expect(paidLine).toContain(',+1 555 0100,');
      expect(paidLine).toContain(`,${invoiceNumber},paid,placed,`);
      expect(lines.find((line) => line.startsWith(`${unpaid.orderNumber},`))).toContain(
        ',,pending,pending,',
      );
    });

    test('Manage Users searches and exports the matches as CSV', async ({
      page,
      expectAccessible,
    }) => {
      await logInAsAdmin(page);
      await page.goto('/dashboard/users');
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
      await searchBox(page, 'users').fill(E2E_ADMIN.email);
      await expect(page.getByText('1 user', { exact: true })).toBeVisible();
      const table = page.getByRole('region', { name: 'Users' });
      await expect(bodyRows(table)).toHaveCount(1);
      await expect(bodyRows(table)).toContainText(E2E_ADMIN.email);
      await expectAccessible();

      const { lines } = await exportCsv(page, 'users');
      expect(lines[0]).toBe(Object.values(adminCsvColumns.users).join(','));
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(new RegExp(`^[0-9a-f]{24},[^,]*,${E2E_ADMIN.email},admin$`));

      const none = uniqueWord('nobody');
      await searchBox(page, 'users').fill(none);
      await expect(page.getByText(`No users match "${none}"`)).toBeVisible();
      await page.getByRole('button', { name: 'Show all users' }).click();
      await expect(bodyRows(table).first()).toBeVisible();
    });
  });
}
