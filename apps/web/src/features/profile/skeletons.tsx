import { Skeleton } from '@/components/ui/skeleton';
import styles from './profile.module.css';

/** Placeholders of the personal pages while their data loads. */
export function ProfileSkeleton() {
  return (
    <div className={styles.page} role="status" aria-busy="true">
      <span className="visually-hidden">Загрузка…</span>
      <Skeleton width="40%" height={36} />
      {[0, 1, 2].map((i) => (
        <div key={i} className={styles.card}>
          <Skeleton width="30%" height={24} />
          <Skeleton height={18} />
          <Skeleton width="70%" height={18} />
          <Skeleton width="55%" height={18} />
        </div>
      ))}
    </div>
  );
}

export function OrdersSkeleton() {
  return (
    <div className={styles.page} role="status" aria-busy="true">
      <span className="visually-hidden">Загрузка…</span>
      <Skeleton width="45%" height={36} />
      <Skeleton height={72} radius="var(--radius-lg)" />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={150} radius="var(--radius-lg)" />
      ))}
    </div>
  );
}
