import {
  countRu,
  isSearchableQuery,
  QUERY_PARAMS,
  SEARCH_PAGE_PATH,
  type CatalogFilter,
  type SearchProductsResponse,
} from '@podbor/contract';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { buttonClass } from '@/components/ui/button';
import { CarIcon } from '@/components/ui/icons';
import { getSearchListing } from './data';
import { ListingLayout, ListingResults } from './listing';
import { SortSelect } from './listing-controls';
import { activeFilterCount, listingRequest, type ListingState } from './url-state';
import styles from './catalog.module.css';

// The search results page (Enter in the search box): every product the query finds, as a catalogue listing —
// the catalogue's cards, sorts, pages and filter panel, with the chosen vehicle's fit — whose filters are the
// matches' price, categories and manufacturers. The state lives in the URL: `?q=…&page&order&<filters>`.

/** Queries worth trying, shown when nothing was found or nothing was asked. */
const SUGGESTIONS = ['масло 5W-30', 'колодки', 'дворники', 'антифриз', 'H7', '205/55 R16'];

const searchHref = (q: string) => `${SEARCH_PAGE_PATH}?${QUERY_PARAMS.searchQuery}=${encodeURIComponent(q)}`;

function Suggestions({ exclude }: { exclude?: string }) {
  return (
    <div className={styles.suggestions}>
      <p className={styles.suggestionsTitle}>Попробуйте:</p>
      <ul role="list" className={styles.suggestionList}>
        {SUGGESTIONS.filter((s) => s.toLowerCase() !== exclude?.toLowerCase()).map((s) => (
          <li key={s}>
            <Link href={searchHref(s)} className={styles.suggestion}>
              {s}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The vehicle read from the query (issue #17, 'колодки камри 2018'): the products below fit it; choosing one of
 * its vehicles makes it the chosen one (a full load: proxy.ts stores it and the whole frame follows) and shows
 * the results of the other words for it. Not shown once one of them is the chosen vehicle.
 */
function VehicleOffer({
  vehicle,
  transportId,
}: {
  vehicle: NonNullable<SearchProductsResponse['vehicle']>;
  transportId: number | null;
}) {
  if (vehicle.transports.length === 0 || vehicle.transports.some((t) => t.id === transportId)) return null;
  const href = (id: number) =>
    `${vehicle.query ? `${searchHref(vehicle.query)}&` : '/?'}${QUERY_PARAMS.transportId}=${id}`;
  const one = vehicle.transports.length === 1 ? vehicle.transports[0]! : null;
  return (
    <div className={styles.vehicleOffer} data-search-vehicle-offer="">
      <p className={styles.vehicleOfferTitle}>
        <CarIcon size={20} /> Показать для {vehicle.label}?
      </p>
      <p className={styles.vehicleOfferText}>
        Ниже — товары по запросу «{vehicle.query}», подходящие {vehicle.label}, и универсальные.{' '}
        {one ? 'Выберите автомобиль, чтобы подбирать детали для него на всём сайте.' : 'Уточните двигатель:'}
      </p>
      <ul role="list" className={styles.vehicleOfferList}>
        {(one ? [one] : vehicle.transports).map((t) => (
          <li key={t.id}>
            {/* A full load, so the header, cart and counts follow the new vehicle. */}
            <a href={href(t.id)} className={one ? buttonClass('primary') : styles.suggestion}>
              {one ? `Выбрать ${t.label}` : t.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

async function Results({
  query,
  state,
  filters,
  transportId,
  transportLabel,
}: {
  query: string;
  state: ListingState;
  filters: CatalogFilter[];
  transportId: number | null;
  transportLabel: string | null;
}) {
  const listing: SearchProductsResponse = await getSearchListing(
    query,
    transportId,
    listingRequest(state, filters),
  );
  const extra = { [QUERY_PARAMS.searchQuery]: query };
  const filtered = activeFilterCount(state) > 0;

  return (
    <section className={styles.results} aria-labelledby="listing-title" data-search-results="">
      {listing.corrected_query ? (
        <p className={styles.corrected} data-search-corrected="">
          По запросу «{query}» ничего не нашлось. Показаны результаты по запросу «
          <strong>{listing.corrected_query}</strong>».
        </p>
      ) : null}
      {listing.vehicle ? <VehicleOffer vehicle={listing.vehicle} transportId={transportId} /> : null}
      <div className={styles.toolbar}>
        {/* Without any match the empty state below says it; the heading stays for the page's outline. */}
        <h2
          id="listing-title"
          className={listing.total > 0 || filtered ? styles.resultsTitle : 'visually-hidden'}
        >
          {listing.total > 0
            ? `Найдено: ${countRu(listing.total, ['товар', 'товара', 'товаров'])}`
            : 'Ничего не найдено'}
        </h2>
        {listing.total > 0 ? <SortSelect basePath={SEARCH_PAGE_PATH} state={state} extra={extra} /> : null}
      </div>
      <ListingResults
        listing={listing}
        basePath={SEARCH_PAGE_PATH}
        state={state}
        extra={extra}
        noMatch={{
          title: 'Под выбранные фильтры ничего не подходит',
          text: (
            <>По запросу «{query}» товары есть, но не с такими условиями. Сбросьте фильтры или измените их.</>
          ),
        }}
        nothing={
          <div className={styles.empty} data-search-empty="">
            <h3>По запросу «{query}» ничего не найдено</h3>
            <p>
              {transportLabel
                ? `Среди товаров для ${transportLabel} такого нет. Проверьте написание, сократите запрос или выберите другой автомобиль.`
                : 'Проверьте написание или сократите запрос. Ищите по названию («колодки передние»), артикулу или коду: вязкости (5W-30), размеру шины (205/55 R16), цоколю лампы (H7).'}
            </p>
            <Suggestions exclude={query} />
            <Link href="/catalog" className={buttonClass('primary')}>
              Перейти в каталог
            </Link>
          </div>
        }
      />
    </section>
  );
}

export function SearchPage({
  query,
  filters,
  state,
  transportId,
  transportLabel,
}: {
  query: string;
  filters: CatalogFilter[];
  state: ListingState;
  transportId: number | null;
  transportLabel: string | null;
}) {
  const searchable = isSearchableQuery(query);
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs
        items={[{ title: 'Главная', href: '/' }, { title: 'Каталог', href: '/catalog' }, { title: 'Поиск' }]}
      />
      <header className={styles.header}>
        <h1 className={styles.title}>{searchable ? `Поиск: «${query}»` : 'Поиск по каталогу'}</h1>
        {transportLabel && searchable ? (
          <p className={styles.meta}>
            <span className={styles.vehicle}>
              <CarIcon size={16} /> для {transportLabel}
            </span>
            Показаны товары, подходящие автомобилю, и универсальные.
          </p>
        ) : null}
      </header>
      {searchable ? (
        <ListingLayout
          basePath={SEARCH_PAGE_PATH}
          state={state}
          filters={filters}
          extra={{ [QUERY_PARAMS.searchQuery]: query }}
        >
          <Results
            query={query}
            state={state}
            filters={filters}
            transportId={transportId}
            transportLabel={transportLabel}
          />
        </ListingLayout>
      ) : (
        <div className={styles.empty} data-search-empty="">
          <h3>{query ? 'Запрос слишком короткий' : 'Что ищем?'}</h3>
          <p>
            Введите в строку поиска название детали, артикул или код: вязкость масла (5W-30), размер шины
            (205/55 R16), цоколь лампы (H7). Минимум 3 символа.
          </p>
          <Suggestions />
          <Link href="/catalog" className={buttonClass('primary')}>
            Перейти в каталог
          </Link>
        </div>
      )}
    </div>
  );
}
