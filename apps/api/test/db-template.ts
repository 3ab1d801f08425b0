/** Small enough to seed in seconds, big enough that every list and page has real content. */
export const TEST_PRODUCTS = 300;

/** The maintenance database on the same server, for CREATE/DROP DATABASE. */
export function adminUrl(url: string) {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

export function templateName(url: string) {
  return `${new URL(url).pathname.replace(/^\//, '') || 'podbor'}_template`;
}
