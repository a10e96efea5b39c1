import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { HOME_REVIEW_COUNT, SHOWCASE_SIZE } from '@shop/shared';
import {
  createBrowserRouter,
  matchRoutes,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { productQuery } from '../features/catalog/api/get-product';
import { productsQuery } from '../features/catalog/api/get-products';
import { reviewsQuery } from '../features/reviews/api/get-reviews';
import { RootErrorBoundary, RouteErrorBoundary } from './route-error';
import { RootLayout } from './root-layout';
import { HomeRoute } from './routes/home';

/**
 * A route's page from its chunk, by the name the chunk exports it under. Pages that share a chunk
 * share its one dynamic import: each import in the home page's bundle carries its own list of
 * chunks to preload (the home page's budget, docs/decisions/2026-11-25-page-weight-budget-122-kb.md).
 */
const page =
  <Chunk extends Record<Name, ComponentType>, Name extends keyof Chunk>(
    load: () => Promise<Chunk>,
    name: Name,
  ) =>
  async () => ({ Component: (await load())[name] });
const passwordChunk = () => import('./routes/password');
const quotesChunk = () => import('./routes/quotes');
const dashboardLayoutChunk = () => import('./routes/dashboard-layout');

// The guards of the private pages: a chunk of their own, loaded with the first private page.
const guards = () => import('../features/account/components/require-auth');
const requireAuth = page(guards, 'RequireAuth');
const requireAdmin = page(guards, 'RequireAdmin');

const addProduct = page(() => import('./routes/add-product'), 'AddProductRoute');

/**
 * The company pages and the invitation page (issue 23) are one chunk: one dynamic import in the
 * home page's bundle instead of six, each of which carries its list of chunks to preload (the
 * home page's budget).
 */
const companyPages = () => import('./routes/company-pages');

/**
 * The shop's error pages instead of React Router's default screen: under the layout, one
 * pathless route whose boundary draws inside it (a page that fails leaves the navbar usable);
 * on the layout's route, the last boundary, for an error in the layout itself.
 */
const withErrorPages = (routes: RouteObject[]): RouteObject[] =>
  routes.map((route) =>
    route.index
      ? route
      : {
          ...route,
          ErrorBoundary: RootErrorBoundary,
          children: [{ ErrorBoundary: RouteErrorBoundary, children: route.children ?? [] }],
        },
  );

/**
 * How a page is served (DESIGN.md section 15), read by the server from this one route table:
 * `public` pages are drawn by the server with their data and taken over by the browser; routes
 * under a `private` one stay drawn by the browser and carry noindex; the `notFound` route is
 * the 404. Routes without a handle (sign-in, register) are drawn by the browser.
 */
export interface PageHandle {
  page: 'public' | 'private' | 'notFound';
}
const publicPage: PageHandle = { page: 'public' };
const privatePage: PageHandle = { page: 'private' };

export interface AppRouteOptions {
  /**
   * Whether a loader waits for its page's data: on the server, which draws the page once the
   * data is there; in the browser a page shows its placeholders instead of waiting.
   */
  waitForData?: boolean;
}

/**
 * Every page but the home page is its own chunk, loaded when first visited, so the home page
 * carries no code of the pages behind it. Dashboard pages need a signed-in user, admin pages
 * an admin; the server checks the same on every call. A page whose largest paint comes from
 * the API starts that request in a loader, beside the download of its chunk. Each route's path
 * is its full pattern from config/paths.ts (React Router accepts an absolute child path that
 * starts with its parents'), so an address is written in one place.
 */
export const appRoutes = (
  queryClient: QueryClient,
  { waitForData = false }: AppRouteOptions = {},
): RouteObject[] => {
  // The work has started either way; only the server waits for it.
  const load = (work: Promise<unknown>) => (waitForData ? work.then(() => null) : null);
  return withErrorPages([
    {
      path: paths.home.pattern,
      Component: RootLayout,
      hydrateFallbackElement: <Spinner label="Loading page" />,
      children: [
        {
          index: true,
          handle: publicPage,
          loader: () =>
            load(
              Promise.all([
                queryClient.prefetchQuery(productsQuery(SHOWCASE_SIZE)),
                queryClient.prefetchQuery(reviewsQuery(HOME_REVIEW_COUNT)),
              ]),
            ),
          Component: HomeRoute,
        },
        {
          path: paths.products.pattern,
          // Not awaited: the page shows its placeholders if the list is not there yet. The search
          // code is a small chunk of its own, fetched beside the page's: in the home page's bundle
          // it would save one round trip here and cost every visit 0.5 KB gzip.
          handle: publicPage,
          loader: ({ request }) =>
            load(
              import('../features/catalog/api/search-products').then((search) =>
                search.prefetchProductSearch(queryClient, new URL(request.url).searchParams),
              ),
            ),
          lazy: page(() => import('./routes/products'), 'ProductsRoute'),
        },
        {
          path: paths.product.pattern,
          handle: publicPage,
          loader: ({ params }) =>
            load(queryClient.prefetchQuery(productQuery(params['productId'] ?? ''))),
          lazy: page(() => import('./routes/product'), 'ProductRoute'),
        },
        {
          path: paths.blogs.pattern,
          handle: publicPage,
          lazy: page(() => import('./routes/blogs'), 'BlogsRoute'),
        },
        {
          path: paths.portfolio.pattern,
          handle: publicPage,
          lazy: page(() => import('./routes/portfolio'), 'PortfolioRoute'),
        },
        {
          path: paths.orderList.pattern,
          handle: privatePage,
          lazy: page(() => import('./routes/order-list'), 'OrderListRoute'),
        },
        {
          path: paths.quickOrder.pattern,
          lazy: page(() => import('./routes/quick-order'), 'QuickOrderRoute'),
        },
        {
          path: paths.login.pattern,
          lazy: page(() => import('./routes/login'), 'LoginRoute'),
        },
        {
          path: paths.register.pattern,
          lazy: page(() => import('./routes/register'), 'RegisterRoute'),
        },
        {
          path: paths.forgotPassword.pattern,
          lazy: page(passwordChunk, 'ForgotPasswordRoute'),
        },
        {
          path: paths.resetPassword.pattern,
          lazy: page(passwordChunk, 'ResetPasswordRoute'),
        },
        {
          // Open signed out too: the page itself offers Log in / Register and comes back.
          path: paths.invitation.pattern,
          // Drawn by the browser and never indexed: the address holds the invitation's token.
          handle: privatePage,
          lazy: page(companyPages, 'InvitationRoute'),
        },
        {
          path: paths.emailConfirmed.pattern,
          lazy: page(() => import('./routes/email-confirmed'), 'EmailConfirmedRoute'),
        },
        {
          lazy: requireAuth,
          handle: privatePage,
          children: [
            {
              path: paths.order.pattern,
              lazy: page(() => import('./routes/order'), 'OrderRoute'),
            },
            {
              path: paths.checkout.pattern,
              lazy: page(() => import('./routes/checkout'), 'CheckoutRoute'),
            },
            {
              path: paths.quoteRequest.pattern,
              lazy: page(quotesChunk, 'QuoteRequestRoute'),
            },
            {
              path: paths.dashboard.root.pattern,
              lazy: page(dashboardLayoutChunk, 'DashboardLayout'),
              children: [
                {
                  index: true,
                  lazy: page(dashboardLayoutChunk, 'DashboardIndex'),
                },
                {
                  path: paths.dashboard.profile.pattern,
                  lazy: page(() => import('./routes/profile'), 'ProfileRoute'),
                },
                {
                  path: paths.dashboard.review.pattern,
                  lazy: page(() => import('./routes/my-review'), 'MyReviewRoute'),
                },
                {
                  path: paths.dashboard.order.pattern,
                  lazy: page(() => import('./routes/dashboard-order'), 'DashboardOrderRoute'),
                },
                {
                  path: paths.dashboard.company.pattern,
                  lazy: page(companyPages, 'CompanyRoute'),
                },
                {
                  path: paths.dashboard.companyOrders.pattern,
                  lazy: page(companyPages, 'CompanyOrdersRoute'),
                },
                {
                  path: paths.dashboard.approvals.pattern,
                  lazy: page(companyPages, 'ApprovalsRoute'),
                },
                {
                  path: paths.dashboard.statement.pattern,
                  lazy: page(companyPages, 'StatementRoute'),
                },
                {
                  path: paths.dashboard.quotes.pattern,
                  lazy: page(quotesChunk, 'MyQuotesRoute'),
                },
                {
                  path: paths.dashboard.quote.pattern,
                  lazy: page(quotesChunk, 'QuoteRoute'),
                },
                {
                  path: paths.dashboard.payment.pattern,
                  lazy: page(() => import('./routes/payment'), 'PaymentRoute'),
                },
                {
                  lazy: requireAdmin,
                  children: [
                    {
                      path: paths.dashboard.users.pattern,
                      lazy: page(() => import('./routes/users'), 'UsersRoute'),
                    },
                    {
                      path: paths.dashboard.manageProducts.pattern,
                      lazy: page(() => import('./routes/manage-products'), 'ManageProductRoute'),
                    },
                    {
                      path: paths.dashboard.manageOrders.pattern,
                      lazy: page(() => import('./routes/manage-orders'), 'ManageOrdersRoute'),
                    },
                    {
                      path: paths.dashboard.addProduct.pattern,
                      lazy: addProduct,
                    },
                    {
                      path: paths.dashboard.reviews.pattern,
                      lazy: page(() => import('./routes/manage-reviews'), 'ManageReviewsRoute'),
                    },
                    {
                      path: paths.dashboard.manageCompanies.pattern,
                      lazy: page(companyPages, 'ManageCompaniesRoute'),
                    },
                    {
                      path: paths.dashboard.adminCompany.pattern,
                      lazy: page(companyPages, 'AdminCompanyRoute'),
                    },
                    {
                      path: paths.dashboard.manageQuotes.pattern,
                      lazy: page(quotesChunk, 'ManageQuotesRoute'),
                    },
                    {
                      path: paths.dashboard.searchSynonyms.pattern,
                      lazy: page(() => import('./routes/search-synonyms'), 'SearchSynonymsRoute'),
                    },
                  ],
                },
              ],
            },
          ],
        },
        {
          lazy: requireAdmin,
          handle: privatePage,
          children: [
            {
              path: paths.addProductTopLevel.pattern,
              lazy: addProduct,
            },
          ],
        },
        {
          path: '*',
          handle: { page: 'notFound' } satisfies PageHandle,
          lazy: page(() => import('./routes/not-found'), 'NotFoundRoute'),
        },
      ],
    },
  ]);
};

/**
 * Before the browser takes over a page the server drew, the code of the routes it shows is
 * loaded (each page is a chunk of its own), so the first render draws the same markup.
 */
export async function loadRoutesOf(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/**
 * A page opened by its address (typed, a bookmark, a link from a mail) has no history state, and
 * React Router names every such entry 'default': ScrollRestoration then gave it the scroll
 * position of the last page opened that way (issue 22, defect 11). Such an entry gets a key of
 * its own before the router reads it; a reload keeps its key (and position), Back and Forward too.
 */
export const createAppRouter = (
  queryClient: QueryClient,
  routes: RouteObject[] = appRoutes(queryClient),
  hydrationData?: HydrationState,
) => {
  if (!(window.history.state as { key?: string } | null)?.key) {
    window.history.replaceState({ key: Math.random().toString(36).slice(2) }, '');
  }
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
};
