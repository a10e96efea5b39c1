import { useEffect } from 'react';

export const SHOP = 'CaseForge';

/** A page's title as the browser's tab shows it. */
export const fullTitle = (title: string) => `${title} | ${SHOP}`;

/** Sets the browser tab's title for the current page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
}
