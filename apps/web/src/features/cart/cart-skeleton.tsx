import { Skeleton } from '@/components/ui/skeleton';
import styles from './cart.module.css';

/** Placeholder of the cart and order pages while their data loads. */
export function CartSkeleton({ title }: { title: string }) {
  return (
    <div className={`container ${styles.page}`} role="status" aria-busy="true">
      <span className="visually-hidden">Загрузка…</span>
      <div className={styles.heading}>
        <h1>{title}</h1>
      </div>
      <div className={styles.layout}>
        <div className={styles.lines}>
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className={styles.row}>
              <Skeleton width={20} height={20} />
              <Skeleton width={96} height={96} radius="var(--radius-md)" />
              <div className={styles.info}>
                <Skeleton height={20} width="70%" />
                <Skeleton height={16} width="40%" />
              </div>
              <Skeleton width={128} height={40} radius="var(--radius-md)" />
            </div>
          ))}
        </div>
        <div className={styles.summary}>
          <Skeleton height={24} width="50%" />
          <Skeleton height={80} />
          <Skeleton height={48} radius="var(--radius-md)" />
        </div>
      </div>
    </div>
  );
}
