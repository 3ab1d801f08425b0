import {
  catalogLink,
  categoryUrl,
  countRu,
  type CatalogFilter,
  type CatalogProductsResponse,
  type CategoryDetailResponse,
  type CategoryNode,
} from '@podbor/contract';
import { CATALOG_PAGE_SIZE } from '@podbor/contract/constants';
import { formatNumber, productCountRu } from '@podbor/contract/format';
import Link from 'next/link';
import { Suspense } from 'react';
import { Breadcrumbs, type Crumb } from '@/components/ui/breadcrumbs';
import { buttonClass } from '@/components/ui/button';
import { CarIcon, ChevronRightIcon, CloseIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { safeUrl } from '@/lib/start-data';
import { getListingOnce } from './data';
import { SortSelect } from './listing-controls';
import { ListingLayout, ListingResults } from './listing';
import {
  activeFilterCount,
  listingQuery,
  listingRequest,
  rangeLabel,
  withoutFilters,
  withoutRange,
  withoutValue,
  type ListingState,
} from './url-state';
import styles from './catalog.module.css';

/** Breadcrumbs of a category; catalogue links carry the listing's default query and the vehicle (SPEC §2). */
export function categoryCrumbs(
  category: Pick<CategoryDetailResponse, 'breadcrumbs'>,
  transportId: number | null = null,
): Crumb[] {
  const crumbs: Crumb[] = [
    { title: 'Главная', href: '/' },
    { title: 'Каталог', href: catalogLink([], transportId) },
  ];
  const chain: string[] = [];
  for (const b of category.breadcrumbs) {
    chain.push(b.slug);
    crumbs.push({ title: b.title, href: catalogLink(chain, transportId) });
  }
  return crumbs;
}

/** Subcategory tiles; categories without products for the chosen vehicle are hidden (as in the menu). */
function CategoryTiles({
  nodes,
  parentPath,
  headingId,
  heading,
  transportId,
}: {
  nodes: readonly CategoryNode[];
  parentPath: readonly string[];
  headingId: string;
  heading: string;
  transportId: number | null;
}) {
  const visible = nodes.filter((n) => n.found > 0);
  if (visible.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={styles.tilesSection}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {heading}
      </h2>
      <ul role="list" className={styles.tiles}>
        {visible.map((node) => {
          const image = safeUrl(node.image);
          return (
            <li key={node.slug}>
              <Link href={catalogLink([...parentPath, node.slug], transportId)} className={styles.tile}>
                {image ? (
                  <img
                    src={image}
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                    className={styles.tileImage}
                  />
                ) : (
                  <span className={styles.tilePlaceholder} aria-hidden="true">
                    {node.title.charAt(0)}
                  </span>
                )}
                <span className={styles.tileText}>
                  <span className={styles.tileTitle}>{node.title}</span>
                  <span className={styles.tileCount}>
                    {countRu(node.found, ['товар', 'товара', 'товаров'])}
                  </span>
                </span>
                <ChevronRightIcon size={18} className={styles.tileArrow} />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Selected filters as chips; each one's link is the page without it. Server-rendered: no JavaScript. */
function ActiveFilters({
  basePath,
  state,
  filters,
}: {
  basePath: string;
  state: ListingState;
  filters: readonly CatalogFilter[];
}) {
  const chips: { key: string; label: string; href: string }[] = [];
  for (const f of filters) {
    if (f.type === 'RANGE') {
      const range = state.ranges[f.slug];
      if (range)
        chips.push({
          key: f.slug,
          label: `${f.title}: ${rangeLabel(range, f.unit)}`,
          href: `${basePath}?${listingQuery(withoutRange(state, f.slug))}`,
        });
      continue;
    }
    for (const value of state.values[f.slug] ?? []) {
      const title = f.values?.find((v) => String(v.value) === value)?.title ?? value;
      chips.push({
        key: `${f.slug}=${value}`,
        label: `${f.title}: ${title}`,
        href: `${basePath}?${listingQuery(withoutValue(state, f.slug, value))}`,
      });
    }
  }
  if (chips.length === 0) return null;
  return (
    <div className={styles.chips}>
      <ul role="list" aria-label="Выбранные фильтры" className={styles.chipList}>
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              href={chip.href}
              scroll={false}
              className={styles.chip}
              aria-label={`Убрать фильтр «${chip.label}»`}
            >
              <span>{chip.label}</span>
              <CloseIcon size={14} />
            </Link>
          </li>
        ))}
      </ul>
      {chips.length > 1 ? (
        <Link
          href={`${basePath}?${listingQuery(withoutFilters(state))}`}
          scroll={false}
          className={styles.chipsReset}
        >
          Сбросить все
        </Link>
      ) : null}
    </div>
  );
}

/** The request of a state, as one string: the key of the render's shared listing call. */
function listingKey(state: ListingState, filters: readonly CatalogFilter[]): string {
  return JSON.stringify(listingRequest(state, filters));
}

/** «N товаров» of the current selection (vehicle and filters), from the same call as the grid below. */
async function SelectionCount({
  slug,
  transportId,
  state,
  filters,
}: {
  slug: string;
  transportId: number | null;
  state: ListingState;
  filters: CatalogFilter[];
}) {
  const listing = await getListingOnce(slug, transportId, listingKey(state, filters));
  return (
    <span data-testid="selection-count">
      {productCountRu(listing)}
      {activeFilterCount(state) > 0 ? ' по выбранным фильтрам' : ''}
    </span>
  );
}

async function Listing({
  category,
  basePath,
  state,
  filters,
  transportId,
  transportLabel,
}: {
  category: CategoryDetailResponse;
  basePath: string;
  state: ListingState;
  filters: CatalogFilter[];
  transportId: number | null;
  transportLabel: string | null;
}) {
  const listing: CatalogProductsResponse = await getListingOnce(
    category.slug,
    transportId,
    listingKey(state, filters),
  );
  const from = (listing.current - 1) * CATALOG_PAGE_SIZE + 1;
  const to = from + listing.results.length - 1;

  return (
    <section className={styles.results} aria-labelledby="listing-title">
      <div className={styles.toolbar}>
        <div className={styles.resultsHead}>
          <h2 id="listing-title" className={styles.resultsTitle}>
            {productCountRu(listing)}
          </h2>
          {listing.results.length > 0 && listing.total > listing.results.length ? (
            <p className={styles.range}>
              Показаны {formatNumber(from)}–{formatNumber(to)} из {listing.total_estimated ? '≈ ' : ''}
              {formatNumber(listing.total)}
            </p>
          ) : null}
        </div>
        <SortSelect basePath={basePath} state={state} />
      </div>
      <ActiveFilters basePath={basePath} state={state} filters={filters} />
      <ListingResults
        listing={listing}
        basePath={basePath}
        state={state}
        noMatch={{
          title: 'Ничего не найдено',
          text: 'Под выбранные фильтры не подходит ни один товар. Сбросьте фильтры или измените условия.',
        }}
        nothing={
          <div className={styles.empty}>
            <h3>Товаров пока нет</h3>
            <p>
              {transportLabel
                ? `Для автомобиля ${transportLabel} в этой категории пока нет подходящих товаров.`
                : 'В этой категории пока нет товаров.'}{' '}
              Загляните в другие разделы каталога.
            </p>
            <Link href="/catalog" className={buttonClass('primary')}>
              Весь каталог
            </Link>
          </div>
        }
      />
    </section>
  );
}

export function CategoryPage({
  category,
  childNodes,
  filters,
  facets,
  state,
  transportId,
  transportLabel,
}: {
  category: CategoryDetailResponse;
  childNodes: CategoryNode[];
  /** The category's filters (the URL's state is read against them). */
  filters: CatalogFilter[];
  /** The filters with counts under the current selection (disjunctive), for the panel; `filters` when absent. */
  facets?: CatalogFilter[];
  state: ListingState;
  transportId: number | null;
  transportLabel: string | null;
}) {
  const path = category.path ?? category.breadcrumbs.map((b) => b.slug);
  const basePath = categoryUrl(path);
  const panelFilters = facets ?? filters;
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs items={categoryCrumbs(category, transportId)} />
      <header className={styles.header}>
        <h1 className={styles.title}>{category.title}</h1>
        <p className={styles.meta}>
          <Suspense fallback={<Skeleton width={110} height={18} />}>
            <SelectionCount slug={category.slug} transportId={transportId} state={state} filters={filters} />
          </Suspense>
          {transportLabel ? (
            <span className={styles.vehicle}>
              <CarIcon size={16} /> для {transportLabel}
            </span>
          ) : null}
        </p>
        {category.description ? <p className={styles.lead}>{category.description}</p> : null}
      </header>
      <Suspense>
        <CategoryTiles
          nodes={childNodes}
          parentPath={path}
          headingId="subcategories"
          heading="Подкатегории"
          transportId={transportId}
        />
      </Suspense>
      <ListingLayout basePath={basePath} state={state} filters={panelFilters}>
        <Listing
          category={category}
          basePath={basePath}
          state={state}
          filters={filters}
          transportId={transportId}
          transportLabel={transportLabel}
        />
      </ListingLayout>
    </div>
  );
}
