'use client';

import { categoryUrl, formatNumber, type CategoryNode } from '@podbor/contract';
import Link from 'next/link';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { ChevronRightIcon, CloseIcon } from '@/components/ui/icons';
import { browserApi } from '@/lib/api/browser';
import { inGroupsOf, visibleTree, type MenuNode } from './menu-tree';
import { PanelSkeleton } from './panel-skeleton';
import styles from './catalog-menu.module.css';

// Trees already loaded, per vehicle ('' = none): reopening the menu is instant, choosing another vehicle
// loads that vehicle's tree (its `found` counts differ).
const trees = new Map<string, CategoryNode[]>();

type Load = { key: string; state: 'ready'; tree: CategoryNode[] } | { key: string; state: 'error' };

export default function CatalogMenuPanel({
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
  const key = transportId ? String(transportId) : '';
  const cached = trees.get(key);
  const [load, setLoad] = useState<Load | null>(cached ? { key, state: 'ready', tree: cached } : null);
  const [attempt, setAttempt] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (trees.has(key)) return;
    const controller = new AbortController();
    const request = transportId
      ? browserApi('categoryTreeByTransport', { params: { transportId }, signal: controller.signal })
      : browserApi('categoryTree', { signal: controller.signal });
    void request.then((r) => {
      if (controller.signal.aborted) return;
      if (r.ok) trees.set(key, r.data);
      setLoad(r.ok ? { key, state: 'ready', tree: r.data } : { key, state: 'error' });
    });
    return () => controller.abort();
  }, [key, transportId, attempt]);

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

  const current = load?.key === key ? load : cached ? ({ key, state: 'ready', tree: cached } as const) : null;
  if (!current) return <PanelSkeleton />;

  const nodes = current.state === 'ready' ? visibleTree(current.tree) : [];
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
            <Link href="/catalog" className={styles.all} onClick={close}>
              Весь каталог <ChevronRightIcon size={16} />
            </Link>
            <button type="button" className={styles.close} onClick={close} aria-label="Закрыть каталог">
              <CloseIcon size={20} />
            </button>
          </div>

          {current.state === 'error' ? (
            <div className={styles.message} role="alert">
              <p>Не удалось загрузить каталог.</p>
              <button type="button" className={styles.retry} onClick={() => setAttempt((n) => n + 1)}>
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
                      <MenuLink node={node} top onNavigate={close} />
                      {node.children.length > 0 ? (
                        <ul role="list" className={styles.children}>
                          {node.children.map((child) => (
                            <li key={child.slug}>
                              <MenuLink node={child} onNavigate={close} />
                              {child.children.length > 0 ? (
                                <ul role="list" className={styles.grandchildren}>
                                  {child.children.map((leaf) => (
                                    <li key={leaf.slug}>
                                      <MenuLink node={leaf} onNavigate={close} small />
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
}: {
  node: MenuNode;
  top?: boolean;
  small?: boolean;
  onNavigate: () => void;
}) {
  const image = top && node.image && node.image.startsWith('/') ? node.image : null;
  return (
    <Link
      href={categoryUrl(node.path)}
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
