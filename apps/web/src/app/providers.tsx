import { messages, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@shop/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { accountKeys } from '../features/account/api/account-keys';
import { signOut } from '../features/account/api/identity';
import { setUnauthorizedHandler } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';

/** Keeps at most TOAST_LIMIT toasts on screen, dismissing the oldest. */
function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // A token the server refuses (expired, revoked, forged) ends the sign-in cleanly: the guards
  // then send the user to /login.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      toast.error(messages.signedOutExpired, { id: 'signed-out' });
      queryClient.removeQueries({ queryKey: accountKeys.all });
      void signOut();
    });
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="top-center" toastOptions={{ removeDelay: TOAST_REMOVE_DELAY_MS }} />
      <ToastLimit />
    </QueryClientProvider>
  );
}
