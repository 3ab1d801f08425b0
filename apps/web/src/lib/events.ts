/** Fired by the browser API client when the server ended the session (refresh refused, SPEC §8). */
export const SESSION_ENDED_EVENT = 'podbor:session-ended';
