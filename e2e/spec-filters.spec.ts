import type { Browser, Page } from '@playwright/test';
import { productSearchMessages as text, specFilterMessages as specText } from '@shop/shared';
import { expect, test } from './support/fixtures.js';
import { addTestProducts } from './support/order-list.js';

/*
 * Issue 22, point 4: spec filters on /products. Each worker adds its own power supplies, named
 * with one word no other product has, so a search for it plus a spec filter finds exactly them
 * whatever the other tests add meanwhile.
 */

const SHOTS = 'test-results/shots/spec-filters';

let ours: { word: string; names: Record<string, string> } | null = null;

async function ourProducts(browser: Browser) {
  if (ours) return ours;
  const word = `zs${process.pid.toString(16)}${Date.now().toString(16)}`;
  const psu = (wattage: string, efficiency: string) => ({
    price: 60,
    minquantity: 1,
    increment: 1,
    aqty: 100,
    priceBreaks: [],
    category: 'power-supplies' as const,
    specs: [
      { name: 'Wattage', value: wattage },
      { name: 'Efficiency', value: efficiency },
      { name: 'Form factor', value: 'ATX' },
    ],
  });
  const added = await addTestProducts(
    browser,
    [
      psu('750 W', '80 PLUS Gold'),
      psu('750 W', '80 PLUS Platinum'),
      psu('550 W', '80 PLUS Bronze'),
    ],
    `${word} filter`,
  );
  ours = {
    word,
    names: { gold750: added[0]!.name, platinum750: added[1]!.name, bronze550: added[2]!.name },
  };
  return ours;
}

const status = (page: Page) => page.getByRole('main').getByRole('status');
const cardNames = (page: Page) =>
  page.getByRole('main').getByRole('article').getByRole('heading').allInnerTexts();
const wattage = (page: Page) =>
  page.getByRole('group', { name: specText.groupLabel }).getByRole('combobox', { name: 'Wattage' });

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

async function chooseWattage(page: Page, browser: Browser, width: number) {
  const { word, names } = await ourProducts(browser);
  await page.goto(`/products?q=${word}`);
  await expect(status(page)).toHaveText(text.count(1, 3, 3));
  await expect(wattage(page).getByRole('option')).toHaveText([
    specText.any,
    '550 W (1)',
    '750 W (2)',
  ]);

  await wattage(page).selectOption('750 W');
  await expect(page).toHaveURL(`/products?q=${word}&wattage=750+W`);
  await expect(status(page)).toHaveText(text.count(1, 2, 2));
  expect((await cardNames(page)).sort()).toEqual([names.gold750, names.platinum750].sort());
  // The other facets count among the 750 W ones; the wattage's own counts stay.
  const efficiency = page.getByRole('combobox', { name: 'Efficiency' });
  await expect(efficiency.getByRole('option')).toHaveText([
    specText.any,
    '80 PLUS Gold (1)',
    '80 PLUS Platinum (1)',
  ]);
  await expect(wattage(page).getByRole('option')).toHaveText([
    specText.any,
    '550 W (1)',
    '750 W (2)',
  ]);
  await noSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/products-750w-${width}.png`, fullPage: false });
  return { word, names };
}

test.describe('spec filters', () => {
  test.describe.configure({ timeout: 120_000 });

  test('choosing Wattage 750 W lists only those, survives a reload, and clears', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const { word } = await chooseWattage(page, browser, 1280);
    await expectAccessible();

    await page.reload();
    await expect(wattage(page)).toHaveValue('750 W');
    await expect(status(page)).toHaveText(text.count(1, 2, 2));

    // Any clears the filter: every product of the search again.
    await wattage(page).selectOption({ label: specText.any });
    await expect(page).toHaveURL(`/products?q=${word}`);
    await expect(status(page)).toHaveText(text.count(1, 3, 3));

    // A value nothing has: the empty state's Clear search clears the filters with the words.
    await page.goto(`/products?q=${word}&wattage=1200+W`);
    await expect(page.getByRole('heading', { name: text.noMatchFilters })).toBeVisible();
    await expect(wattage(page)).toHaveValue('1200 W');
    await page.getByRole('button', { name: text.clear }).click();
    await expect(page).toHaveURL('/products');
    await expect(wattage(page)).toHaveValue('');
    await expectAccessible();
  });

  test('choosing a wattage on a phone @phone', async ({ page, browser, expectAccessible }) => {
    await chooseWattage(page, browser, 390);
    await expectAccessible();
    await page.reload();
    await expect(wattage(page)).toHaveValue('750 W');
    await noSidewaysScroll(page);
  });
});
