import { COOKIE_MAX_AGE_SECONDS } from '@podbor/contract/constants';
// The readable cookies of SPEC §3 (city, branch, transport, first-city-change flag) are written by the page
// itself. Token cookies are HttpOnly and never pass through here.

/** 30 days (SPEC §9); matches COOKIE_MAX_AGE_SECONDS of the contract. */
export const READABLE_COOKIE_MAX_AGE = COOKIE_MAX_AGE_SECONDS;

export function writeCookie(name: string, value: string, maxAge = READABLE_COOKIE_MAX_AGE): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}
