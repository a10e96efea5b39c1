import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Resolves once every finite animation on the page has ended (a spinner's loop never does). */
async function animationsSettled(page: Page): Promise<void> {
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
}

/**
 * Fails on any serious or critical accessibility violation on the page as it is now (the
 * `expectAccessible` fixture's check of `page`; a walk of two windows checks the other with this).
 *
 * A toast or a dialog still fading in (or a toast fading out) has the contrast of part of its
 * opacity, so the page is checked once it settles; a check during which an animation started
 * (a toast that began to leave while axe read the page) proves nothing and is taken again.
 */
export async function expectAccessibleOn(page: Page): Promise<void> {
  let blocking: string[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await animationsSettled(page);
    await page.evaluate(() => {
      const flags = window as unknown as { axeSawAnimation?: boolean };
      flags.axeSawAnimation = false;
      for (const type of ['animationstart', 'transitionstart']) {
        document.addEventListener(type, () => (flags.axeSawAnimation = true), { once: true });
      }
    });
    const results = await new AxeBuilder({ page }).analyze();
    blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    const animated = await page.evaluate(
      () =>
        (window as unknown as { axeSawAnimation?: boolean }).axeSawAnimation === true ||
        document
          .getAnimations()
          .some(
            (a) =>
              a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity,
          ),
    );
    if (blocking.length === 0 || !animated) break;
  }
  expect(blocking).toEqual([]);
}

/**
 * Every toast text the page has shown (react-hot-toast's `role="status"`), recorded as it
 * appears: a toast that closes after a second (the spec's order success) can be gone before a
 * busy machine's next look, and the walk would fail for the machine's speed. Installed in every
 * page of the test's own context.
 */
function recordToasts() {
  const shown: string[] = [];
  (window as unknown as { shownToasts: string[] }).shownToasts = shown;
  const note = (node: Node) => {
    const element = node instanceof Element ? node : node.parentElement;
    if (!element) return;
    const status = element.closest('[role="status"]');
    for (const box of status ? [status] : element.querySelectorAll('[role="status"]')) {
      const text = box.textContent?.trim();
      if (text && !shown.includes(text)) shown.push(text);
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') note(record.target);
      record.addedNodes.forEach(note);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * Passes once `text` has shown in a toast on `page` (recorded, however briefly it showed); a page
 * of another context, which records nothing, must show it now.
 */
export async function expectToastShown(page: Page, text: string): Promise<void> {
  const recorded = () =>
    page.evaluate(() => (window as unknown as { shownToasts?: string[] }).shownToasts ?? null);
  if ((await recorded()) === null) {
    await expect(page.getByText(text)).toBeVisible();
    return;
  }
  await expect.poll(recorded).toContain(text);
}

export const test = base.extend<{ expectAccessible: () => Promise<void> }>({
  context: async ({ context }, use) => {
    await context.addInitScript(recordToasts);
    await use(context);
  },
  // Playwright reads a fixture's dependencies from this pattern, so it must be an object.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env['E2E_BASE_URL'];
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the shop');
    await use(url);
  },
  expectAccessible: async ({ page }, use) => {
    await use(() => expectAccessibleOn(page));
  },
});

export { expect };
