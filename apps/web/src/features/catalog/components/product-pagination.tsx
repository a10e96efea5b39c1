import { productSearchMessages as text } from '@shop/shared';
import { Link } from 'react-router';

/**
 * The page numbers to offer: the first, the last, and the current one with a neighbour each
 * side; null where numbers are skipped. 1 … 4 5 6 … 14.
 */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => {
    const before = shown[i - 1];
    if (before === undefined || n === before + 1) return [n];
    // A gap of one number is shown as that number: "…" would hide no more than it takes.
    return n === before + 2 ? [before + 1, n] : [null, n];
  });
}

interface ProductPaginationProps {
  page: number;
  pages: number;
  /** The address of a page of the same search. */
  hrefOf: (page: number) => string;
  /** Called when a page is chosen (the results move focus to their count). */
  onNavigate?: () => void;
}

/**
 * Numbered pages, as links: each page of a search has its own address, so it can be shared,
 * opened in a new tab, and reached again with Back. On a phone: Previous, "Page 2 of 14", Next.
 */
export function ProductPagination({ page, pages, hrefOf, onNavigate }: ProductPaginationProps) {
  if (pages <= 1) return null;
  const link = 'btn btn-sm sm:btn-md';
  return (
    <nav aria-label={text.pagesLabel} className="mt-8 flex items-center justify-center gap-2">
      {page > 1 ? (
        <Link
          to={hrefOf(page - 1)}
          onClick={onNavigate}
          preventScrollReset
          className={link}
          aria-label={text.previousLabel}
        >
          {text.previous}
        </Link>
      ) : null}
      <p className="px-2 text-sm font-medium sm:hidden">{text.pageOf(page, pages)}</p>
      <ul className="hidden items-center gap-1 sm:flex">
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefOf(n)}
                onClick={onNavigate}
                preventScrollReset
                className={`${link} ${n === page ? 'btn-primary' : 'btn-ghost'}`}
                aria-label={text.pageLabel(n)}
                aria-current={n === page ? 'page' : undefined}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pages ? (
        <Link
          to={hrefOf(page + 1)}
          onClick={onNavigate}
          preventScrollReset
          className={link}
          aria-label={text.nextLabel}
        >
          {text.next}
        </Link>
      ) : null}
    </nav>
  );
}
