import { countRu } from '@podbor/contract';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import styles from './admin.module.css';

// Building blocks every back-office screen uses, so all of them look and behave alike.

export function PageHeader({
  title,
  lead,
  actions,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className={styles.pageHeader}>
      <div>
        <h1 className={styles.pageTitle}>{title}</h1>
        {lead ? <p className={styles.pageLead}>{lead}</p> : null}
      </div>
      {actions ? <div className={styles.pageActions}>{actions}</div> : null}
    </header>
  );
}

export function Card({ title, children, id }: { title?: string; children: ReactNode; id?: string }) {
  return (
    <section className={styles.card} aria-labelledby={title && id ? `${id}-title` : undefined}>
      {title ? (
        <h2 className={styles.cardTitle} id={id ? `${id}-title` : undefined}>
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>{title}</p>
      {children ? <div>{children}</div> : null}
    </div>
  );
}

/** A failed load, in words staff can act on; `onRetry` offers to try again. */
export function LoadError({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  return (
    <div className={styles.alert} role="alert">
      {error.message}{' '}
      {onRetry ? (
        <button type="button" className={styles.logout} style={{ color: 'inherit' }} onClick={onRetry}>
          Повторить
        </button>
      ) : null}
    </div>
  );
}

/** Rows of placeholders while a table's first page loads. */
export function TableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div className={styles.skeletonRows} role="status" aria-busy="true" aria-label="Загрузка">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={20} />
      ))}
    </div>
  );
}

/** «Стр. 2 из 14 · 327 записей» with previous/next. */
export function Pager({
  list: { current: page, pages, total, total_exact: exact = true },
  onPage,
}: {
  /** A list answer of the back office: its page, pages and total; `total_exact` false: more than `total`. */
  list: { current: number; pages: number; total: number; total_exact?: boolean };
  onPage: (page: number) => void;
}) {
  if (total === 0) return null;
  return (
    <nav className={styles.pager} aria-label="Страницы">
      <span>
        Стр. {page} из {Math.max(pages, 1)} ·{' '}
        {exact
          ? countRu(total, ['запись', 'записи', 'записей'])
          : `больше ${total.toLocaleString('ru-RU')} записей — уточните поиск, чтобы увидеть остальные`}
      </span>
      <span className={styles.pagerButtons}>
        <button type="button" className={styles.input} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          ← Назад
        </button>
        <button
          type="button"
          className={styles.input}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Вперёд →
        </button>
      </span>
    </nav>
  );
}

export { styles as adminStyles };
