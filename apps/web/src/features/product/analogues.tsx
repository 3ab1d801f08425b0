'use client';

import { formatPrice, productUrl, type AnalogueItem } from '@podbor/contract';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { WrenchIcon } from '@/components/ui/icons';
import { browserApi } from '@/lib/api/browser';
import styles from './product.module.css';

type State =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'ready'; items: AnalogueItem[]; page: number; pages: number; total: number; more: boolean };

/** Analogues tab: the same part under other makers' numbers (API-SHAPES §7), page by page. */
export function Analogues({ slug }: { slug: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    void browserApi('productAnalogues', {
      params: { productSlug: slug },
      query: { page: 1 },
      signal: controller.signal,
    }).then((r) => {
      if (controller.signal.aborted) return;
      setState(
        r.ok
          ? {
              kind: 'ready',
              items: r.data.results,
              page: 1,
              pages: r.data.pages,
              total: r.data.total,
              more: false,
            }
          : { kind: 'error' },
      );
    });
    return () => controller.abort();
  }, [slug, attempt]);

  const loadMore = async () => {
    if (state.kind !== 'ready') return;
    setState({ ...state, more: true });
    const r = await browserApi('productAnalogues', {
      params: { productSlug: slug },
      query: { page: state.page + 1 },
    });
    if (r.ok)
      setState({
        ...state,
        items: [...state.items, ...r.data.results],
        page: state.page + 1,
        pages: r.data.pages,
        more: false,
      });
    else setState({ ...state, more: false });
  };

  if (state.kind === 'loading') return <p role="status">Загрузка...</p>;
  if (state.kind === 'error')
    return (
      <div className={styles.panelMessage}>
        <p>Не удалось загрузить аналоги.</p>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
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
            </span>
            <span className={styles.analoguePrice}>
              {formatPrice(item.price)}
              <span className={item.in_stock === false ? styles.onOrder : styles.inStock}>
                {item.in_stock === false ? 'Под заказ' : 'В наличии'}
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
