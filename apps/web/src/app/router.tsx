import { createBrowserRouter } from 'react-router';
import { RootLayout } from '../components/layout/root-layout';
import { Spinner } from '../components/ui/spinner';
import { HomeRoute } from './routes/home';

/**
 * Every page but the home page is its own chunk, loaded when first visited, so the home page
 * carries no code of the pages behind it.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    hydrateFallbackElement: <Spinner label="Loading page" />,
    children: [
      { index: true, Component: HomeRoute },
      {
        path: 'products',
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
        path: 'login',
        lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }),
      },
      {
        path: 'register',
        lazy: async () => ({ Component: (await import('./routes/register')).RegisterRoute }),
      },
      {
        path: 'order/:productId',
        lazy: async () => ({ Component: (await import('./routes/order')).OrderRoute }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
      },
    ],
  },
]);
