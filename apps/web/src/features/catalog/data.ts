import { CATALOG_PAGE_SIZE } from '@podbor/contract/constants';
import type {
  CatalogFilter,
  CatalogFilterSelection,
  CatalogProductsRequest,
  CatalogProductsResponse,
  CategoryDetailResponse,
  CategoryNode,
} from '@podbor/contract';
import { cache } from 'react';
import { ApiError, apiCall, apiTry } from '@/lib/api/server';

// Server-side catalogue data of the category pages; every call goes through lib/api/server.ts.

// Catalogue answers (counts, price ranges, titles) are not kept by the web server between requests: the API keeps
// them in memory and drops them in every API process the moment a back-office edit commits (apps/api
// lib/events.ts), which a Next.js data cache per web process could not hear of. Within one render React's
// cache() still shares each answer.

/** The category or null when the API says it does not exist (other failures are thrown to the error page). */
export const getCategory = cache(async (slug: string): Promise<CategoryDetailResponse | null> => {
  try {
    return await apiCall('categoryDetail', {
      params: { categorySlug: slug },
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
});

export const getChildren = cache(
  async (slug: string, transportId: number | null): Promise<CategoryNode[]> => {
    const list = transportId
      ? await apiTry('categoryChildrenByTransport', {
          params: { categorySlug: slug, transportId },
        })
      : await apiTry('categoryChildren', {
          params: { categorySlug: slug },
        });
    return list ?? [];
  },
);

export const getTopCategories = cache(async (transportId: number | null): Promise<CategoryNode[]> => {
  const list = transportId
    ? await apiTry('categoryTreeByTransport', { params: { transportId } })
    : await apiTry('categoryTree');
  return list ?? [];
});

export const getFilters = cache(
  async (slug: string, transportId: number | null): Promise<CatalogFilter[]> => {
    const list = transportId
      ? await apiTry('categoryFiltersByTransport', {
          params: { categorySlug: slug, transportId },
        })
      : await apiTry('categoryFilters', { params: { categorySlug: slug } });
    return list ?? [];
  },
);

/**
 * The filters with disjunctive counts for a selection (each filter's values counted under the other selected
 * filters), so no offered value leads to an empty page; without a selection, the category's filters.
 */
export async function getFacets(
  slug: string,
  transportId: number | null,
  selection: CatalogFilterSelection,
): Promise<CatalogFilter[] | null> {
  if (!Object.values(selection).some((v) => v.length > 0)) return getFilters(slug, transportId);
  const query = { filter: JSON.stringify(selection) };
  return transportId
    ? apiTry('categoryFiltersByTransport', {
        params: { categorySlug: slug, transportId },
        query,
      })
    : apiTry('categoryFilters', { params: { categorySlug: slug }, query });
}

/** One listing page, shared by the parts of one render that show it (the count in the heading, the grid). */
export const getListingOnce = cache(
  (slug: string, transportId: number | null, body: string): Promise<CatalogProductsResponse> =>
    getListing(slug, transportId, JSON.parse(body) as CatalogProductsRequest),
);

/** One listing page; body exactly as API-SHAPES §6, page/sort/order repeated in the query. */
async function getListing(slug: string, transportId: number | null, body: CatalogProductsRequest) {
  const query = { page: body.page, size: CATALOG_PAGE_SIZE, sort: body.sort, order: body.order };
  return transportId
    ? apiCall('categoryProductsByTransport', { params: { categorySlug: slug, transportId }, query, body })
    : apiCall('categoryProducts', { params: { categorySlug: slug }, query, body });
}

/** Filters of the search results page (price, categories, manufacturers of the matches), for the vehicle. */
export const getSearchFilters = cache(
  async (query: string, transportId: number | null): Promise<CatalogFilter[]> => {
    const list = transportId
      ? await apiTry('searchFiltersByTransport', {
          params: { transportId },
          query: { query },
        })
      : await apiTry('searchFilters', { query: { query } });
    return list ?? [];
  },
);

/** One page of search results; body as the category listing's. */
export async function getSearchListing(
  query: string,
  transportId: number | null,
  body: CatalogProductsRequest,
) {
  const q = { query, page: body.page, size: CATALOG_PAGE_SIZE, sort: body.sort, order: body.order };
  return transportId
    ? apiCall('searchResultsByTransport', { params: { transportId }, query: q, body })
    : apiCall('searchResults', { query: q, body });
}
