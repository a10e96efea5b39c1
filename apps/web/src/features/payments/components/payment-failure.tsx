import { useEffect, useRef } from 'react';

/**
 * A card error in the payment form, in red and announced (SPEC section 8). It takes the focus and
 * scrolls into view when it appears, so a phone's customer sees it whatever the screen shows.
 */
export function PaymentFailure({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!message || !element) return;
    element.focus({ preventScroll: true });
    // jsdom has no scrollIntoView.
    if (typeof element.scrollIntoView === 'function') {
      element.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }
  }, [message]);
  if (!message) return null;
  return (
    <p
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="alert alert-error alert-soft text-error mb-3 font-medium"
    >
      {message}
    </p>
  );
}
