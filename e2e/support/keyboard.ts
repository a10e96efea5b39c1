import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/*
 * The keyboard walks' steps (issue 13): Tab to an element by its name, each element passed on the
 * way checked for a visible focus ring, in view and never under the sticky header.
 */

export interface Focus {
  tag: string;
  name: string;
  inMain: boolean;
  outlineStyle: string;
  outlineWidth: number;
  top: number;
  bottom: number;
  headerBottom: number;
  viewportHeight: number;
}

/** The focused element: its name, and how and where it is drawn. */
export function focused(page: Page): Promise<Focus | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const labels = (el as HTMLInputElement).labels;
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    const header = document.querySelector('#root > div > header')?.getBoundingClientRect();
    return {
      tag: el.tagName.toLowerCase(),
      name: (
        el.getAttribute('aria-label') ??
        labels?.[0]?.textContent ??
        el.textContent ??
        ''
      ).trim(),
      inMain: el.closest('main') !== null,
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      top: rect.top,
      bottom: rect.bottom,
      headerBottom: header ? header.bottom : 0,
      viewportHeight: window.innerHeight,
    };
  });
}

/** A keyboard user can see where focus is: a ring, in view, not under the sticky header. */
export function expectVisibleFocus(focus: Focus | null, step: string) {
  expect(focus, `${step}: focus is on the page`).not.toBeNull();
  if (!focus) return;
  const what = `${step}: ${focus.tag} "${focus.name}"`;
  expect(focus.outlineStyle, `${what} has a focus ring`).not.toBe('none');
  // The browser's own ring ('auto', drawn two-tone whatever its nominal width), or ours.
  if (focus.outlineStyle !== 'auto') {
    expect(focus.outlineWidth, `${what} has a ring of 2px or more`).toBeGreaterThanOrEqual(2);
  }
  if (focus.inMain) {
    expect(focus.top, `${what} is below the sticky header`).toBeGreaterThanOrEqual(
      focus.headerBottom - 1,
    );
    expect(focus.bottom, `${what} is in the window`).toBeLessThanOrEqual(focus.viewportHeight + 1);
  }
}

/**
 * Presses Tab (or Shift+Tab) until the focused element's name is `name`, checking that every
 * element focused on the way shows its focus.
 */
export async function tabTo(
  page: Page,
  name: string | RegExp,
  { backwards = false, max = 600 } = {},
) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focus = await focused(page);
    expectVisibleFocus(focus, `${backwards ? 'Shift+Tab' : 'Tab'} ${i + 1} towards ${name}`);
    const matches = typeof name === 'string' ? focus?.name === name : name.test(focus?.name ?? '');
    if (matches) return;
  }
  throw new Error(`${name} was not reached with ${max} presses of Tab`);
}

/** Replaces the focused field's text by typing, as a keyboard user does. */
export async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}
