import { messages } from '@shop/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { accountKeys } from '../features/account/api/account-keys';
import { setUnauthorizedHandler } from '../lib/api-client';

const Toasts = lazy(() => import('./toasts'));

/** True once the page has loaded: what is not needed to show it waits until then. */
function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const done = () => setLoaded(true);
    if (document.readyState === 'complete') {
      const timer = setTimeout(done);
      return () => clearTimeout(timer);
    }
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, []);
  return loaded;
}

interface ProvidersProps {
  /** The app's one query client, shared with the router's loaders. */
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * A token the server refuses (expired, revoked, forged) ends the sign-in cleanly, with a word why:
 * the guards then send the user to /login. Set before the router starts, whose loaders may
 * already call the API with the stored token (a 401 before it was set ended the sign-in
 * silently).
 */
export function endSignInOnRefusedToken(queryClient: QueryClient) {
  setUnauthorizedHandler(() => {
    void import('react-hot-toast').then(({ default: toast }) =>
      toast.error(messages.signedOutExpired, { id: 'signed-out' }),
    );
    queryClient.removeQueries({ queryKey: accountKeys.all });
    void import('../features/account/api/identity').then((identity) => identity.signOut());
  });
}

export function Providers({ queryClient, children }: ProvidersProps) {
  const pageLoaded = usePageLoaded();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {pageLoaded && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
