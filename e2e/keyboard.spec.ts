import { cartMessages } from '@shop/shared';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { logInThroughPage, logOut, registerThroughPage } from './support/flows.js';

/** What a person sees of the focused element: where it is and how it is drawn. */
function describeFocus(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const rect = el.getBoundingClientRect();
    const slide = el.closest('[aria-roledescription="slide"]');
    return {
      tag: el.tagName.toLowerCase(),
      name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '',
      inMain: el.closest('main') !== null,
      inTopBar: el.closest('#root > div > header') !== null,
      inCarousel: el.closest('[aria-roledescription="carousel"]') !== null,
      inPhoneMenu: el.closest('#mobile-menu') !== null,
      slide: slide?.getAttribute('aria-label') ?? null,
      top: rect.top,
      bottom: rect.bottom,
    };
  });
}

/** The computed style that tells focus, hover and the current page apart. */
function lookOf(locator: Locator) {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      background: style.backgroundColor,
      fontWeight: Number(style.fontWeight),
    };
  });
}

type Look = Awaited<ReturnType<typeof lookOf>>;
const transparent = 'rgba(0, 0, 0, 0)';
// daisyUI's hover adds a faint inset shadow, so the ring is told by its outline.
const hasRing = (look: Look) => look.outlineStyle !== 'none' && look.outlineWidth >= 2;

/** Tab from the top of a fresh page: the skip link shows above everything and leads into main. */
async function skipLinkWorks(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();

  const box = await skip.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  // Not drawn under the sticky header: the link itself is what is at its centre.
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent?.trim(),
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(onTop).toBe('Skip to content');
  expect(hasRing(await lookOf(skip))).toBe(true);

  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await expect(page).toHaveURL(/\/$/);
  await page.keyboard.press('Tab');
  // The first control in main: the carousel's first arrow, not the header's logo.
  expect(await describeFocus(page)).toMatchObject({ inMain: true, name: 'Previous slide' });
}

/** Tabs from wherever focus is until it leaves the carousel; returns the stops inside it. */
async function carouselTabStops(page: Page) {
  // The last link of the top bar comes right before main.
  const stops: { name: string; slide: string | null }[] = [];
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press('Tab');
    const focus = await describeFocus(page);
    if (!focus?.inCarousel) break;
    stops.push({ name: focus.name, slide: focus.slide });
  }
  return stops;
}

