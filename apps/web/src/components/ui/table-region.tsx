import type { ReactNode } from 'react';

/**
 * A data table in a labelled region that scrolls sideways on a narrow screen; it takes keyboard
 * focus so the hidden columns are reachable without a mouse.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      className="bg-base-100 border-base-300 rounded-box overflow-x-auto border"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className="table">{children}</table>
    </div>
  );
}
