'use client';

import Link from 'next/link';
import { PhoneIcon } from '@/components/ui/icons';
import styles from './callbacks.module.css';
import { useCallbackSummary } from './use-summary';

/** The back office header's live counter of open and overdue callback requests (every staff screen shows it). */
export function CallbackBadge() {
  const { data } = useCallbackSummary();
  const open = data?.open ?? 0;
  const overdue = data?.overdue ?? 0;
  return (
    <Link
      href="/admin/callbacks"
      className={`${styles.badge} ${overdue > 0 ? styles.badgeOverdue : ''}`}
      data-callback-badge=""
      aria-label={`Обратные звонки: открытых ${open}, просроченных ${overdue}`}
    >
      <PhoneIcon aria-hidden="true" size={18} />
      <span>
        Звонки: <strong data-callback-open="">{open}</strong>
      </span>
      {overdue > 0 ? (
        <span className={styles.badgeLate}>
          просрочено <strong data-callback-overdue="">{overdue}</strong>
        </span>
      ) : null}
    </Link>
  );
}
