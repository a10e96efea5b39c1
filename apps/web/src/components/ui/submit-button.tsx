import type { ReactNode } from 'react';

/** A form's submit button that shows it is busy and cannot be pressed twice meanwhile. */
export function SubmitButton({
  pending,
  children,
  className = 'w-full',
}: {
  pending: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button type="submit" className={`btn btn-primary mt-4 ${className}`} disabled={pending}>
      {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
