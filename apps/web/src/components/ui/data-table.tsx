import { tableMessages } from '@shop/shared';
import type { ReactNode } from 'react';

/*
 * Below the md breakpoint each row of a data table is a card: the column headings are read by
 * screen readers only, and each cell shows its column's name (its data-label) beside its value,
 * so status and actions stay in view on a phone without scrolling sideways. The elements stay a
 * table, row headers and cells, so a screen reader still says which column a value is in.
 */
const STACKED =
  'max-md:block max-md:[&>thead]:sr-only max-md:[&>tbody]:block max-md:[&>tbody>tr]:block max-md:[&>tbody>tr]:py-3 max-md:[&>tbody>tr:not(:last-child)]:border-b max-md:[&>tbody>tr:not(:last-child)]:border-base-300';
const STACKED_CELL =
  'max-md:grid max-md:grid-cols-[6.5rem_minmax(0,1fr)] max-md:gap-x-3 max-md:border-b-0 max-md:py-1.5 max-md:before:font-semibold max-md:before:text-base-content/80 max-md:before:content-[attr(data-label)]';

/*
 * From md up, the last column (a list's actions) can stay pinned to the right edge while the
 * rest scrolls sideways under it, so a wide list (My Order and Manage Order with their number,
 * date and PO columns) never hides its buttons.
 */
const STICKY_LAST =
  'md:[&_tr>:last-child]:sticky md:[&_tr>:last-child]:right-0 md:[&_tr>:last-child]:z-[1] md:[&_tr>:last-child]:bg-base-100 md:[&_tr>:last-child]:shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.25)]';

/** Narrower cell padding from md up, for a list of many columns. */
const DENSE = 'md:[&_:is(th,td)]:px-2.5';
/**
 * Smaller text and the least padding from md up, for the widest list (Manage Order with its
 * Company column): every column readable at 1280 px beside the side menu (ux 2026-11-28 #11).
 */
const COMPACT = 'md:text-sm md:[&_:is(th,td)]:px-1.5';

/**
 * A data table in a labelled region. From md up it is a table that scrolls sideways when it is
 * wider than the page (the region takes keyboard focus so the far columns are reachable without a
 * mouse), its last column pinned in view with `stickyLast`; below md its rows are stacked cards.
 */
export function DataTable({
  label,
  columns,
  stickyLast = false,
  dense = false,
  compact = false,
  children,
}: {
  label: string;
  /** The column headings, in order; each Cell's `label` repeats its column's. */
  columns: readonly string[];
  /** Keeps the last column (the actions) in view while the others scroll sideways (md up). */
  stickyLast?: boolean;
  /** Narrower cell padding (md up), so a list of many columns fits beside the side menu. */
  dense?: boolean;
  /** Smaller text and padding still (md up): a list of many columns that must fit whole. */
  compact?: boolean;
  /** The table's body (`<tbody>`). */
  children: ReactNode;
}) {
  return (
    <div
      className="bg-base-100 border-base-300 rounded-box overflow-x-auto border"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table
        className={`table ${STACKED} ${stickyLast ? STICKY_LAST : ''} ${dense ? DENSE : ''} ${compact ? COMPACT : ''}`}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}

interface CellProps {
  /** The column's heading, shown beside the value when the row is a card. */
  label: string;
  className?: string;
  children?: ReactNode;
}

/** A cell of a DataTable. */
export function Cell({ label, className = '', children }: CellProps) {
  return (
    <td data-label={label} className={`${STACKED_CELL} ${className}`}>
      <div className="min-w-0">{children}</div>
    </td>
  );
}

/** The cell that names its row (a row header for screen readers). */
export function RowHeader({ label, className = '', children }: CellProps) {
  return (
    <th scope="row" data-label={label} className={`font-medium ${STACKED_CELL} ${className}`}>
      <div className="min-w-0">{children}</div>
    </th>
  );
}

/** A dash for an empty cell, read as 'None'. */
export function NoValue() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{tableMessages.noValue}</span>
    </>
  );
}
