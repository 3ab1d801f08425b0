'use client';

import { formatPrice, productUrl } from '@podbor/contract';
import { onOrderTitle } from '@podbor/contract/offer-text';
import Link from 'next/link';
import { useInfiniteQuery } from '@tanstack/react-query';
import { FitBadge } from '@/components/catalog/fit-badge';
import { QueryIsland } from '@/components/query/query-island';
import { useShell } from '@/components/shell/shell-context';
import { Button } from '@/components/ui/button';
import { WrenchIcon } from '@/components/ui/icons';
import { browserApi } from '@/lib/api/browser';
import styles from './product.module.css';

/** Analogues tab: the same part under other makers' numbers (API-SHAPES §7), page by page. */
export function Analogues({ slug }: { slug: string }) {
  return (
    <QueryIsland>
      <AnalogueList slug={slug} />
    </QueryIsland>
  );
}

function AnalogueList({ slug }: { slug: string }) {
  // With a chosen vehicle each analogue says whether it fits it (fit everywhere).
  const transport = useShell().session.transportId;
  const list = useInfiniteQuery({
    queryKey: ['analogues', slug, transport],
    queryFn: async ({ pageParam, signal }) => {
      const r = await browserApi('productAnalogues', {
        params: { productSlug: slug },
        query: { page: pageParam, ...(transport ? { transport } : {}) },
        signal,
      });
      if (!r.ok) throw new Error('analogues failed');
      return r.data;
    },
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length < last.pages ? all.length + 1 : undefined),
  });
  const pages = list.data?.pages ?? [];
  const last = pages[pages.length - 1];
  // A failed "show more" leaves the list as it was (the button stays).
  const state =
    !last && list.isError
      ? ({ kind: 'error' } as const)
      : !last
        ? ({ kind: 'loading' } as const)
        : {
            kind: 'ready' as const,
            items: pages.flatMap((p) => p.results),
            page: pages.length,
            pages: last.pages,
            total: pages[0]?.total ?? 0,
            more: list.isFetchingNextPage,
          };
  const loadMore = () => void list.fetchNextPage();

  if (state.kind === 'loading') return <p role="status">Загрузка...</p>;
  if (state.kind === 'error')
    return (
      <div className={styles.panelMessage}>
        <p>Не удалось загрузить аналоги.</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Повторить
        </Button>
      </div>
    );
  if (state.items.length === 0)
    return <p className={styles.panelMessage}>У этого товара нет известных аналогов.</p>;
  return (
    <div>
      <p className={styles.panelNote}>Найдено аналогов: {state.total}</p>
      <ul role="list" className={styles.analogues} data-testid="analogues">
        {state.items.map((item) => (
          <li key={item.slug} className={styles.analogue}>
            <span className={styles.analogueImage}>
              <WrenchIcon size={24} aria-hidden="true" />
              {item.image ? <img src={item.image} alt="" width={64} height={64} loading="lazy" /> : null}
            </span>
            <span className={styles.analogueText}>
              <Link href={productUrl(item.categories, item.slug)} className={styles.analogueTitle}>
                {item.title}
              </Link>
              <span className={styles.analogueMeta}>
                {[item.manufacturer, item.vendor_code ? `арт. ${item.vendor_code}` : null]
                  .filter(Boolean)
                  .join(' · ')}
                {item.is_original ? <span className={styles.badge}>Оригинал</span> : null}
              </span>
              <FitBadge fit={item.fit} form="short" />
            </span>
            <span className={styles.analoguePrice}>
              {formatPrice(item.offer ? item.offer.price : item.price)}
              <span className={item.in_stock === false ? styles.onOrder : styles.inStock}>
                {item.in_stock === false
                  ? item.offer
                    ? onOrderTitle(item.offer.delivery_days)
                    : 'Под заказ'
                  : 'В наличии'}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {state.page < state.pages ? (
        <Button variant="secondary" onClick={loadMore} loading={state.more} className={styles.moreButton}>
          Показать ещё
        </Button>
      ) : null}
    </div>
  );
}
