import { Skeleton } from '@/components/ui/skeleton';
import styles from './catalog-menu.module.css';

/** Shown while the menu's code or its categories load. */
export function PanelSkeleton() {
  return (
    <div className={styles.panel} aria-busy="true">
      <div className={`container ${styles.inner}`}>
        <p className="visually-hidden" role="status">
          Загрузка...
        </p>
        <div className={styles.row}>
          {[0, 1, 2].map((i) => (
            <div key={i} className={styles.skeletonGroup}>
              <Skeleton width="60%" height={22} />
              <Skeleton width="80%" height={16} />
              <Skeleton width="70%" height={16} />
              <Skeleton width="75%" height={16} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
