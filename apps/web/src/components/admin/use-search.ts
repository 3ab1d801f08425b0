'use client';

import { useEffect, useState } from 'react';

/** Waits for a pause in typing before searching. */
const SEARCH_DELAY_MS = 300;

/**
 * A back-office list's search box and page: `q` follows what is typed after a pause, and a new search starts again
 * from the first page.
 */
export function useListSearch() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQ(typed.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, q, page, setPage };
}
