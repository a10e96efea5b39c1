import { lazy, Suspense } from 'react';

const Page = lazy(() =>
  import('./not-found-page').then((module) => ({ default: module.NotFoundPage })),
);

/**
 * The not-found page, loaded when first shown (a 404 is rare): the home page's first JavaScript
 * does not carry it (docs/performance.md). The server's 404 HTML holds it drawn.
 */
export function LazyNotFoundPage() {
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}
