import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { getAppName } from '../../lib/public-config';

/** The id of the <main> element of both layouts: the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/** False until the first page has been shown: a page opened from the address bar keeps the focus at the top. */
let navigatedBefore = false;

/**
 * Names the document after the page's h1 ("Invoices · Settle"; an h1 may give a shorter name in
 * data-page-title) and, after a navigation inside the app (sign-in included), moves the focus to
 * that h1 so that screen readers announce the new page. Pages draw their h1 once their data is
 * there, so the main element is watched until it appears, and the title follows later changes
 * (a switch of language, a new invoice number).
 */
export function usePageHeading(): void {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new path is a new page to name and announce
  useEffect(() => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    let focusPending = navigatedBefore;
    navigatedBefore = true;
    const sync = () => {
      const heading = main.querySelector('h1');
      if (!heading) return;
      const name = (heading.dataset.pageTitle ?? heading.textContent ?? '').trim();
      const title = name ? `${name} · ${getAppName()}` : getAppName();
      if (document.title !== title) document.title = title;
      if (focusPending) {
        focusPending = false;
        // Not when the person has already moved on to a control of the new page.
        if (!main.contains(document.activeElement) || document.activeElement === main) {
          heading.tabIndex = -1;
          heading.focus();
        }
      }
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(main, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-page-title'],
    });
    return () => observer.disconnect();
  }, [pathname]);
}
