import {
  categoryUrl,
  countRu,
  type CatalogFilter,
  type CatalogProductsResponse,
  type CategoryDetailResponse,
  type CategoryNode,
} from '@podbor/contract';
import Link from 'next/link';
import { Suspense } from 'react';
import { Breadcrumbs, type Crumb } from '@/components/ui/breadcrumbs';
import { buttonClass } from '@/components/ui/button';
import { CarIcon, ChevronRightIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { safeUrl } from '@/lib/start-data';
import { getListing } from './data';
import { FiltersPanel, SortSelect } from './listing-controls';
import { ProductCard } from '@/components/catalog/product-card';
import {
  activeFilterCount,
  listingQuery,
  listingRequest,
  pageWindow,
  withoutFilters,
  withPage,
  type ListingState,
} from './url-state';
import styles from './catalog.module.css';

export function categoryCrumbs(category: Pick<CategoryDetailResponse, 'breadcrumbs'>): Crumb[] {
  const crumbs: Crumb[] = [
    { title: 'Главная', href: '/' },
    { title: 'Каталог', href: '/catalog' },
  ];
  const chain: string[] = [];
  for (const b of category.breadcrumbs) {
    chain.push(b.slug);
    crumbs.push({ title: b.title, href: categoryUrl(chain) });
  }
  return crumbs;
}

/** Subcategory tiles; categories without products for the chosen vehicle are hidden (as in the menu). */
function CategoryTiles({
  nodes,
  parentPath,
  headingId,
  heading,
}: {
  nodes: readonly CategoryNode[];
  parentPath: readonly string[];
  headingId: string;
  heading: string;
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
              <Link href={categoryUrl([...parentPath, node.slug])} className={styles.tile}>
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

export function Pagination({
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

export const HYDRATION_CHUNK = 4;

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function ListingSkeleton() {
  return (
    <div className={styles.grid} role="status" aria-busy="true">
      <span className="visually-hidden">Загрузка...</span>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={340} radius="var(--radius-lg)" />
      ))}
    </div>
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
  const listing: CatalogProductsResponse = await getListing(
    category.slug,
    transportId,
    listingRequest(state, filters),
  );
  const filtered = activeFilterCount(state) > 0;
  const resetHref = `${basePath}?${listingQuery(withoutFilters(state))}`;

  return (
    <section className={styles.results} aria-labelledby="listing-title">
      <div className={styles.toolbar}>
        <h2 id="listing-title" className={styles.resultsTitle}>
          {countRu(listing.total, ['товар', 'товара', 'товаров'])}
        </h2>
        <SortSelect basePath={basePath} state={state} />
      </div>
      {listing.results.length > 0 ? (
        <>
          <ul role="list" className={styles.grid} data-testid="product-grid">
            {/* Every few cards are their own hydration unit, so React hydrates the grid in short tasks
                  instead of one long one (Total Blocking Time on phones). */}
            {chunks(listing.results, HYDRATION_CHUNK).map((group, g) => (
              <Suspense key={group[0]?.slug ?? g}>
                {group.map((product, i) => (
                  <li key={product.slug}>
                    <ProductCard product={product} priority={g === 0 && i < 2} />
                  </li>
                ))}
              </Suspense>
            ))}
          </ul>
          <Suspense>
            <Pagination basePath={basePath} state={state} pages={listing.pages} />
          </Suspense>
        </>
      ) : listing.total > 0 ? (
        <div className={styles.empty}>
          <h3>На этой странице товаров нет</h3>
          <p>Всего {countRu(listing.total, ['товар', 'товара', 'товаров'])} — начните с первой страницы.</p>
          <Link href={`${basePath}?${listingQuery(withPage(state, 1))}`} className={buttonClass('primary')}>
            К первой странице
          </Link>
        </div>
      ) : filtered ? (
        <div className={styles.empty}>
          <h3>Ничего не найдено</h3>
          <p>Под выбранные фильтры не подходит ни один товар. Сбросьте фильтры или измените условия.</p>
          <Link href={resetHref} className={buttonClass('primary')}>
            Сбросить фильтры
          </Link>
        </div>
      ) : (
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
      )}
    </section>
  );
}

export function CategoryPage({
  category,
  childNodes,
  filters,
  state,
  transportId,
  transportLabel,
}: {
  category: CategoryDetailResponse;
  childNodes: CategoryNode[];
  filters: CatalogFilter[];
  state: ListingState;
  transportId: number | null;
  transportLabel: string | null;
}) {
  const path = category.path ?? category.breadcrumbs.map((b) => b.slug);
  const basePath = categoryUrl(path);
  const count = transportId ? (category.found ?? 0) : (category.total ?? 0);
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs items={categoryCrumbs(category)} />
      <header className={styles.header}>
        <h1 className={styles.title}>{category.title}</h1>
        <p className={styles.meta}>
          {countRu(count, ['товар', 'товара', 'товаров'])}
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
        />
      </Suspense>
      <div className={styles.listingLayout}>
        {filters.length > 0 ? (
          <aside className={styles.aside} aria-label="Фильтры товаров">
            <FiltersPanel basePath={basePath} state={state} filters={filters} />
          </aside>
        ) : null}
        <Suspense fallback={<ListingSkeleton />}>
          <Listing
            category={category}
            basePath={basePath}
            state={state}
            filters={filters}
            transportId={transportId}
            transportLabel={transportLabel}
          />
        </Suspense>
      </div>
    </div>
  );
}
