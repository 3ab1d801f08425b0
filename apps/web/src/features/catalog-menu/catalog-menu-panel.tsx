'use client';

import { catalogLink, formatNumber } from '@podbor/contract';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useRef, type ComponentProps, type RefObject } from 'react';
import { QueryIsland } from '@/components/query/query-island';
import { ChevronRightIcon, CloseIcon } from '@/components/ui/icons';
import { browserApi } from '@/lib/api/browser';
import { inGroupsOf, visibleTree, type MenuNode } from './menu-tree';
import { PanelSkeleton } from './panel-skeleton';
import styles from './catalog-menu.module.css';

export default function CatalogMenuPanel(props: ComponentProps<typeof Panel>) {
  return (
    <QueryIsland>
      <Panel {...props} />
    </QueryIsland>
  );
}

function Panel({
  id,
  transportId,
  transportLabel,
  buttonRef,
  onClose,
}: {
  id: string;
  transportId: number | null;
  transportLabel: string | null;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onClose: (returnFocus: boolean) => void;
}) {
  // Trees stay cached per vehicle for the life of the tab: reopening the menu is instant, choosing another
  // vehicle loads that vehicle's tree (its `found` counts differ).
  const tree = useQuery({
    queryKey: ['categoryTree', transportId],
    queryFn: async ({ signal }) => {
      const r = transportId
        ? await browserApi('categoryTreeByTransport', { params: { transportId }, signal })
        : await browserApi('categoryTree', { signal });
      if (!r.ok) throw new Error('category tree failed');
      return r.data;
    },
    staleTime: Infinity,
  });
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Escape and a click outside the menu (and outside its button) close it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onCloseRef.current(true);
    };
    const onDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      // The bottom menu's catalogue entry toggles the menu itself.
      if (target instanceof Element && target.closest('[data-catalog-toggle]')) return;
      onCloseRef.current(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [buttonRef]);

  if (!tree.data && !tree.isError) return <PanelSkeleton />;

  const nodes = tree.data ? visibleTree(tree.data) : [];
  const close = () => onClose(true);

  return (
    <>
      <div className={styles.backdrop} aria-hidden="true" />
      <nav
        id={id}
        ref={panelRef}
        className={styles.panel}
        aria-labelledby={`${id}-title`}
        data-catalog-menu=""
        data-transport-id={transportId ?? ''}
      >
        <div className={`container ${styles.inner}`}>
          <div className={styles.head}>
            <h2 id={`${id}-title`} className={styles.title}>
              Каталог
              {transportLabel ? <span className={styles.for}> для {transportLabel}</span> : null}
            </h2>
            <Link href="/maintenance" className={styles.all} onClick={close}>
              Каталог ТО <ChevronRightIcon size={16} />
            </Link>
            <Link href={catalogLink([], transportId)} className={styles.all} onClick={close}>
              Весь каталог <ChevronRightIcon size={16} />
            </Link>
            <button type="button" className={styles.close} onClick={close} aria-label="Закрыть каталог">
              <CloseIcon size={20} />
            </button>
          </div>

          {!tree.data ? (
            <div className={styles.message} role="alert">
              <p>Не удалось загрузить каталог.</p>
              <button type="button" className={styles.retry} onClick={() => void tree.refetch()}>
                Повторить
              </button>
            </div>
          ) : nodes.length === 0 ? (
            <div className={styles.message}>
              <p>Для выбранного транспорта пока нет товаров. Попробуйте выбрать другой двигатель или год.</p>
            </div>
          ) : (
            <div className={styles.rows}>
              {inGroupsOf(nodes, 3).map((row) => (
                <ul role="list" key={row.map((n) => n.slug).join()} className={styles.row}>
                  {row.map((node) => (
                    <li key={node.slug} className={styles.group}>
                      <MenuLink node={node} top onNavigate={close} transportId={transportId} />
                      {node.children.length > 0 ? (
                        <ul role="list" className={styles.children}>
                          {node.children.map((child) => (
                            <li key={child.slug}>
                              <MenuLink node={child} onNavigate={close} transportId={transportId} />
                              {child.children.length > 0 ? (
                                <ul role="list" className={styles.grandchildren}>
                                  {child.children.map((leaf) => (
                                    <li key={leaf.slug}>
                                      <MenuLink
                                        node={leaf}
                                        onNavigate={close}
                                        small
                                        transportId={transportId}
                                      />
                                    </li>
                                  ))}
                                </ul>
                              ) : null}
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ))}
            </div>
          )}
        </div>
      </nav>
    </>
  );
}

function MenuLink({
  node,
  top = false,
  small = false,
  onNavigate,
  transportId,
}: {
  node: MenuNode;
  top?: boolean;
  small?: boolean;
  onNavigate: () => void;
  transportId: number | null;
}) {
  const image = top && node.image && node.image.startsWith('/') ? node.image : null;
  return (
    <Link
      href={catalogLink(node.path, transportId)}
      className={top ? styles.topLink : small ? styles.smallLink : styles.link}
      onClick={onNavigate}
      prefetch={false}
      data-category={node.slug}
    >
      {top ? (
        image ? (
          <img src={image} alt="" width={40} height={40} loading="lazy" className={styles.thumb} />
        ) : (
          <span className={styles.thumbFallback} aria-hidden="true">
            {node.title.charAt(0)}
          </span>
        )
      ) : null}
      <span className={styles.linkTitle}>{node.title}</span>
      <span className={styles.count} data-count={node.count}>
        <span className="visually-hidden">, товаров: </span>
        {formatNumber(node.count)}
      </span>
    </Link>
  );
}
