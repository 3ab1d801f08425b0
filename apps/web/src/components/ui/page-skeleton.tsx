import { Skeleton } from './skeleton';
import styles from './page-skeleton.module.css';

/**
 * Placeholder for a page whose data is still loading, for a segment's loading.tsx. Not used at the root:
 * a root loading boundary makes every page stream, and a streamed page can no longer answer 404.
 */
export function PageSkeleton() {
  return (
    <div className={`container ${styles.wrap}`} role="status" aria-busy="true">
      <span className="visually-hidden">Загрузка…</span>
      <Skeleton height={280} radius="var(--radius-xl)" />
      <div className={styles.grid}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={160} radius="var(--radius-lg)" />
        ))}
      </div>
    </div>
  );
}
