'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import styles from './product.module.css';

// Product tabs (SPEC §2: properties, analogues, description, installation, reviews) as an ARIA tablist.
// Characteristics, description and installation text are server-rendered into their panels (indexable);
// analogues, the installation price and reviews load their code and data when their tab is first opened.

function PanelSkeleton() {
  return (
    <div role="status" aria-busy="true" className={styles.panelSkeleton}>
      <span className="visually-hidden">Загрузка...</span>
      <Skeleton height={20} width="60%" />
      <Skeleton height={20} width="80%" />
      <Skeleton height={20} width="40%" />
    </div>
  );
}

const Analogues = dynamic(() => import('./analogues').then((m) => m.Analogues), {
  ssr: false,
  loading: PanelSkeleton,
});
const InstallationPrice = dynamic(() => import('./installation-price').then((m) => m.InstallationPrice), {
  ssr: false,
  loading: PanelSkeleton,
});
const Reviews = dynamic(() => import('./reviews').then((m) => m.Reviews), {
  ssr: false,
  loading: PanelSkeleton,
});

export const TAB_IDS = ['characteristics', 'analogues', 'description', 'installation', 'reviews'] as const;
export type TabId = (typeof TAB_IDS)[number];

const TITLES: Record<TabId, string> = {
  characteristics: 'Характеристики',
  analogues: 'Аналоги',
  description: 'Описание',
  installation: 'Установка',
  reviews: 'Отзывы',
};

export interface ProductTabsProps {
  slug: string;
  categorySlug: string;
  characteristics: ReactNode;
  description: ReactNode;
  installation: ReactNode;
  withInstallation: boolean;
  reviewsCount: number;
}

function isTab(value: string): value is TabId {
  return (TAB_IDS as readonly string[]).includes(value);
}

export function ProductTabs({
  slug,
  categorySlug,
  characteristics,
  description,
  installation,
  withInstallation,
  reviewsCount,
}: ProductTabsProps) {
  const [active, setActive] = useState<TabId>('characteristics');
  const [opened, setOpened] = useState<ReadonlySet<TabId>>(() => new Set<TabId>(['characteristics']));
  const tabRefs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});
  const rootRef = useRef<HTMLDivElement>(null);

  const select = (id: TabId, focus = false) => {
    setActive(id);
    setOpened((prev) => (prev.has(id) ? prev : new Set([...prev, id])));
    if (focus) tabRefs.current[id]?.focus();
  };

  // `#reviews` (the rating link) and other tab anchors open that tab.
  useEffect(() => {
    const fromHash = () => {
      const id = window.location.hash.slice(1);
      if (isTab(id)) {
        select(id);
        rootRef.current?.scrollIntoView({ block: 'start' });
      }
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TAB_IDS.indexOf(active);
    const next =
      e.key === 'ArrowRight'
        ? TAB_IDS[(i + 1) % TAB_IDS.length]
        : e.key === 'ArrowLeft'
          ? TAB_IDS[(i - 1 + TAB_IDS.length) % TAB_IDS.length]
          : e.key === 'Home'
            ? TAB_IDS[0]
            : e.key === 'End'
              ? TAB_IDS[TAB_IDS.length - 1]
              : undefined;
    if (next) {
      e.preventDefault();
      select(next, true);
    }
  };

  const panel = (id: TabId): ReactNode => {
    switch (id) {
      case 'characteristics':
        return characteristics;
      case 'description':
        return description;
      case 'analogues':
        return opened.has(id) ? <Analogues slug={slug} /> : null;
      case 'installation':
        return (
          <>
            {opened.has(id) && withInstallation ? (
              <InstallationPrice slug={slug} categorySlug={categorySlug} />
            ) : null}
            {installation}
          </>
        );
      case 'reviews':
        return opened.has(id) ? <Reviews slug={slug} /> : null;
    }
  };

  return (
    <div className={`${styles.tabs} render-lazy`} ref={rootRef} id="product-tabs">
      <div role="tablist" aria-label="Информация о товаре" className={styles.tablist} onKeyDown={onKeyDown}>
        {TAB_IDS.map((id) => (
          <button
            key={id}
            ref={(el) => {
              tabRefs.current[id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-controls={`panel-${id}`}
            aria-selected={active === id}
            tabIndex={active === id ? 0 : -1}
            className={`${styles.tab} ${active === id ? styles.tabActive : ''}`}
            onClick={() => select(id)}
          >
            {TITLES[id]}
            {id === 'reviews' && reviewsCount > 0 ? (
              <span className={styles.tabCount}>{reviewsCount}</span>
            ) : null}
          </button>
        ))}
      </div>
      {TAB_IDS.map((id) => (
        <div
          key={id}
          role="tabpanel"
          id={`panel-${id}`}
          aria-labelledby={`tab-${id}`}
          hidden={active !== id}
          tabIndex={0}
          className={styles.panel}
        >
          {panel(id)}
        </div>
      ))}
    </div>
  );
}
