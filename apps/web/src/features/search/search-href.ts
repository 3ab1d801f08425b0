// Deep imports only: the search field is in every page's first load, which must not pull in zod and the schemas.
import { QUERY_PARAMS, SEARCH_PAGE_PATH } from '@podbor/contract/constants';

/** The search results page of a query (Enter in the search box). */
export function searchPageHref(term: string): string {
  return `${SEARCH_PAGE_PATH}?${QUERY_PARAMS.searchQuery}=${encodeURIComponent(term.trim())}`;
}
