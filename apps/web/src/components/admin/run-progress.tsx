import type { ReactNode } from 'react';
import styles from './run-progress.module.css';

// The progress of a background import run (issue #15): a bar of lines done of total and a line of text under it.
// The imports screen and the suppliers' price lists show their runs with it, so both look and read alike.

export type RunProgressStatus = 'queued' | 'running' | 'done' | 'failed';

/** Percent of the run done: 100 once it is done, 0 while the total is not known yet. */
function runPercent(status: RunProgressStatus, done: number, total: number | null): number {
  if (status === 'done') return 100;
  return total ? Math.min(100, Math.round((done / total) * 100)) : 0;
}

export function RunProgress({
  status,
  done,
  total,
  label,
  children,
}: {
  status: RunProgressStatus;
  done: number;
  total: number | null;
  /** The bar's accessible name: «Ход импорта <file>». */
  label: string;
  /** The text under the bar («1 200 из 5 000 строк»). */
  children: ReactNode;
}) {
  const percent = runPercent(status, done, total);
  return (
    <div className={styles.progress}>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div
          className={`${styles.fill} ${status === 'done' ? styles.fillDone : ''} ${
            status === 'failed' ? styles.fillFailed : ''
          }`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className={styles.small} data-progress="">
        {children}
      </span>
    </div>
  );
}
