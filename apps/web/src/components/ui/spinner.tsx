/** A loading indicator that screen readers announce. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-12">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="text-base-content/70 text-sm">{label}…</span>
    </div>
  );
}
