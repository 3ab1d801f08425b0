'use client';

import {
  formatDateTime,
  JOB_MESSAGES,
  JOB_STATE_TITLES,
  JOB_STATES,
  type AdminJobFailure,
  type JobState,
} from '@podbor/contract';
import { useState } from 'react';
import { useAdminMutation, useAdminQuery } from '@/components/admin/admin-query';
import {
  adminStyles,
  Badge,
  Card,
  EmptyState,
  LoadError,
  TableSkeleton,
  type BadgeTone,
} from '@/components/admin/admin-ui';
import { Button } from '@/components/ui/button';
import styles from './jobs.module.css';

// «Фоновые задачи» (issue #16): the job engine's queues with their jobs by state, and the latest failures with
// their reasons. The page follows the engine live; a job with no attempts left can be run again.

const POLL_MS = 5_000;

const STATE_TONE: Record<JobState, BadgeTone> = {
  created: 'neutral',
  retry: 'warning',
  active: 'info',
  completed: 'success',
  failed: 'danger',
};

export function JobsDesk() {
  const query = useAdminQuery('adminJobs', {}, { refetchInterval: POLL_MS });
  const data = query.data;
  return (
    <div className={adminStyles.stack}>
      <Card title="Очереди">
        {query.error && !data ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : !data ? (
          <TableSkeleton rows={3} />
        ) : data.queues.length === 0 ? (
          <EmptyState title="Фоновых задач ещё не было">
            Очереди появятся, когда API запустит обработчик задач.
          </EmptyState>
        ) : (
          <div className={adminStyles.tableWrap} role="region" aria-label="Очереди задач" tabIndex={0}>
            <table className={adminStyles.table} data-job-queues="">
              <thead>
                <tr>
                  <th scope="col">Очередь</th>
                  {JOB_STATES.map((state) => (
                    <th scope="col" key={state} className={adminStyles.num}>
                      {JOB_STATE_TITLES[state]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.queues.map((queue) => (
                  <tr key={queue.name} data-queue={queue.name}>
                    <td>
                      <div>{queue.title}</div>
                      <div className={adminStyles.muted}>{queue.name}</div>
                    </td>
                    {JOB_STATES.map((state) => (
                      <td key={state} className={adminStyles.num} data-state={state}>
                        {queue.counts[state] > 0 && state !== 'completed' ? (
                          <Badge tone={STATE_TONE[state]}>
                            {queue.counts[state].toLocaleString('ru-RU')}
                          </Badge>
                        ) : (
                          queue.counts[state].toLocaleString('ru-RU')
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <Card title="Последние неудачи">
        {!data ? (
          query.error ? null : (
            <TableSkeleton rows={3} />
          )
        ) : data.failures.length === 0 ? (
          <EmptyState title="Неудачных задач нет">
            Здесь появятся задачи, которые завершились ошибкой.
          </EmptyState>
        ) : (
          <div className={adminStyles.tableWrap} role="region" aria-label="Неудавшиеся задачи" tabIndex={0}>
            <table className={adminStyles.table} data-job-failures="">
              <thead>
                <tr>
                  <th scope="col">Задача</th>
                  <th scope="col">Причина</th>
                  <th scope="col">Попыток</th>
                  <th scope="col">Когда</th>
                  <th scope="col">
                    <span className="visually-hidden">Действия</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.failures.map((failure) => (
                  <FailureRow key={failure.id} failure={failure} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}

function FailureRow({ failure }: { failure: AdminJobFailure }) {
  const [done, setDone] = useState(false);
  const retry = useAdminMutation('adminJobRetry', (jobId: string) => ({ params: { jobId } }), ['adminJobs']);
  return (
    <tr data-job-id={failure.id} data-state={failure.state}>
      <td>
        <div>{failure.queue_title}</div>
        <div className={adminStyles.muted}>
          <Badge tone={STATE_TONE[failure.state]}>
            {failure.state === 'failed' ? 'Попытки исчерпаны' : 'Будет повторена'}
          </Badge>
        </div>
      </td>
      <td>
        <div className={styles.error}>{failure.error || '—'}</div>
      </td>
      <td className={adminStyles.num}>{failure.attempts}</td>
      <td className={adminStyles.muted}>
        <div>{failure.failed_at ? formatDateTime(failure.failed_at) : '—'}</div>
        {failure.retry_at ? <div>повтор в {formatDateTime(failure.retry_at)}</div> : null}
        <div>создана {formatDateTime(failure.created_at)}</div>
      </td>
      <td>
        {failure.state === 'failed' ? (
          <div className={adminStyles.rowActions}>
            <Button
              size="sm"
              variant="secondary"
              loading={retry.isPending}
              disabled={done}
              onClick={() => {
                retry.mutate(failure.id, { onSuccess: () => setDone(true) });
              }}
            >
              Повторить
            </Button>
            {done ? (
              <span role="status" className={adminStyles.muted}>
                {JOB_MESSAGES.retried}
              </span>
            ) : null}
            {retry.error ? (
              <span role="alert" className={adminStyles.formError}>
                {retry.error.message}
              </span>
            ) : null}
          </div>
        ) : null}
      </td>
    </tr>
  );
}
