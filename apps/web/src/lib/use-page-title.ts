import { useEffect } from 'react';

const SHOP = 'CaseForge';

/** Sets the browser tab's title for the current page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${SHOP}`;
  }, [title]);
}
