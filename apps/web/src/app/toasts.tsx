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
      {/* Below the sticky header (4rem), never over it: a toast covered the order list's badge
          at the moment it changed (issue 22, defect 27). The area clips, so a toast sliding in
          from above appears from under the header's edge instead of passing over it. */}
      <Toaster
        position="top-center"
        containerStyle={{ top: 'calc(4rem + 0.75rem)', overflow: 'hidden' }}
        toastOptions={{ removeDelay: TOAST_REMOVE_DELAY_MS }}
      />
      <ToastLimit />
    </>
  );
}
