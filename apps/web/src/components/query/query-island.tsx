'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

// TanStack Query for the client islands that fetch in the browser (dialogs, search, product tabs, vehicle
// selector). Each island wraps itself in QueryIsland inside its lazily loaded chunk, so the library never
// reaches a page's first load; one client per browser tab, so islands share answers (brands of a year, …).

let browserClient: QueryClient | undefined;

function queryClient(): QueryClient {
  const make = () =>
    new QueryClient({
      defaultOptions: {
        // Catalogue lists change rarely: a minute-old answer is good enough. A failure shows at once with its own
        // "retry" button, as before.
        queries: { staleTime: 60_000, retry: false, refetchOnWindowFocus: false },
      },
    });
  if (typeof window === 'undefined') return make();
  browserClient ??= make();
  return browserClient;
}

export function QueryIsland({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient()}>{children}</QueryClientProvider>;
}
