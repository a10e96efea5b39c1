/**
 * The server's side of the public pages (DESIGN.md section 15; docs/public-pages.md): the same
 * route table, loaders and components as the browser's, drawn to HTML once the page's data is
 * there. Built by `vite build --ssr` into dist-ssr/ and loaded by the server
 * (apps/server/src/http/public-pages.ts); it reaches the API through the `api` function the
 * server gives it (the shop itself, in process), never over the network.
 */
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { jsonForScript } from '@shop/shared';
import { Providers } from './app/providers';
import { matchRoutes, type RouteObject } from 'react-router';
import { appRoutes, type PageHandle } from './app/router';
import { SERVER_PAGE_DATA_ID, type ServerPageData } from './app/server-page';
import { ApiRequestError, setApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { setSiteOrigin } from './lib/site-origin';
import { productSearchParams, readProductSearch } from './features/catalog/product-search';
import { paths } from './config/paths';

export type PageKind = 'public' | 'private' | 'notFound' | 'browser';

export interface RenderedPage {
  status: number;
  /** The tags React put first (title, description, canonical, Open Graph), for `<head>`. */
  head: string;
  /** The page's markup, for inside `#root`. */
  body: string;
  /** The `<script type="application/json">` the browser takes the page over with. */
  data: string;
  /**
   * Whether the address is the page's one spelling, without a search's words: only those are
   * kept, so invented addresses (`?q=<anything>`, `?junk=1`) cannot fill the server's memory.
   */
  keep: boolean;
}

export interface RenderOptions {
  /** The shop's own address, for canonical addresses and Open Graph tags (PUBLIC_URL). */
  origin: string;
  /** Answers an API call (`/api/products?limit=6`) as the shop would. */
  api: (url: string, init: RequestInit) => Promise<Response>;
}

/** How the page at `pathname` is served: the deepest handle of the routes it matches. */
function pageKind(routes: RouteObject[], pathname: string): PageKind {
  const handles = (matchRoutes(routes, pathname) ?? []).map(
    (match) => match.route.handle as PageHandle | undefined,
  );
  if (handles.some((handle) => handle?.page === 'private')) return 'private';
  return handles.findLast((handle) => handle !== undefined)?.page ?? 'browser';
}

/** The route table for matching addresses only (its loaders never run), made once. */
let matchingRoutes: RouteObject[] | undefined;
const routesForMatching = (): RouteObject[] => (matchingRoutes ??= appRoutes(createQueryClient()));

/** How the page at an address is served, from the app's one route table. */
export function kindOf(pathname: string): PageKind {
  return pageKind(routesForMatching(), pathname);
}

/** The tags React 19 hoists and writes first when it draws a fragment rather than a document. */
const LEADING_HEAD_TAGS = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/;

/** Characters a path segment keeps as they are in an address the server sends; others are %XX. */
const SEGMENT_TEXT = /[^A-Za-z0-9\-._~!$&'()*+,;=:@%]/gu;

/**
 * The path in one spelling: no empty segments (`//x` is `/x`), dot segments resolved (also
 * written `%2e`), no trailing slash, and every character outside a segment's plain set written
 * %XX, so the path can never be read as another host (`//evil`, `/\\evil`, a tab).
 */
function normalPath(pathname: string): string {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    const segment = raw.replace(/%2e/giu, '.');
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(raw.replace(SEGMENT_TEXT, (char) => encodeURIComponent(char)));
  }
  return `/${segments.join('/')}`;
}

/** Where an address is served, and the one spelling of it a page is kept under. */
export interface PageSpelling {
  kind: PageKind;
  /**
   * The address in its page's one spelling: the path as normalPath writes it, the static parts
   * as the route table spells them (`/BLOGS` is `/blogs`), and only the query the page reads
   * (`/products`: its filters, in one order; other public pages none). A search (`q`) and the
   * other pages keep their query as it came. Always a path on this shop (`/` then not `/` or `\\`).
   */
  url: string;
}

/**
 * The one spelling of the page at `url` (a request's path and query, as it came): an address
 * that is not it is redirected there (http/public-pages.ts), so a page is drawn and kept once
 * whatever an address adds to it (`/?x=1`, `//x/products`, `/products/`, `/BLOGS`).
 */
export function spellingOf(url: string): PageSpelling {
  const at = url.indexOf('?');
  const rawPath = at >= 0 ? url.slice(0, at) : url;
  const query = at >= 0 ? url.slice(at) : '';
  const pathname = normalPath(rawPath);
  const matches = matchRoutes(routesForMatching(), pathname) ?? [];
  const kind = pageKind(routesForMatching(), pathname);
  if (kind !== 'public') {
    // A query another page reads (a reset token, a return path) is kept as it came.
    return { kind, url: `${pathname}${query}` };
  }
  const pattern = matches.at(-1)?.route.path ?? pathname;
  // The route's own spelling of its static parts (`/BLOGS` is `/blogs`); a parameter (a
  // product's id) as the normal path has it.
  const given = pathname.split('/');
  const spelled = pattern
    .split('/')
    .map((part, at) => (part.startsWith(':') ? (given[at] ?? '') : part))
    .join('/');
  if (spelled !== paths.products.pattern) return { kind, url: spelled };
  const search = readProductSearch(new URLSearchParams(query));
  // A search is drawn each time and never kept (and priced so): its query stays as it came
  // (`q=two%20words` as a link writes it, `q=two+words` as the form does).
  if (search.q !== '') return { kind, url: `${spelled}${query}` };
  const spelledQuery = productSearchParams(search).toString();
  return { kind, url: spelledQuery ? `${spelled}?${spelledQuery}` : spelled };
}

/** Whether the address is its page's one spelling, without a search's words (RenderedPage.keep). */
function isOneSpelling(url: string, kind: PageKind): boolean {
  if (kind !== 'public' || spellingOf(url).url !== url) return false;
  return !/[?&]q=/u.test(url);
}

/**
 * Draws the public page at `url` (a path with its query) with its data: status 404 for the
 * not-found route and for a page whose data is not there (an unknown or archived product).
 */
export async function renderPage(url: string, options: RenderOptions): Promise<RenderedPage> {
  setSiteOrigin(options.origin);
  setApiTransport(options.api);
  // Joined as text: an address starting `//` is a path here, never another host.
  const address = new URL(`${new URL(options.origin).origin}${url}`);
  const queryClient = createQueryClient({ retry: false });
  // What failed (a 404) is drawn as failed: the server fetches nothing while it draws.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false },
  });
  const routes = appRoutes(queryClient, { waitForData: true });
  const kind = pageKind(routes, address.pathname);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(address));
  if (context instanceof Response) throw new Error(`The page answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // A component that throws inside a Suspense boundary does not fail `prerender`: React draws
  // the boundary's fallback ("Loading page") and leaves the part to the browser. Such a page is
  // no page for a crawler, and kept it would be served so until the catalog changes: it fails.
  let failure: unknown;
  const { prelude } = await prerender(
    <Providers queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
    {
      // Every boundary in place, in order: a large one is otherwise sent after the rest with an
      // inline script to move it, which the shop's Content-Security-Policy (script-src 'self')
      // refuses, leaving the browser to draw that part again.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        failure ??= error;
      },
    },
  );
  if (failure !== undefined) throw failure;
  const html = await new Response(prelude).text();
  const head = LEADING_HEAD_TAGS.exec(html)?.[0] ?? '';
  const queries = queryClient.getQueryCache().getAll();
  const missing = queries.some(
    (query) => query.state.error instanceof ApiRequestError && query.state.error.status === 404,
  );
  const status = kind === 'notFound' || missing ? 404 : context.statusCode;
  const page: ServerPageData = {
    origin: options.origin,
    queries: queries
      .filter((query) => query.state.status === 'success')
      .map((query) => [query.queryKey, query.state.data, query.state.dataUpdatedAt]),
    hydration: { loaderData: context.loaderData, actionData: null, errors: null },
  };
  // A page that is not there is drawn by the browser again (its data failed: nothing to take
  // over), after the server's not-found markup was shown meanwhile.
  const data =
    status === 200
      ? `<script type="application/json" id="${SERVER_PAGE_DATA_ID}">${jsonForScript(page)}</script>`
      : '';
  return {
    status,
    head,
    body: html.slice(head.length),
    data,
    keep: status === 200 && isOneSpelling(url, kind),
  };
}
