import { QUERY_PARAMS, SEARCH_MAX_LENGTH } from '@podbor/contract';
import type { Metadata } from 'next';
import { getSearchFilters } from '@/features/catalog/data';
import { SearchPage } from '@/features/catalog/search-page';
import { parseListingState, type SearchParamsRecord } from '@/features/catalog/url-state';
import { getStartData } from '@/lib/start-data';

// The search results page: /search?q=…&page&order&<filters> (SPEC names no route for it; Enter in the header's
// search box comes here). Result pages are not for search engines: noindex, links followed.

type Props = { searchParams: Promise<SearchParamsRecord> };

function queryOf(params: SearchParamsRecord): string {
  const raw = params[QUERY_PARAMS.searchQuery];
  const text = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  return text.trim().slice(0, SEARCH_MAX_LENGTH);
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const query = queryOf(await searchParams);
  return {
    title: query ? `Поиск: ${query}` : 'Поиск по каталогу',
    robots: { index: false, follow: true },
  };
}

export default async function SearchRoute({ searchParams }: Props) {
  const [{ transportId, transport }, sp] = await Promise.all([getStartData(), searchParams]);
  const query = queryOf(sp);
  const filters = query ? await getSearchFilters(query, transportId) : [];
  return (
    <SearchPage
      query={query}
      filters={filters}
      state={parseListingState(sp, filters)}
      transportId={transportId}
      transportLabel={transport?.label ?? null}
    />
  );
}
