import type { Page } from '@playwright/test';
import {
  categoryLabels,
  productSearchMessages as text,
  searchSynonymMessages as synonymText,
  stockMessages,
} from '@shop/shared';
import { E2E_ADMIN } from './support/accounts.js';
import { expect, test } from './support/fixtures.js';
import { untilCardsAnswer } from './support/order-list.js';

/*
 * Issue 22: search finds what buyers type (defect 3), the list view (defect 18), the card of a
 * product below its minimum (defect 30), and the admin's search synonyms. Screenshots go to
 * test-results/shots/search (SHOTS_DIR) at 1280 and 390 px.
 */

const SHOTS = process.env['SHOTS_DIR'] ?? 'test-results/shots/search';
const M3 = 'ForgeLine M3 ATX Mid-Tower Case';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: text.searchLabel });
const cards = (page: Page) => page.getByRole('main').getByRole('article');

async function shot(page: Page, name: string, width: 1280 | 390) {
  await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  // A phone's full page is too tall to read at once: the screen at the results too.
  if (width === 390) {
    await expectNoSidewaysScroll(page);
    await page.getByRole('main').getByRole('status').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}-screen.png` });
  }
}

/** Nothing on the page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/** Signs the admin in (on a phone LogOut sits in the closed menu: waits for the token). */
async function logInAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
}

async function search(page: Page, q: string) {
  await page.goto(`/products?q=${encodeURIComponent(q)}`);
  await expect(searchBox(page)).toHaveValue(q);
}

for (const [where, width] of [
  ['on a desktop', 1280],
  ['on a phone @phone', 390],
] as const) {
  test.describe(`finding products ${where}`, () => {
    test('psu finds a power supply first, midtower the mid-tower case', async ({
      page,
      expectAccessible,
    }) => {
      await search(page, 'psu');
      const first = cards(page).first();
      await expect(
        first.getByText(categoryLabels['power-supplies'], { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('combobox', { name: text.sortLabel })).toHaveValue('');
      await expect(
        page.getByRole('combobox', { name: text.sortLabel }).locator('option').first(),
      ).toHaveText(text.bestMatch);
      await expectAccessible();
      await shot(page, 'search-psu', width);

      await search(page, 'midtower');
      await expect(cards(page).first().getByRole('heading')).toHaveText(M3);
      await search(page, '120mm fan');
      await expect(cards(page).first().getByRole('heading')).toHaveText(M3);
    });

    test('says honestly when nothing matches, or products only mention the words', async ({
      page,
      expectAccessible,
    }) => {
      await search(page, 'fan');
      await expect(page.getByText(text.onlyMentioned('fan'))).toBeVisible();
      const categories = page.getByRole('navigation', { name: text.categoriesLabel });
      await expect(categories.getByRole('link')).toHaveCount(3);
      await expectAccessible();
      await shot(page, 'search-fan', width);

      await search(page, 'zeppelin');
      await expect(page.getByRole('heading', { name: text.noMatch('zeppelin') })).toBeVisible();
      await expect(page.getByText(text.whatWeMake)).toBeVisible();
      await expectAccessible();
      await shot(page, 'search-empty', width);
      await page
        .getByRole('navigation', { name: text.categoriesLabel })
        .getByRole('link', { name: categoryLabels['power-supplies'] })
        .click();
      await expect(page).toHaveURL(/\/products\?category=power-supplies$/);
      await expect(cards(page).first()).toBeVisible();
    });

    test('shows a list to compare prices, minimum, pack and stock, and orders from it', async ({
      page,
      expectAccessible,
    }) => {
      await page.goto('/products');
      await expect(cards(page).first()).toBeVisible();
      await shot(page, 'products-grid', width);
      await page
        .getByRole('navigation', { name: text.viewLabel })
        .getByRole('link', { name: text.listView })
        .click();
      await expect(page).toHaveURL(/\/products\?view=list$/);
      const table = page.getByRole('table', { name: text.listCaption });
      await expect(table).toBeVisible();
      const row = table.getByRole('row').filter({ hasText: M3 });
      await expect(row.getByRole('rowheader')).toContainText(M3);
      await expect(row.getByRole('button', { name: /Add to order list/ })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible();
      await shot(page, 'products-list', width);
      // The view stays as the search changes.
      await searchBox(page).fill('psu');
      await searchBox(page).press('Enter');
      await expect(page).toHaveURL(/q=psu.*view=list/);
      await expect(table).toBeVisible();
    });
  });
}

test.describe('a card below its minimum', () => {
  test('keeps its description under the price, the warning at the bottom', async ({ page }) => {
    // The Vortex as the API answers it, with less stock than its minimum: a state only orders
    // reach, answered here for the page alone.
    const response = await page.request.get(`/api/products?q=${encodeURIComponent('VX-RGB-MT')}`);
    const [vortex] = (await response.json()) as {
      aqty: number;
      aQty: number;
      minquantity: number;
    }[];
    const below = { ...vortex!, aqty: 5, aQty: 5, minquantity: 10 };
    await page.route('**/api/products?q=below*', (route) =>
      route.fulfill({ json: [below, vortex], headers: { 'x-total-count': '2' } }),
    );
    // Searched in the browser: the server would draw /products?q=below from the real catalog.
    await page.goto('/products');
    await untilCardsAnswer(page);
    await searchBox(page).fill('below');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/q=below/);
    const card = cards(page).first();
    await expect(card.getByText(stockMessages.notEnoughForMinimum(10))).toBeVisible();
    const price = (await card.getByText('$74', { exact: true }).boundingBox())!;
    const description = (await card.getByText(/^Mid-tower gaming case/).boundingBox())!;
    const terms = (await card.getByText('SKU VX-RGB-MT').boundingBox())!;
    // No paragraph stretches to fill the card: the price is one line, the description follows
    // it and the terms follow the description, each a gap apart (daisyUI grows a card's <p>).
    expect(price.height).toBeLessThan(45);
    expect(description.y - (price.y + price.height)).toBeLessThan(20);
    expect(terms.y - (description.y + description.height)).toBeLessThan(20);
    await shot(page, 'card-below-minimum', 1280);
  });
});

test.describe('search synonyms', () => {
  for (const [where, width] of [
    ['on a desktop', 1280],
    ['on a phone @phone', 390],
  ] as const) {
    test(`the admin adds and removes one, and the search uses it ${where}`, async ({
      page,
      expectAccessible,
    }) => {
      const word = `netz${width}${Date.now().toString(16)}`;
      await logInAsAdmin(page);
      await page.goto('/dashboard');
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: synonymText.menuLabel })
        .click();
      await expect(page.getByRole('heading', { name: synonymText.pageTitle })).toBeVisible();
      const table = page.getByRole('table', { name: synonymText.tableCaption });
      await expect(
        table.getByRole('row').filter({ hasText: 'power supply' }).first(),
      ).toBeVisible();

      // Empty fields are named, nothing is added.
      await page.getByRole('button', { name: synonymText.add }).click();
      await expect(page.getByText(synonymText.termRequired)).toBeVisible();
      await expect(page.getByLabel(synonymText.termLabel)).toHaveAttribute('aria-invalid', 'true');

      await page.getByLabel(synonymText.termLabel).fill(word);
      await page.getByLabel(synonymText.expansionLabel).fill('Power Supply');
      await page.getByRole('button', { name: synonymText.add }).click();
      await expect(page.getByRole('status')).toHaveText(synonymText.added(word, 'power supply'));
      await expect(table.getByRole('row').filter({ hasText: word })).toBeVisible();
      await expectAccessible();
      await expectNoSidewaysScroll(page);
      await shot(page, 'search-synonyms', width);

      await search(page, word);
      await expect(
        cards(page).first().getByText(categoryLabels['power-supplies'], { exact: true }),
      ).toBeVisible();

      await page.goto('/dashboard/search-synonyms');
      await page.getByRole('button', { name: synonymText.remove(word, 'power supply') }).click();
      await expect(page.getByRole('status')).toHaveText(synonymText.removed(word, 'power supply'));
      await expect(table.getByRole('row').filter({ hasText: word })).toHaveCount(0);
    });
  }
});