test.describe('keyboard and focus', () => {
  test('the first Tab stop is a visible skip link that moves focus into main', async ({
    page,
    expectAccessible,
  }) => {
    await skipLinkWorks(page);
    await expectAccessible();
  });

  test('the skip link works on a phone @phone', async ({ page, expectAccessible }) => {
    await skipLinkWorks(page);
    await expectAccessible();
  });

  test('Tab walks the top bar in order; focus is a ring, unlike hover and the current page', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const order = [
      'Skip to content',
      'CaseForge',
      'Home',
      'Products',
      'Quick order',
      'Blogs',
      'Portfolio',
    ];
    for (const name of [...order, 'Login']) {
      await page.keyboard.press('Tab');
      expect((await describeFocus(page))?.name).toBe(name);
    }

    // Focus on Blogs by keyboard, the mouse over Products, Home the current page.
    const blogs = nav.getByRole('link', { name: 'Blogs' });
    const products = nav.getByRole('link', { name: 'Products' });
    const home = nav.getByRole('link', { name: 'Home' });
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(blogs).toBeFocused();
    await products.hover();
    await expect(home).toHaveAttribute('aria-current', 'page');
    // daisyUI fades the hover tint in: read the styles once it is there.
    await expect.poll(async () => (await lookOf(products)).background).not.toBe(transparent);

    const focused = await lookOf(blogs);
    const hovered = await lookOf(products);
    const current = await lookOf(home);
    expect(focused.outlineStyle).not.toBe('none');
    expect(focused.outlineWidth).toBeGreaterThanOrEqual(2);
    expect(focused.background).toBe(transparent);
    expect(hasRing(hovered)).toBe(false);
    expect(hasRing(current)).toBe(false);
    expect(current.background).not.toBe(transparent);
    expect(current.background).not.toBe(hovered.background);
    expect(current.fontWeight).toBeGreaterThanOrEqual(600);
    expect(hovered.fontWeight).toBeLessThan(600);

    // The current page, focused, keeps its fill and gets the ring too.
    await home.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(home).toBeFocused();
    const currentFocused = await lookOf(home);
    expect(hasRing(currentFocused)).toBe(true);
    expect(currentFocused.background).toBe(current.background);
    await expectAccessible();
  });

  test('following a link by keyboard puts focus on the new page heading', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/');
    // The first load leaves focus alone: the browser announces the page itself.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('body')).toBeFocused();
    const nav = page.getByRole('navigation', { name: 'Main' });

    for (const [name, heading] of [
      ['Products', 'Our Tools'],
      ['Blogs', 'Question & Answering Section'],
      ['Portfolio', 'Portfolio'],
      ['Login', 'Login'],
      ['Home', /computer cases and power supplies/i],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).focus();
      await page.keyboard.press('Enter');
      const h1 = page.getByRole('heading', { level: 1, name: heading });
      await expect(h1).toBeFocused();
      // Focused for the screen reader, not added to the tab order.
      await expect(h1).toHaveAttribute('tabindex', '-1');
      await expect(page).toHaveTitle(/\| CaseForge$/);
      await expectAccessible();
      // The next Tab carries on after the heading (in the page, or the footer of a page
      // without controls), not from the top of the document.
      await page.keyboard.press('Tab');
      const next = await describeFocus(page);
      expect(next).not.toBeNull();
      expect(next?.inTopBar).toBe(false);
      expect(next?.name).not.toBe('Skip to content');
    }

    // A link inside a page leads to a page whose heading takes focus as well.
    await page.getByRole('link', { name: 'Browse our products' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Tools' })).toBeFocused();
  });

  test('after registration and after sign-in focus is on the new page heading', async ({
    page,
  }) => {
    const customer = await registerThroughPage(page, 'keyboard');
    const home = page.getByRole('heading', { level: 1, name: /computer cases/i });
    await expect(home).toBeFocused();

    await logOut(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeFocused();
    await logInThroughPage(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(home).toBeFocused();

    // Sent to sign in from a protected page, then back to it: its heading takes focus.
    await logOut(page);
    await page.goto('/dashboard/profile');
    await expect(page).toHaveURL(/\/login$/);
    // Redirected while the page loads, before the user did anything: still the first load.
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.locator('body')).toBeFocused();
    await logInThroughPage(page, customer.email, customer.password);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeFocused();
  });

  test('the dashboard menu: ring on focus, tint on hover, the current page filled', async ({
    page,
    expectAccessible,
  }) => {
    await registerThroughPage(page, 'keyboard');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'My Order' })).toBeFocused();

    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    const myOrder = menu.getByRole('link', { name: 'My Order' });
    // The link after My Order (My Quotes since issue 26): Tab reaches it next.
    const next = menu.getByRole('link').nth(1);
    const myProfile = menu.getByRole('link', { name: 'My Profile' });
    await myOrder.focus();
    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();
    await myProfile.hover();
    await expect.poll(async () => (await lookOf(myProfile)).background).not.toBe(transparent);

    const focused = await lookOf(next);
    const hovered = await lookOf(myProfile);
    const current = await lookOf(myOrder);
    expect(hasRing(focused)).toBe(true);
    expect(focused.outlineWidth).toBeGreaterThanOrEqual(2);
    expect(hasRing(hovered)).toBe(false);
    expect(hasRing(current)).toBe(false);
    await expect(myOrder).toHaveAttribute('aria-current', 'page');
    expect(current.background).not.toBe(hovered.background);
    expect(current.fontWeight).toBeGreaterThanOrEqual(600);
    await expectAccessible();

    const nextAddress = await next.getAttribute('href');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${nextAddress}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(next).toHaveAttribute('aria-current', 'page');
  });

  for (const phone of [false, true]) {
    test(`focus is never hidden under the sticky header${phone ? ' @phone' : ''}`, async ({
      page,
    }) => {
      // Focus scrolls at once instead of smoothly, so each position can be read.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/products');
      await expect(page.getByRole('heading', { level: 1, name: 'Our Tools' })).toBeVisible();
      const orderLinks = page.getByRole('link', { name: /^Order Now/ });
      await expect(orderLinks.nth(4)).toBeVisible();
      // Each card's 'Add to order list' arrives as its own chunk, just before its Order Now: a
      // form mounting between a Tab and the Shift+Tab back would be a stop the walk did not see.
      await expect(
        page.getByRole('button', { name: new RegExp(`^${cartMessages.addToList}`) }),
      ).toHaveCount(await orderLinks.count());
      const header = await page.locator('#root > div > header').boundingBox();
      expect(header).not.toBeNull();
      const headerBottom = header ? header.y + header.height : 0;

      for (const index of [1, 2, 4]) {
        const target = orderLinks.nth(index);
        // Focus on the stop after the link, then the page scrolled so that the link sits
        // behind the header: still inside the window, so the browser only scrolls for it if
        // it knows about the header.
        await target.focus();
        await page.keyboard.press('Tab');
        await target.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 8));
        expect((await target.boundingBox())?.y).toBeLessThan(headerBottom);
        await page.keyboard.press('Shift+Tab');
        await expect(target).toBeFocused();
        const top = (await target.boundingBox())?.y ?? 0;
        expect(top, `Order Now ${index} is under the header`).toBeGreaterThanOrEqual(headerBottom);
      }
    });
  }

  for (const phone of [false, true]) {
    test(`the carousel's tab stops are those of the slide in view${phone ? ' @phone' : ''}`, async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const main = page.locator('main');
      await main.focus();
      expect(await carouselTabStops(page)).toEqual([
        { name: 'Previous slide', slide: '1 of 3' },
        { name: 'Next slide', slide: '1 of 3' },
        { name: 'Browse our products', slide: null },
      ]);

      // Next by keyboard: focus follows to the next slide's arrow, which is in view.
      await main.focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const track = page.locator('.carousel');
      const width = await track.evaluate((el) => el.clientWidth);
      await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeCloseTo(width, -1);
      expect(await describeFocus(page)).toMatchObject({ name: 'Next slide', slide: '2 of 3' });
      await main.focus();
      expect(await carouselTabStops(page)).toEqual([
        { name: 'Previous slide', slide: '2 of 3' },
        { name: 'Next slide', slide: '2 of 3' },
        { name: 'Browse our products', slide: null },
      ]);

      // Swiped (scrolled) to the third slide: its arrows are the ones in the tab order.
      // The track reports its scroll a frame later, and on a loaded machine the smooth scroll of
      // the Next click may still be ending and undo the swipe: each try swipes again from main.
      await expect
        .poll(async () => {
          await track.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
          await main.focus();
          return (await carouselTabStops(page)).map((stop) => stop.slide);
        })
        .toEqual(['3 of 3', '3 of 3', null]);
    });
  }

  test('the phone menu keeps focus until Escape closes it @phone', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The order list's link stays beside the menu button, outside the menu (issue 13).
    for (const name of ['Skip to content', 'CaseForge', 'Order list, 0 items', 'Open menu']) {
      await page.keyboard.press('Tab');
      expect((await describeFocus(page))?.name).toBe(name);
    }
    await page.keyboard.press('Enter');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Close menu' });
    await expect(toggle).toBeFocused();
    await expectAccessible();

    const seen = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      await page.keyboard.press('Tab');
      const focus = await describeFocus(page);
      expect(
        focus?.inPhoneMenu || focus?.name === 'Close menu',
        `Tab ${i + 1}: ${focus?.name}`,
      ).toBe(true);
      seen.add(focus?.name ?? '');
    }
    expect([...seen].sort()).toEqual(
      ['Blogs', 'Close menu', 'Home', 'Login', 'Portfolio', 'Products', 'Quick order'].sort(),
    );
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Shift+Tab');
      const focus = await describeFocus(page);
      expect(focus?.inPhoneMenu || focus?.name === 'Close menu').toBe(true);
    }
    // A focused item in the phone menu has the ring.
    await menu.getByRole('link', { name: 'Products' }).focus();
    await page.keyboard.press('Tab');
    expect(hasRing(await lookOf(menu.getByRole('link', { name: 'Quick order' })))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    // Picking a page in the menu by keyboard lands on that page's heading.
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'Portfolio' }).focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeFocused();
    await expectAccessible();
  });
});
