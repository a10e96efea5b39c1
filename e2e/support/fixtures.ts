import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Fails on any serious or critical accessibility violation on the page as it is now. */
async function expectAccessible(page: Page): Promise<void> {
  // A toast or a dialog still fading in has the contrast of half its opacity: check the page as
  // it settles, once every finite animation has ended (a spinner's loop never does).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    blocking.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

export const test = base.extend<{ expectAccessible: () => Promise<void> }>({
  // Playwright reads a fixture's dependencies from this pattern, so it must be an object.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env['E2E_BASE_URL'];
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the shop');
    await use(url);
  },
  expectAccessible: async ({ page }, use) => {
    await use(() => expectAccessible(page));
  },
});

export { expect };
