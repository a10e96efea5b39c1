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
  await page.goto(`/products?q=${word}&category=power-supplies`);
  await expect(status(page)).toHaveText(text.count(1, 3, 3));
  await expect(wattage(page).getByRole('option')).toHaveText([
    specText.any,
    '550 W (1)',
    '750 W (2)',
  ]);

  await wattage(page).selectOption('750 W');
  await expect(page).toHaveURL(`/products?q=${word}&category=power-supplies&wattage=750+W`);
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

/** Cases whose specs are written as admins write them, for the normalised filters (#19). */
async function ourCases(browser: Browser) {
  const word = `zc${process.pid.toString(16)}${Date.now().toString(16)}`;
  const box = (formFactor: string, fans: string, gpu: string, radiator: string) => ({
    price: 90,
    minquantity: 1,
    increment: 1,
    aqty: 100,
    priceBreaks: [],
    category: 'cases' as const,
    specs: [
      { name: 'Form factor', value: formFactor },
      { name: 'Fans included', value: fans },
      { name: 'Max GPU length', value: gpu },
      { name: 'Radiator support', value: radiator },
    ],
  });
  const added = await addTestProducts(
    browser,
    [
      box('E-ATX full tower, dual chamber', '2 × 140 mm low-noise', '400 mm', 'Up to 420 mm'),
      box('E-ATX full tower', '3 × 120 mm ARGB front', '380 mm', 'Up to 360 mm'),
      box('ATX mid-tower', '3 × 120 mm front, 1 × 120 mm rear', '330 mm', 'Up to 240 mm'),
    ],
    `${word} case`,
  );
  return { word, names: added.map((one) => one.name) };
}

const facet = (page: Page, label: string) =>
  page.getByRole('group', { name: specText.groupLabel }).getByRole('combobox', { name: label });

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
    await expect(page).toHaveURL(`/products?q=${word}&category=power-supplies`);
    await expect(status(page)).toHaveText(text.count(1, 3, 3));

    // A value nothing has: the empty state's Clear search clears the filters with the words.
    await page.goto(`/products?q=${word}&category=power-supplies&wattage=1200+W`);
    await expect(page.getByRole('heading', { name: text.noMatchFilters })).toBeVisible();
    await expect(wattage(page)).toHaveValue('1200 W');
    await page.getByRole('button', { name: text.clear }).click();
    await expect(page).toHaveURL('/products');
    // The whole catalog mixes types: its filters come with a category (ux 2026-11-28 #19).
    await expect(page.getByText(specText.chooseCategory)).toBeVisible();
    await expect(wattage(page)).toHaveCount(0);
    await expectAccessible();
  });

  test('choosing a wattage on a phone @phone', async ({ page, browser, expectAccessible }) => {
    await chooseWattage(page, browser, 390);
    await expectAccessible();
    await page.reload();
    await expect(wattage(page)).toHaveValue('750 W');
    await noSidewaysScroll(page);
  });

  test('ux 2026-11-28 #19: cases filter by normalised form factor, size, fans, GPU length and radiator', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const { word, names } = await ourCases(browser);
    await page.goto(`/products?q=${word}&category=cases`);
    await expect(status(page)).toHaveText(text.count(1, 3, 3));
    // One spelling per value: the two E-ATX towers are one E-ATX.
    await expect(facet(page, 'Form factor').getByRole('option')).toHaveText([
      specText.any,
      'ATX (1)',
      'E-ATX (2)',
    ]);
    await expect(facet(page, 'Case size').getByRole('option')).toHaveText([
      specText.any,
      'Full tower (2)',
      'Mid tower (1)',
    ]);
    await expect(facet(page, 'Fan size').getByRole('option')).toHaveText([
      specText.any,
      '120 mm (2)',
      '140 mm (1)',
    ]);
    await expect(facet(page, 'Max GPU length').getByRole('option')).toHaveText([
      specText.any,
      '300 mm and up (3)',
      '350 mm and up (2)',
      '400 mm and up (1)',
    ]);
    await expect(facet(page, 'Wattage')).toHaveCount(0);

    await facet(page, 'Form factor').selectOption('E-ATX');
    await expect(page).toHaveURL(`/products?q=${word}&category=cases&formFactor=E-ATX`);
    await expect(status(page)).toHaveText(text.count(1, 2, 2));
    await facet(page, 'Radiator support').selectOption('360 mm and up');
    await facet(page, 'Fan size').selectOption('120 mm');
    await expect(status(page)).toHaveText(text.count(1, 1, 1));
    expect(await cardNames(page)).toEqual([names[1]]);
    await expectAccessible();
    await page.screenshot({ path: `${SHOTS}/cases-filtered-1280.png`, fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/cases-filtered-390.png`, fullPage: true });
  });

  test('ux 2026-11-28 #19: the filters work as a plain GET form without scripts', async ({
    browser,
  }) => {
    const { word, names } = await ourCases(browser);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/products?q=${word}&category=cases`);
    await facet(page, 'Max GPU length').selectOption('350 mm and up');
    await page.getByRole('button', { name: text.submit }).click();
    // The form sends every field (the blank ones too); a search keeps its query as it came.
    await expect(page).toHaveURL(/[?&]gpuLength=350\+mm\+and\+up(&|$)/);
    expect((await cardNames(page)).sort()).toEqual([names[0], names[1]].sort());
    // Another type's filter in the address is not the page's spelling: sent to the one without it.
    const moved = await page.request.get('/products?category=cases&wattage=750+W&fanSize=140+mm', {
      maxRedirects: 0,
    });
    expect(moved.status()).toBe(301);
    expect(moved.headers()['location']).toBe('/products?category=cases&fanSize=140+mm');
    await context.close();
  });
});
