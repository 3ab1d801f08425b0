'use client';

import { PAGE_TITLES } from '@podbor/contract/constants';
import { useEffect } from 'react';

/** SPEC §2 title prefix «Загрузка»: the tab's title while a page is still loading. */
export const LOADING_TITLE = `${PAGE_TITLES.loading}…`;

/**
 * Rendered by a route's loading state: the tab says «Загрузка…» until the page is there. The page's own title
 * replaces it; if that title is the one shown before (React then leaves it alone), it is put back here.
 */
export function LoadingTitle() {
  useEffect(() => {
    const previous = document.title;
    document.title = LOADING_TITLE;
    return () => {
      if (document.title === LOADING_TITLE) document.title = previous;
    };
  }, []);
  return null;
}
