import type { ReactNode } from 'react';

/** A form's submit button that shows it is busy and cannot be pressed twice meanwhile. */
export function SubmitButton({
  pending,
  disabled = false,
  children,
  className = 'w-full',
}: {
  pending: boolean;
  /** Blocked for another reason than being busy (a rule the form breaks right now). */
  disabled?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={`btn btn-primary mt-4 ${className}`}
      disabled={pending || disabled}
    >
      {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
