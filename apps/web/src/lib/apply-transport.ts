import { COOKIE_NAMES, QUERY_PARAMS } from '@podbor/contract/constants';
import { writeCookie } from '@/lib/browser-cookies';
import { TRANSPORT_CHANGED_EVENT } from '@/lib/events';

export interface TransportChoice {
  id: number;
  /** The year the visitor picked (SPEC §3 `transportYear`); absent when chosen another way (search). */
  year?: string;
}

export interface RouterLike {
  refresh(): void;
  replace(href: string, options?: { scroll?: boolean }): void;
}

/**
 * Stores the chosen vehicle (or forgets it) in the 30-day cookies and re-renders the page on the server, so the
 * header, catalogue counts, listings, cart and city data all follow it (SPEC §4). A `?transport_id=` left in the
 * address would make proxy.ts store that vehicle again, so it is dropped from the address instead. A choice
 * without a year drops a stale `transportYear` (it belonged to the previous vehicle). Every place that picks a
 * vehicle (selector, product fit check) goes through here.
 */
export function applyTransport(router: RouterLike, choice: TransportChoice | null): void {
  if (choice) {
    writeCookie(COOKIE_NAMES.transportId, String(choice.id));
    if (choice.year) writeCookie(COOKIE_NAMES.transportYear, choice.year);
    else writeCookie(COOKIE_NAMES.transportYear, '', 0);
  } else {
    writeCookie(COOKIE_NAMES.transportId, '', 0);
    writeCookie(COOKIE_NAMES.transportYear, '', 0);
  }
  window.dispatchEvent(
    new CustomEvent(TRANSPORT_CHANGED_EVENT, { detail: { transportId: choice?.id ?? null } }),
  );
  const url = new URL(window.location.href);
  if (url.searchParams.has(QUERY_PARAMS.transportId)) {
    url.searchParams.delete(QUERY_PARAMS.transportId);
    router.replace(`${url.pathname}${url.search}${url.hash}`, { scroll: false });
  }
  router.refresh();
}
