import type { ApiRouteName } from '@podbor/contract';
import type { BrowserCallOptions, browserApi } from './browser';
import type { OptionalIfEmpty } from './route-types';

/**
 * browserApi loaded on first use. Client islands of the first load (header search, catalogue menu, vehicle
 * selector) call the API only after the visitor does something, so the contract's zod schemas that browserApi
 * validates with arrive then, not with the page.
 */
export async function lazyBrowserApi<N extends ApiRouteName>(
  name: N,
  ...args: OptionalIfEmpty<N, BrowserCallOptions<N>>
): ReturnType<typeof browserApi<N>> {
  const { browserApi: call } = await import('./browser');
  return call(name, ...args);
}
