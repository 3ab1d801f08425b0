/** Fired by the browser API client when the server ended the session (refresh refused, SPEC §8). */
export const SESSION_ENDED_EVENT = 'podbor:session-ended';

/**
 * Fired on window after the chosen vehicle changed (chosen, cleared), just before the page re-renders for it.
 * Client islands that keep vehicle-dependent data outside React's server render (cart, listings) reload on it;
 * islands inside the shell can also follow `useShell().session.transportId`.
 */
export const TRANSPORT_CHANGED_EVENT = 'podbor:transport-changed';
