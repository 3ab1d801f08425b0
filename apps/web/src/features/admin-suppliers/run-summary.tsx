import { countRu, IMPORT_STATUS_TITLES, type ImportStatus } from '@podbor/contract';
import { Badge, type BadgeTone } from '@/components/admin/admin-ui';
import { RunProgress } from '@/components/admin/run-progress';
import styles from './suppliers.module.css';

// A price-list run in a line: its status badge and, while it works, the bar of lines done of total.

const STATUS_TONE: Record<ImportStatus, BadgeTone> = {
  queued: 'neutral',
  running: 'info',
  done: 'success',
  failed: 'danger',
};

export const isActive = (status: ImportStatus) => status === 'queued' || status === 'running';

function linesText(status: ImportStatus, done: number, total: number | null): string {
  if (total === null) return status === 'queued' ? 'ждёт очереди' : 'считаем строки…';
  return `${done.toLocaleString('ru-RU')} из ${countRu(total, ['строки', 'строк', 'строк'])}`;
}

export function RunStatus({
  run,
  label,
}: {
  run: { status: ImportStatus; lines_done: number; lines_total: number | null };
  label: string;
}) {
  return (
    <>
      <span className={styles.status}>
        <Badge tone={STATUS_TONE[run.status]}>{IMPORT_STATUS_TITLES[run.status]}</Badge>
      </span>
      <RunProgress status={run.status} done={run.lines_done} total={run.lines_total} label={label}>
        {linesText(run.status, run.lines_done, run.lines_total)}
      </RunProgress>
    </>
  );
}
