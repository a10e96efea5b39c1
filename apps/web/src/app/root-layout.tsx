import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../components/layout/footer';
import { Navbar } from '../components/layout/navbar';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from '../features/account/hooks/use-auth';
import { useLogOut } from '../features/account/hooks/use-log-out';

export function RootLayout() {
  const auth = useAuth();
  const logOut = useLogOut();
  return (
    <div className="bg-base-200 flex min-h-screen flex-col">
      <a
        href="#main"
        className="btn btn-primary sr-only focus:not-sr-only focus:absolute focus:m-2"
      >
        Skip to content
      </a>
      <Navbar account={auth.status} onLogOut={() => void logOut()} />
      {/* At least a screen tall: while a page or its data loads, the footer stays below the
          fold instead of showing and then being pushed down (a layout shift). */}
      <main id="main" className="mx-auto min-h-[calc(100vh-4rem)] w-full max-w-7xl grow px-4 py-8">
        <Suspense fallback={<Spinner label="Loading page" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
