import { type CatalogFilter, type ProductListItem } from '@podbor/contract';
import { productCountRu } from '@podbor/contract/format';
import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';
import { ProductCard } from '@/components/catalog/product-card';
import { buttonClass } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { FiltersPanel } from './listing-controls';
import {
  activeFilterCount,
  listingQuery,
  pageWindow,
  withoutFilters,
  withPage,
  type ListingState,
} from './url-state';
import styles from './catalog.module.css';

// What a category page and the search results page list alike: the filter panel beside the listing, the grid of
// cards in pages, and the states of an empty page. Each page keeps its own heading, toolbar and texts.

function Pagination({
  basePath,
  state,
  pages,
  extra,
}: {
  basePath: string;
  state: ListingState;
  pages: number;
  extra?: Record<string, string>;
}) {
  if (pages <= 1) return null;
  const href = (p: number) => `${basePath}?${listingQuery(withPage(state, p), extra)}`;
  const current = Math.min(state.page, pages);
  return (
    <nav aria-label="Страницы каталога" className={styles.pagination}>
      {current > 1 ? (
        <Link href={href(current - 1)} className={styles.pageStep} rel="prev">
          ← Назад
        </Link>
      ) : null}
      <ol className={styles.pageList}>
        {pageWindow(current, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className={styles.pageGap}>
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                href={href(p)}
                className={`${styles.pageLink} ${p === state.page ? styles.pageCurrent : ''}`}
                aria-current={p === state.page ? 'page' : undefined}
                aria-label={`Страница ${p}`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ol>
      {current < pages ? (
        <Link href={href(current + 1)} className={styles.pageStep} rel="next">
          Вперёд →
        </Link>
      ) : null}
    </nav>
  );
}

const HYDRATION_CHUNK = 4;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function ListingSkeleton() {
  return (
    <div className={styles.grid} role="status" aria-busy="true">
      <span className="visually-hidden">Загрузка...</span>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={340} radius="var(--radius-lg)" />
      ))}
    </div>
  );
}

/** The filter panel (when there are filters) beside the listing, which streams in under a skeleton grid. */
export function ListingLayout({
  basePath,
  state,
  filters,
  extra,
  children,
}: {
  basePath: string;
  state: ListingState;
  /** The filters of the panel; none, no panel. */
  filters: CatalogFilter[];
  extra?: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <div className={styles.listingLayout}>
      {filters.length > 0 ? (
        <aside className={styles.aside} aria-label="Фильтры товаров">
          <FiltersPanel basePath={basePath} state={state} filters={filters} extra={extra} />
        </aside>
      ) : null}
      <Suspense fallback={<ListingSkeleton />}>{children}</Suspense>
    </div>
  );
}

/**
 * The page of cards with the pagination; or, without cards, why: a page past the last (a link to the first),
 * nothing under the selected filters (`noMatch`, with a link that resets them), or nothing at all (`nothing`).
 */
export function ListingResults({
  listing,
  basePath,
  state,
  extra,
  noMatch,
  nothing,
}: {
  listing: { results: readonly ProductListItem[]; total: number; pages: number; total_estimated?: boolean };
  basePath: string;
  state: ListingState;
  extra?: Record<string, string>;
  noMatch: { title: string; text: ReactNode };
  nothing: ReactNode;
}) {
  if (listing.results.length > 0)
    return (
      <>
        <ul role="list" className={styles.grid} data-testid="product-grid">
          {/* Every few cards are their own hydration unit, so React hydrates the grid in short tasks
                instead of one long one (Total Blocking Time on phones). */}
          {chunks(listing.results, HYDRATION_CHUNK).map((group, g) => (
            <Suspense key={group[0]?.slug ?? g}>
              {group.map((product, i) => (
                <li key={product.slug} className={g === 0 ? undefined : styles.lazyCard}>
                  <ProductCard product={product} priority={g === 0 && i < 2} />
                </li>
              ))}
            </Suspense>
          ))}
        </ul>
        <Suspense>
          <Pagination basePath={basePath} state={state} pages={listing.pages} extra={extra} />
        </Suspense>
      </>
    );
  if (listing.total > 0)
    return (
      <div className={styles.empty}>
        <h3>На этой странице товаров нет</h3>
        <p>Всего {productCountRu(listing)} — начните с первой страницы.</p>
        <Link
          href={`${basePath}?${listingQuery(withPage(state, 1), extra)}`}
          className={buttonClass('primary')}
        >
          К первой странице
        </Link>
      </div>
    );
  if (activeFilterCount(state) > 0)
    return (
      <div className={styles.empty}>
        <h3>{noMatch.title}</h3>
        <p>{noMatch.text}</p>
        <Link
          href={`${basePath}?${listingQuery(withoutFilters(state), extra)}`}
          className={buttonClass('primary')}
        >
          Сбросить фильтры
        </Link>
      </div>
    );
  return nothing;
}
