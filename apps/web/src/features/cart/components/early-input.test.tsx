import { EARLY_INPUT_SCRIPT, ORDER_LIST_STORAGE_KEY, type OrderListLine } from '@shop/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AddToOrderList } from './add-to-order-list';
import { ProductPageOrder } from './product-page-order';
import { makeProduct } from '../../../test/api-mock';
import { createQueryClient } from '../../../lib/query-client';

/*
 * Issue 33, point 1: a quantity typed and a button pressed on the server's markup, before the app
 * has taken it over, are kept and acted on once it has. The page's inline script (shared
 * EARLY_INPUT_SCRIPT) runs here as it does at the top of every page.
 */

// The script adds its listeners to the document once, as the page does before anything else.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.eval(EARLY_INPUT_SCRIPT);
});

const product = makeProduct({ _id: 'p1', minquantity: 50, increment: 10, aqty: 5000 });
const quantityLabel = `Quantity of ${product.name}`;

let container: HTMLDivElement;
let root: Root | undefined;

beforeEach(() => {
  localStorage.clear();
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

const withProviders = (ui: ReactElement) => (
  <QueryClientProvider client={createQueryClient({ retry: false })}>
    <MemoryRouter>{ui}</MemoryRouter>
  </QueryClientProvider>
);

/** Puts the server's markup of `ui` on the page, as the browser shows it before the app runs. */
function drawOnServer(ui: ReactElement) {
  container.innerHTML = renderToString(withProviders(ui));
}

/** The app takes the markup over, as main.tsx does. */
async function takeOver(ui: ReactElement) {
  await act(async () => {
    root = hydrateRoot(container, withProviders(ui));
  });
}

const field = () => container.querySelector<HTMLInputElement>(`[aria-label="${quantityLabel}"]`)!;
const addButton = () =>
  container.querySelector<HTMLButtonElement>(`[aria-label="Add to order list: ${product.name}"]`)!;
const orderList = (): OrderListLine[] =>
  JSON.parse(localStorage.getItem(ORDER_LIST_STORAGE_KEY) ?? '[]') as OrderListLine[];

/** Types into a field as the browser does before any script of the app listens. */
function typeEarly(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('the page script that holds early presses', () => {
  it('holds a press inside a box not yet taken over, once, and hands it to the box', () => {
    container.innerHTML =
      '<form data-early-input="pending"><button type="submit">Add</button></form><a href="#x">Away</a>';
    const button = container.querySelector('button')!;
    const submitted: Event[] = [];
    container.querySelector('form')!.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted.push(event);
    });
    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(first);
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(first.defaultPrevented).toBe(true);
    expect(submitted).toHaveLength(0);
    expect(document.documentElement).toHaveAttribute('data-early-press');
    // A press outside any pending box is the browser's as usual.
    const away = new MouseEvent('click', { bubbles: true, cancelable: true });
    container.querySelector('a')!.dispatchEvent(away);
    expect(away.defaultPrevented).toBe(false);

    expect(window.__earlyPresses?.(container)).toEqual([button]);
    expect(document.documentElement).not.toHaveAttribute('data-early-press');
    expect(window.__earlyPresses?.(container)).toEqual([]);
  });

  it('leaves a press with a modifier key (open in a new tab) to the browser', () => {
    container.innerHTML = '<div data-early-input="pending"><a href="#x">Order Now</a></div>';
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    container.querySelector('a')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(window.__earlyPresses?.(container)).toEqual([]);
  });
});

describe('a product card taken over after the buyer typed and pressed', () => {
  it('keeps the quantity typed and adds it once', async () => {
    const card = <AddToOrderList product={product} />;
    drawOnServer(card);
    expect(field().value).toBe('50');
    typeEarly(field(), '120');
    addButton().click();
    addButton().click();
    expect(orderList()).toEqual([]);

    await takeOver(card);

    expect(field().value).toBe('120');
    expect(orderList()).toEqual([expect.objectContaining({ productId: 'p1', quantity: 120 })]);
    // Order Now goes with the quantity typed (ux 2026-11-28, defect 10).
    const orderNow = container.querySelector<HTMLAnchorElement>(
      `[aria-label="Order Now: ${product.name}"]`,
    );
    expect(orderNow?.getAttribute('href')).toBe('/order/p1?qty=120');
    expect(container.querySelector('[data-early-input]')).toBeNull();
  });

  it('keeps a quantity typed without a press, and adds nothing', async () => {
    const card = <AddToOrderList product={product} />;
    drawOnServer(card);
    typeEarly(field(), '300');
    await takeOver(card);
    expect(field().value).toBe('300');
    expect(orderList()).toEqual([]);
  });
});

describe('the product page taken over after the buyer typed and pressed', () => {
  it('adds the quantity typed, not the minimum', async () => {
    const page = <ProductPageOrder product={product} />;
    drawOnServer(page);
    typeEarly(field(), '300');
    addButton().click();
    await takeOver(page);
    expect(field().value).toBe('300');
    expect(orderList()).toEqual([expect.objectContaining({ productId: 'p1', quantity: 300 })]);
  });
});
