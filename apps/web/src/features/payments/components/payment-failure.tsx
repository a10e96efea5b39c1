/** A card error under the payment form, in red and announced (SPEC section 8). */
export function PaymentFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-error mt-3 font-medium">
      {message}
    </p>
  );
}
