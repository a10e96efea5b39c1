import { NotFoundPage } from '../../components/layout/not-found-page';

/** Any address the router does not know. */
export function NotFoundRoute() {
  return <NotFoundPage />;
}
