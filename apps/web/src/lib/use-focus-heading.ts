import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * Marks the heading that names what is on screen when it is not simply the first h1 in main,
 * e.g. a 'payment completed' heading that replaces a form.
 */
export const PAGE_HEADING_ATTRIBUTE = 'data-page-heading';

/** How long a new page may take to draw its heading (a lazy chunk, then its data). */
const HEADING_WAIT_MS = 10_000;

/** The heading a screen reader should announce for the page in `root`, if it is drawn yet. */
export function findPageHeading(root: ParentNode): HTMLElement | null {
  return (
    root.querySelector<HTMLElement>(`[${PAGE_HEADING_ATTRIBUTE}]`) ??
    root.querySelector<HTMLElement>('h1')
  );
}

/**
 * Focuses a heading so that screen readers read it out. It joins no tab order (tabindex -1),
 * and index.css draws its ring only for keyboard users.
 */
export function focusHeading(heading: HTMLElement, { preventScroll = true } = {}): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll });
}

/** A form field has focus: the page put it there (or the user did), so it stays. */
function focusIsTaken(): boolean {
  const active = document.activeElement;
  return (
    active instanceof HTMLElement &&
    active.matches('input, textarea, select, [contenteditable]:not([contenteditable="false"])')
  );
}

/**
 * Focuses the page heading in `root` once it is drawn: at once, or when a page that shows a
 * spinner first draws it. Gives up when anything else takes focus meanwhile (the page focusing a
 * field, the user tabbing on) or after HEADING_WAIT_MS. Returns a function that stops waiting.
 */
export function focusPageHeadingWhenDrawn(root: HTMLElement): () => void {
  if (focusIsTaken()) return () => undefined;
  const tryFocus = () => {
    const heading = findPageHeading(root);
    if (heading) focusHeading(heading);
    return heading !== null;
  };
  if (tryFocus()) return () => undefined;

  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(stop, HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('focusin', stop);
  }
  observer.observe(root, { childList: true, subtree: true });
  document.addEventListener('focusin', stop);
  return stop;
}

/**
 * After every change of page (not the first load, which the browser announces itself), moves
 * focus to the new page's heading in `main`, so a screen reader says where the user now is and
 * the next Tab starts from the top of the page instead of from a link that is gone. Only the
 * query or hash changing (a filter, a page of results) is not a new page, and a redirect before
 * the user has pressed a key or a pointer (signed out on a dashboard page, sent to /login) is
 * still part of the first load.
 */
export function useFocusHeadingOnNavigation(main: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  const previous = useRef<{ key: string; pathname: string; search: string; hash: string }>(null);
  const userActed = useRef(false);

  useEffect(() => {
    const acted = () => {
      userActed.current = true;
    };
    const options = { capture: true, passive: true };
    window.addEventListener('keydown', acted, options);
    window.addEventListener('pointerdown', acted, options);
    return () => {
      window.removeEventListener('keydown', acted, options);
      window.removeEventListener('pointerdown', acted, options);
    };
  }, []);

  useEffect(() => {
    const before = previous.current;
    const { key, pathname, search, hash } = location;
    previous.current = { key, pathname, search, hash };
    if (!before || before.key === key || !userActed.current) return;
    const samePage = before.pathname === pathname;
    if (samePage && (before.search !== search || before.hash !== hash)) return;
    if (!main.current) return;
    return focusPageHeadingWhenDrawn(main.current);
  }, [location, main]);
}

/**
 * Focuses the returned ref's heading when it is drawn and `when` holds (or turns true), for a
 * page that changes what it is without a route change: the payment page once the payment is
 * through. Scrolls the heading into view (below the sticky header, see index.css).
 */
export function useFocusHeading<T extends HTMLElement>(when = true): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when && ref.current) focusHeading(ref.current, { preventScroll: false });
  }, [when]);
  return ref;
}
