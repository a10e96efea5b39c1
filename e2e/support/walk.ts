import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** A made-up name of random hexadecimal digits (words could collide with other walks' searches). */
export const hex = (length = 10) =>
  Array.from({ length }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/**
 * A walk's screenshots, for looking at: `shoot(page, name)` takes the whole page at 1280 and at
 * 390 px wide into `dir`, from the top (a page scrolled down draws its sticky header halfway down
 * a full-page shot). Taken only with SHOTS=1: CI has no one to look at them.
 */
export const shooter =
  (dir: string) =>
  async (page: Page, name: string): Promise<void> => {
    if (!process.env['SHOTS']) return;
    mkdirSync(dir, { recursive: true });
    const size = page.viewportSize();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
    }
    if (size) await page.setViewportSize(size);
  };

/** A second person: a window of their own, on a desktop. */
export async function newWindow(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** The signed-in page's API token (the spec keeps it in localStorage). */
export async function token(page: Page): Promise<string> {
  const value = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(value).toBeTruthy();
  return value!;
}
