import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { RequireAdmin, RequireAuth } from '../features/account/components/require-auth';
import { productsQuery } from '../features/catalog/api/get-products';
import { RootErrorBoundary, RouteErrorBoundary } from './route-error';
import { RootLayout } from './root-layout';
import { HomeRoute } from './routes/home';

const addProduct = async () => ({
  Component: (await import('./routes/add-product')).AddProductRoute,
});

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
 * Every page but the home page is its own chunk, loaded when first visited, so the home page
 * carries no code of the pages behind it. Dashboard pages need a signed-in user, admin pages
 * an admin; the server checks the same on every call. A page whose largest paint comes from
 * the API starts that request in a loader, beside the download of its chunk.
 */
export const appRoutes = (queryClient: QueryClient): RouteObject[] =>
  withErrorPages([
    {
      path: '/',
      Component: RootLayout,
      hydrateFallbackElement: <Spinner label="Loading page" />,
      children: [
        { index: true, Component: HomeRoute },
        {
          path: 'products',
          // Not awaited: the page shows its placeholders if the list is not there yet.
          loader: () => {
            void queryClient.prefetchQuery(productsQuery());
            return null;
          },
          lazy: async () => ({ Component: (await import('./routes/products')).ProductsRoute }),
        },
        {
          path: 'blogs',
          lazy: async () => ({ Component: (await import('./routes/blogs')).BlogsRoute }),
        },
        {
          path: 'portfolio',
          lazy: async () => ({ Component: (await import('./routes/portfolio')).PortfolioRoute }),
        },
        {
          path: 'order-list',
          lazy: async () => ({ Component: (await import('./routes/order-list')).OrderListRoute }),
        },
        {
          path: 'login',
          lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }),
        },
        {
          path: 'register',
          lazy: async () => ({ Component: (await import('./routes/register')).RegisterRoute }),
        },
        {
          path: 'forgot-password',
          lazy: async () => ({
            Component: (await import('./routes/password')).ForgotPasswordRoute,
          }),
        },
        {
          path: 'reset-password',
          lazy: async () => ({ Component: (await import('./routes/password')).ResetPasswordRoute }),
        },
        {
          Component: RequireAuth,
          children: [
            {
              path: 'order/:productId',
              lazy: async () => ({ Component: (await import('./routes/order')).OrderRoute }),
            },
            {
              path: 'checkout',
              lazy: async () => ({ Component: (await import('./routes/checkout')).CheckoutRoute }),
            },
            {
              path: 'dashboard',
              lazy: async () => ({
                Component: (await import('./routes/dashboard-layout')).DashboardLayout,
              }),
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('./routes/dashboard-layout')).DashboardIndex,
                  }),
                },
                {
                  path: 'profile',
                  lazy: async () => ({
                    Component: (await import('./routes/profile')).ProfileRoute,
                  }),
                },
                {
                  path: 'review',
                  lazy: async () => ({
                    Component: (await import('./routes/my-review')).MyReviewRoute,
                  }),
                },
                {
                  path: 'orders/:orderId',
                  lazy: async () => ({
                    Component: (await import('./routes/dashboard-order')).DashboardOrderRoute,
                  }),
                },
                {
                  path: 'payment/:paymentId',
                  lazy: async () => ({
                    Component: (await import('./routes/payment')).PaymentRoute,
                  }),
                },
                {
                  Component: RequireAdmin,
                  children: [
                    {
                      path: 'users',
                      lazy: async () => ({
                        Component: (await import('./routes/users')).UsersRoute,
                      }),
                    },
                    {
                      path: 'manageproduct',
                      lazy: async () => ({
                        Component: (await import('./routes/manage-products')).ManageProductRoute,
                      }),
                    },
                    {
                      path: 'manage',
                      lazy: async () => ({
                        Component: (await import('./routes/manage-orders')).ManageOrdersRoute,
                      }),
                    },
                    {
                      path: 'addproduct',
                      lazy: addProduct,
                    },
                    {
                      path: 'reviews',
                      lazy: async () => ({
                        Component: (await import('./routes/manage-reviews')).ManageReviewsRoute,
                      }),
                    },
                  ],
                },
              ],
            },
          ],
        },
        {
          Component: RequireAdmin,
          children: [
            {
              path: 'addproduct',
              lazy: addProduct,
            },
          ],
        },
        {
          path: '*',
          lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
        },
      ],
    },
  ]);

export const createAppRouter = (queryClient: QueryClient) =>
  createBrowserRouter(appRoutes(queryClient));
