import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '../ui/spinner';
import { Footer } from './footer';
import { Navbar } from './navbar';

export function RootLayout() {
  return (
    <div className="bg-base-200 flex min-h-screen flex-col">
      <a
        href="#main"
        className="btn btn-primary sr-only focus:not-sr-only focus:absolute focus:m-2"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="mx-auto w-full max-w-7xl grow px-4 py-8">
        <Suspense fallback={<Spinner label="Loading page" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
