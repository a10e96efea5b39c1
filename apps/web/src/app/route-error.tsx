import { errorPageMessages } from '@shop/shared';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/use-page-title';
import { LazyNotFoundPage } from '../components/layout/lazy-not-found-page';

/** A 404 the router was given (a loader's `data(..., {status: 404})`) or a page threw. */
function isNotFound(error: unknown): boolean {
  return (isRouteErrorResponse(error) || error instanceof Response) && error.status === 404;
}

/** The shop's apology, with 'Try again' (the same address drawn afresh) and the way home. */
function ErrorPage() {
  usePageTitle(errorPageMessages.title);
  const navigate = useNavigate();
  const { pathname, search, hash, state: locationState } = useLocation();
  return (
    <section className="flex flex-col items-center gap-6 py-8 text-center">
      <h1 className="text-3xl font-extrabold sm:text-4xl">{errorPageMessages.title}</h1>
      <p className="max-w-prose">{errorPageMessages.apology}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {/* A new navigation to the same address: the router forgets the error and draws the
            page again, loaders and lazy code included. */}
        <button
          type="button"
          className="btn btn-primary"
          onClick={() =>
            void navigate({ pathname, search, hash }, { replace: true, state: locationState })
          }
        >
          {errorPageMessages.tryAgain}
        </button>
        <Link to={paths.home.to()} className="btn btn-outline">
          {errorPageMessages.home}
        </Link>
      </div>
    </section>
  );
}

/**
 * A page's error boundary, inside the layout (the navbar stays usable): the not-found page for
 * a 404, the shop's error page for anything else, instead of React Router's default screen.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return isNotFound(error) ? <LazyNotFoundPage /> : <ErrorPage />;
}

/** The last boundary, for an error in the layout itself: the same page, without the layout. */
export function RootErrorBoundary() {
  return (
    <div className="bg-base-200 min-h-screen">
      <main className="mx-auto w-full max-w-7xl px-4 py-8">
        <RouteErrorBoundary />
      </main>
    </div>
  );
}
