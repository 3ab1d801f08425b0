import { serverConfig } from './config';

/**
 * An absolute address on the shop, on its public origin (PUBLIC_URL): redirects are built from it rather than
 * from the request's URL, which behind a proxy names the internal address (`http://localhost:3000`). A path that
 * would leave the shop becomes the home page.
 */
export function publicUrl(path: string): URL {
  const url = new URL(path, serverConfig.publicOrigin);
  return url.origin === serverConfig.publicOrigin ? url : new URL('/', serverConfig.publicOrigin);
}
