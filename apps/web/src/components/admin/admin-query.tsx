'use client';

import type { ApiRouteName, ErrorBody } from '@podbor/contract';
import {
  QueryClient,
  QueryClientProvider,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { browserApi, type ApiResult, type BrowserCallOptions } from '@/lib/api/browser';
import type { ResponseOf } from '@/lib/api/route-types';
import { ADMIN_LOGIN_PATH } from './paths';

// The back office's data layer: every screen reads and writes through the contract's route table with
// TanStack Query, over the same-origin /api proxy (the HttpOnly session cookies ride along). A call that finds the
// staff session gone (401, or 403 for a session without the authenticator code) sends the browser to the sign-in
// page and back here afterwards.

/** A failed back-office call: HTTP status (0: network) and the API's error body, if it sent one. */
export class AdminCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(
      firstMessage(body) ?? (status === 0 ? 'Нет связи с сервером. Проверьте сеть.' : 'Произошла ошибка.'),
    );
  }
}

/** The first message of an error body: `detail`, then `non_field_errors`, then any field's. */
export function firstMessage(body: ErrorBody | null): string | undefined {
  if (!body) return undefined;
  const { detail, non_field_errors: general, ...fields } = body.errors;
  if (typeof detail === 'string') return detail;
  if (general?.[0]) return general[0];
  for (const value of Object.values(fields)) {
    const message = typeof value === 'string' ? value : value?.[0];
    if (message) return message;
  }
  return undefined;
}

function toSignIn(): void {
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`${ADMIN_LOGIN_PATH}?next=${encodeURIComponent(here)}`);
}

/** browserApi with its options always given (the route-specific rest-parameter form does not infer here). */
type AnyCall = <M extends ApiRouteName>(
  name: M,
  options: BrowserCallOptions<M>,
) => Promise<ApiResult<ResponseOf<M>>>;

/** One back-office call: its data, or an AdminCallError (after sending the browser to sign in on 401). */
export async function adminCall<N extends ApiRouteName>(
  name: N,
  options: BrowserCallOptions<N>,
): Promise<ResponseOf<N>> {
  const result = await (browserApi as AnyCall)(name, options);
  if (result.ok) return result.data;
  if (result.status === 401) toSignIn();
  throw new AdminCallError(result.status, result.error);
}

export function adminKey<N extends ApiRouteName>(name: N, options?: BrowserCallOptions<N>): QueryKey {
  return options ? [name, options.params ?? null, options.query ?? null] : [name];
}

/**
 * A back-office read. `refetchInterval` makes it live (the callback desk, counters); the previous answer stays on
 * screen while the next one loads, so filters and pages switch without flashing empty.
 */
export function useAdminQuery<N extends ApiRouteName>(
  name: N,
  options: BrowserCallOptions<N>,
  extra: { refetchInterval?: number | false; enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: adminKey(name, options),
    queryFn: ({ signal }) => adminCall(name, { ...options, signal }),
    placeholderData: (previous) => previous,
    refetchInterval: extra.refetchInterval,
    enabled: extra.enabled,
  });
}

/**
 * @public Every desk's buttons (take, publish, change status …) use it.
 * A back-office change. On success the reads named in `invalidates` (route names) are fetched again, so lists
 * and counters show the change at once.
 */
export function useAdminMutation<N extends ApiRouteName, V>(
  name: N,
  toOptions: (variables: V) => BrowserCallOptions<N>,
  invalidates: readonly ApiRouteName[] = [],
) {
  const client = useQueryClient();
  return useMutation<ResponseOf<N>, AdminCallError, V>({
    mutationFn: (variables) => adminCall(name, toOptions(variables)),
    onSuccess: async () => {
      await Promise.all(invalidates.map((route) => client.invalidateQueries({ queryKey: [route] })));
    },
  });
}

export function AdminQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // Staff work on live data: an answer is fresh for a few seconds, refetched when the tab comes back.
          queries: { staleTime: 5_000, retry: false, refetchOnWindowFocus: true },
          mutations: { retry: false },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
