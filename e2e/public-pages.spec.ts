import { demoProducts } from '../apps/server/src/db/seed/demo-data.js';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';

/**
 * The public pages come drawn by the server (DESIGN.md section 15) and the browser takes that
 * markup over: the nodes the server sent stay (no redraw), no hydration error reaches the
 * console, nothing shifts (cumulative layout shift under 0.05), and the page is accessible.
 */

declare global {
  interface Window {
    /** Layout shifts not caused by input, summed (PerformanceObserver). */
    layoutShift: number;
    /** The first heading of main and the page's node count as the server's HTML had them. */
    serverHeading: Element | null;
    serverNodes: number;
  }
}

/** Found by the path of a demo product's page, from the catalog the server drew. */
async function demoProductPath(page: Page): Promise<string> {
  await page.goto('/products');
  const link = page.getByRole('link', { name: demoProducts[0]!.name }).first();
  const href = await link.getAttribute('href');
  if (!href) throw new Error('no product link');
  return href;
}

const pages: [string, string | ((page: Page) => Promise<string>)][] = [
  ['the home page', '/'],
  ['the catalog', '/products'],
  ['a category, page 1', '/products?category=cases'],
  ['a search', '/products?q=atx'],
  ['a product page', demoProductPath],
  ['the blogs', '/blogs'],
  ['the portfolio', '/portfolio'],
];

for (const phone of [false, true]) {
  for (const [name, address] of pages) {
    test(`the browser takes over ${name} as the server drew it${phone ? ' @phone' : ''}`, async ({
      page,
      expectAccessible,
    }) => {
      const path = typeof address === 'string' ? address : await address(page);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') {
          problems.push(`${message.type()}: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await page.addInitScript(() => {
        window.layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) window.layoutShift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // Once the HTML is parsed, before the scripts run: what the server sent.
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          window.serverHeading = document.querySelector('main h1, main h2');
          window.serverNodes = document.querySelectorAll('#root *').length;
        });
      });

      await page.goto(path);
      // The app has taken the page over: React marks its root.
      await page.waitForFunction(() =>
        Object.keys(document.getElementById('root') ?? {}).some((key) =>
          key.startsWith('__reactContainer'),
        ),
      );
      await page.waitForLoadState('networkidle');

      const kept = await page.evaluate(() => ({
        serverDrewIt: window.serverNodes > 50 && window.serverHeading !== null,
        headingKept: window.serverHeading?.isConnected ?? false,
        shift: window.layoutShift,
      }));
      expect(kept.serverDrewIt, 'the server sent the page drawn').toBe(true);
      expect(kept.headingKept, 'the server-drawn heading is the one on screen').toBe(true);
      expect(kept.shift).toBeLessThan(0.05);
      expect(problems).toEqual([]);
      await expectAccessible();
    });
  }
}

test('an unknown address answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page-4c1d');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Searching Page Not Found 404' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | CaseForge');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  // No axe here: it runs as a script, which this page refuses. The menu is a plain <details>
  // with a named <summary> and links.
  test('ux 2026-11-28 #30: the phone menu opens and reaches the public pages and Login @phone', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Blogs' })).toBeHidden();
    // The scripted toggle does nothing without scripts, so it is not shown.
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    const menu = page.locator('details');
    await menu.locator('summary').click();
    for (const name of ['Home', 'Products', 'Quick order', 'Blogs', 'Portfolio', 'Login']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await page.screenshot({
      path: 'test-results/shots/before-hydration/nojs-phone-menu-open-390.png',
    });
    await menu.getByRole('link', { name: 'Blogs', exact: true }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    // By keyboard too: the summary is a tab stop that Enter opens.
    await page.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('details').getByRole('link', { name: 'Portfolio' })).toBeVisible();
  });
});
