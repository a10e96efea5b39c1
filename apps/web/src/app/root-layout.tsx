import { Suspense, useRef, type MouseEvent } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../components/layout/footer';
import { Navbar } from '../components/layout/navbar';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from '../features/account/hooks/use-auth';
import { useLogOut } from '../features/account/hooks/use-log-out';
import { stopOrderListSync, useOrderListSync } from '../features/cart/hooks/use-order-list-sync';
import { clearOrderList, useOrderList } from '../features/cart/order-list-store';
import { useFocusHeadingOnNavigation } from '../lib/use-focus-heading';

function forgetOrderList(): void {
  stopOrderListSync();
  clearOrderList();
}

export function RootLayout() {
  const auth = useAuth();
  // The order list stays across sign-in, never past LogOut (a shared computer's next person);
  // signed in, it is the customer's list on the server, which LogOut must not empty.
  useOrderListSync(auth.status === 'signed-in' ? auth.user._id : null);
  const logOut = useLogOut(forgetOrderList);
  const orderList = useOrderList();
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(main);

  // Focus goes into main itself, so the next Tab reaches main's first control; the plain
  // fragment jump would leave focus where it was and put #main in the address.
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!main.current) return;
    event.preventDefault();
    main.current.focus();
  };

  return (
    <div className="bg-base-200 flex min-h-screen flex-col">
      {/* Fixed above the sticky header (z-30) while focused, wherever the page is scrolled. */}
      <a
        href="#main"
        onClick={skipToContent}
        className="btn btn-primary sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-3"
      >
        Skip to content
      </a>
      <Navbar
        account={auth.status}
        onLogOut={() => void logOut()}
        orderListCount={orderList.length}
      />
      {/* At least a screen tall: while a page or its data loads, the footer stays below the
          fold instead of showing and then being pushed down (a layout shift). */}
      <main
        ref={main}
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-[calc(100vh-4rem)] w-full max-w-7xl grow px-4 py-8 outline-none"
      >
        <Suspense fallback={<Spinner label="Loading page" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
