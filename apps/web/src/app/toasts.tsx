import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@shop/shared';
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

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

/**
 * Where toasts show. Loaded after the page, so the home page does not carry react-hot-toast:
 * a toast raised before this mounts waits in react-hot-toast's store and shows when it does.
 */
export default function Toasts() {
  return (
    <>
      <Toaster position="top-center" toastOptions={{ removeDelay: TOAST_REMOVE_DELAY_MS }} />
      <ToastLimit />
    </>
  );
}
