'use client';

import {
  adminCallbackNoteRequest,
  CALLBACK_DUE_MS,
  CALLBACK_NOTE_MAX_LENGTH,
  CALLBACK_STATUS_TITLES,
  FEEDBACK_TYPE_TITLES,
  FEEDBACK_TYPES,
  formatDateTime,
  maskPhone,
  type AdminCallback,
  type CallbackFilter,
} from '@podbor/contract';
import { useEffect, useRef, useState } from 'react';
import { useAdminMutation, useAdminQuery } from '@/components/admin/admin-query';
import { adminStyles, Badge, EmptyState, LoadError, Pager, TableSkeleton } from '@/components/admin/admin-ui';
import { TextActionForm } from '@/components/admin/text-action-form';
import { Button } from '@/components/ui/button';
import { formatSpan, useServerNow } from './clock';
import styles from './callbacks.module.css';
import { useCallbackSummary } from './use-summary';

const FILTERS: { value: CallbackFilter; label: string }[] = [
  { value: 'open', label: 'Открытые' },
  { value: 'done', label: 'Выполненные' },
  { value: 'all', label: 'Все' },
];

const INVALIDATES = ['adminCallbacks', 'adminCallbacksSummary'] as const;

/** The clock of one request: time left of the promised 17 minutes, or how late it is. */
function Deadline({ item, now }: { item: AdminCallback; now: number }) {
  if (item.status === 'done') {
    const took = item.done_at ? Date.parse(item.done_at) - Date.parse(item.created_at) : 0;
    const late = took > CALLBACK_DUE_MS;
    return (
      <span className={`${styles.clock} ${late ? styles.clockLate : styles.clockDone}`} data-clock="">
        {late ? 'Выполнена с опозданием' : 'Выполнена за'} {formatSpan(took)}
      </span>
    );
  }
  const left = Date.parse(item.due_at) - now;
  const elapsed = now - Date.parse(item.created_at);
  if (left <= 0)
    return (
      <span className={`${styles.clock} ${styles.clockLate}`} data-clock="" data-overdue="">
        Просрочено на {formatSpan(-left)}
      </span>
    );
  const progress = Math.min(100, Math.max(0, (elapsed / CALLBACK_DUE_MS) * 100));
  return (
    <span className={`${styles.clock} ${left < 5 * 60_000 ? styles.clockSoon : ''}`} data-clock="">
      <span className={styles.clockText}>
        {formatSpan(elapsed)} из 17:00 · осталось {formatSpan(left)}
      </span>
      <span className={styles.clockBar} aria-hidden="true">
        <span style={{ width: `${progress}%` }} />
      </span>
    </span>
  );
}

