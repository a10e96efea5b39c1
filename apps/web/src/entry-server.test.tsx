// @vitest-environment node
import { productSearchMessages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { makeProduct } from './test/api-mock';
import { renderPage } from './entry-server';

/**
 * The server's drawing of the public pages, as the server runs it: in Node, with no document
 * and no DOM classes. A component that reads the page while it is drawn fails here (the search
 * form's early-input read threw `HTMLFormElement is not defined`, and /products was drawn as
 * "Loading page" until the catalog changed).
 */
const ORIGIN = 'https://shop.example';

/** The shop's API as the server answers its own page: a page of products, the rest empty. */
async function api(url: string): Promise<Response> {
  const path = new URL(url, ORIGIN).pathname;
  if (path === '/api/products/facets') return Response.json({ facets: [] });
  const body =
    path === '/api/products'
      ? [
          makeProduct({ name: 'Drawn Tower 1' }),
          makeProduct({ _id: 'f'.repeat(24), name: 'Drawn Tower 2' }),
        ]
      : [];
  return Response.json(body, { headers: { 'x-total-count': String(body.length) } });
}

describe('renderPage (the server draws a public page)', () => {
  it('draws /products with its search form and its products, in Node', async () => {
    const page = await renderPage('/products?category=cases', { origin: ORIGIN, api });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`aria-label="${productSearchMessages.formLabel}"`);
    expect(page.body).toContain('Drawn Tower 1');
    expect(page.body).toContain('Drawn Tower 2');
    expect(page.body).not.toContain('Loading page');
    expect(page.keep).toBe(true);
  });

  it('fails, rather than keeping a page with a part left to the browser, when a component throws', async () => {
    // A product the page cannot draw: its price is not a number.
    const broken = async (url: string) =>
      new URL(url, ORIGIN).pathname.startsWith('/api/products/')
        ? new Response(JSON.stringify({ ...makeProduct(), price: null, priceBreaks: null }), {
            headers: { 'content-type': 'application/json' },
          })
        : api(url);
    await expect(
      renderPage(`/products/${makeProduct()._id}`, { origin: ORIGIN, api: broken }),
    ).rejects.toThrow(TypeError);
  });
});
