/** Fired by the browser API client when the server ended the session (refresh refused, SPEC §8). */
export const SESSION_ENDED_EVENT = 'podbor:session-ended';

/**
 * Fired on window after the chosen vehicle changed (chosen, cleared), just before the page re-renders for it.
 * Client islands that keep vehicle-dependent data outside React's server render (cart, listings) reload on it;
 * islands inside the shell can also follow `useShell().session.transportId`.
 */
export const TRANSPORT_CHANGED_EVENT = 'podbor:transport-changed';

/**
 * Fired with `{count, total}` whenever a cart call answered (browser.ts does it for every cart* call), so the
 * header and the bottom menu show the new count and total without a reload.
 */
export const CART_CHANGED_EVENT = 'podbor:cart-changed';
export interface CartChangedDetail {
  count: number;
  total: number;
  /** Preformatted by the sender, so listeners in the first load need no formatting code. */
  totalText: string;
  label: string;
}