function CallbackCard({ item, now, myId }: { item: AdminCallback; now: number; myId: number | undefined }) {
  const [noting, setNoting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const params = { id: String(item.id) };
  const take = useAdminMutation('adminCallbackTake', () => ({ params }), INVALIDATES);
  const done = useAdminMutation('adminCallbackDone', () => ({ params }), INVALIDATES);
  const note = useAdminMutation(
    'adminCallbackNote',
    (text: string) => ({ params, body: { note: text } }),
    INVALIDATES,
  );
  const overdue = item.status !== 'done' && Date.parse(item.due_at) <= now;
  const mine = item.taken_by?.id === myId;
  const othersToCall = item.status === 'taken' && !mine;

  const run = (action: typeof take | typeof done) => {
    setError(null);
    action.mutate(undefined, { onError: (e) => setError(e.message) });
  };

  return (
    <li
      className={`${styles.card} ${overdue ? styles.cardOverdue : ''} ${item.status === 'done' ? styles.cardDone : ''}`}
      data-callback-id={item.id}
      data-status={item.status}
      aria-label={`Заявка №${item.id}: ${item.name}`}
    >
      <div className={styles.cardHead}>
        <div className={styles.who}>
          <strong className={styles.name}>{item.name}</strong>
          <a href={`tel:${item.phone}`} className={styles.phone}>
            {maskPhone(item.phone)}
          </a>
        </div>
        <div className={styles.tags}>
          <Badge tone="info">{FEEDBACK_TYPE_TITLES[item.type]}</Badge>
          <Badge tone={item.status === 'done' ? 'success' : item.status === 'taken' ? 'warning' : 'neutral'}>
            {CALLBACK_STATUS_TITLES[item.status]}
          </Badge>
          {overdue ? <Badge tone="danger">Просрочена</Badge> : null}
        </div>
      </div>
      <Deadline item={item} now={now} />
      <p className={styles.message}>{item.message}</p>
      <dl className={styles.meta}>
        <div>
          <dt>Поступила</dt>
          <dd>{formatDateTime(item.created_at)}</dd>
        </div>
        {item.vehicle ? (
          <div>
            <dt>Автомобиль</dt>
            <dd>{item.vehicle}</dd>
          </div>
        ) : null}
        {item.source ? (
          <div>
            <dt>Страница</dt>
            <dd className={styles.source}>{item.source}</dd>
          </div>
        ) : null}
        {item.taken_by ? (
          <div>
            <dt>{item.status === 'done' ? 'Звонил(а)' : 'Взял(а)'}</dt>
            <dd data-taken-by="">{mine ? `${item.taken_by.name} (вы)` : item.taken_by.name}</dd>
          </div>
        ) : null}
      </dl>
      {item.note && !noting ? (
        <p className={styles.note}>
          <strong>Заметка:</strong> {item.note}
        </p>
      ) : null}
      {noting ? (
        <TextActionForm
          id={`note-${item.id}`}
          schema={adminCallbackNoteRequest}
          field="note"
          label="Заметка к заявке"
          submitLabel="Сохранить заметку"
          initial={item.note}
          multiline
          allowEmpty
          maxLength={CALLBACK_NOTE_MAX_LENGTH}
          onSubmit={async (text) => {
            await note.mutateAsync(text);
            setNoting(false);
          }}
          onCancel={() => setNoting(false)}
        />
      ) : null}
      {item.status !== 'done' ? (
        <div className={adminStyles.rowActions}>
          {item.status === 'new' ? (
            <Button size="sm" onClick={() => run(take)} loading={take.isPending}>
              Взять в работу
            </Button>
          ) : null}
          {!othersToCall ? (
            <Button size="sm" variant="secondary" onClick={() => run(done)} loading={done.isPending}>
              Выполнена
            </Button>
          ) : null}
          {!noting ? (
            <Button size="sm" variant="ghost" onClick={() => setNoting(true)}>
              {item.note ? 'Изменить заметку' : 'Заметка'}
            </Button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className={adminStyles.formError}>
          {error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The callback desk: the storefront's help-modal requests, oldest open one first, each with a clock counting to the
 * promised 17 minutes. Live without reload: the summary (polled every second, shared with the header badge) says
 * when a request arrived or changed, and the list is fetched again then.
 */
export function CallbacksDesk() {
  const [status, setStatus] = useState<CallbackFilter>('open');
  const [type, setType] = useState('');
  const [page, setPage] = useState(1);
  const summary = useCallbackSummary();
  const me = useAdminQuery('staffMe', {});
  const list = useAdminQuery('adminCallbacks', {
    query: { status, page, type: (type || undefined) as AdminCallback['type'] | undefined },
  });
  const now = useServerNow(summary.data?.server_time ?? list.data?.server_time);

  // A new request, a taking or a finished one anywhere (any API process: the database is the truth) → refetch.
  const seen = useRef<string | null>(null);
  const { refetch } = list;
  useEffect(() => {
    if (!summary.data) return;
    const mark = `${summary.data.latest_id}|${summary.data.open}|${summary.data.changed_at ?? ''}`;
    if (seen.current !== null && seen.current !== mark) void refetch();
    seen.current = mark;
  }, [summary.data, refetch]);

  const data = list.data;
  return (
    <>
      <div className={adminStyles.toolbar}>
        <div className={adminStyles.tabs} role="tablist" aria-label="Какие заявки показать">
          {FILTERS.map((f) => (
            <button
              key={f.value}
              type="button"
              role="tab"
              aria-selected={status === f.value}
              className={adminStyles.tab}
              onClick={() => {
                setStatus(f.value);
                setPage(1);
              }}
            >
              {f.label}
              {f.value === 'open' && summary.data ? ` (${summary.data.open})` : ''}
            </button>
          ))}
        </div>
        <label className={adminStyles.control}>
          Тип заявки
          <select
            className={adminStyles.select}
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              setPage(1);
            }}
          >
            <option value="">Все</option>
            {FEEDBACK_TYPES.map((t) => (
              <option key={t} value={t}>
                {FEEDBACK_TYPE_TITLES[t]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.error ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {!data ? (
        list.isPending ? (
          <TableSkeleton />
        ) : null
      ) : data.results.length === 0 ? (
        <EmptyState title={status === 'open' ? 'Открытых заявок нет' : 'Заявок нет'}>
          Новые заявки из формы «Нужна консультация специалиста» появятся здесь сами, без перезагрузки.
        </EmptyState>
      ) : (
        <ul className={styles.list} role="list" data-callback-list="">
          {data.results.map((item) => (
            <CallbackCard key={item.id} item={item} now={now} myId={me.data?.id} />
          ))}
        </ul>
      )}
      {data ? <Pager list={data} onPage={setPage} /> : null}
    </>
  );
}
