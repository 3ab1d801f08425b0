// Back-office addresses used on both the server and the client.

export const ADMIN_HOME_PATH = '/admin';
export const ADMIN_LOGIN_PATH = '/admin/login';

/** Where to go after signing in: a back-office address from `?next=`, never another site or the storefront. */
export function safeAdminNext(next: string | string[] | undefined): string {
  const value = Array.isArray(next) ? next[0] : next;
  if (!value || !/^\/admin(\/|$|\?)/.test(value) || value.startsWith(ADMIN_LOGIN_PATH))
    return ADMIN_HOME_PATH;
  return value;
}
