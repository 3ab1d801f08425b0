'use client';

import { formatDateTime, type AuditEntry } from '@podbor/contract';
import { useState } from 'react';
import { useAdminQuery } from '@/components/admin/admin-query';
import {
  adminStyles as styles,
  Badge,
  EmptyState,
  LoadError,
  Pager,
  TableSkeleton,
} from '@/components/admin/admin-ui';

/** What an action key means, for the log's readers. Unknown keys are shown as they are. */
const ACTION_TITLES: Record<string, string> = {
  'order.release': 'Снят резерв заказа',
  'order.status': 'Изменён статус заказа',
  'staff.login': 'Вход в панель управления',
  'callback.take': 'Заявка взята в работу',
  'callback.note': 'Заметка к заявке',
  'callback.done': 'Заявка выполнена',
  'review.publish': 'Отзыв опубликован',
  'review.hide': 'Отзыв скрыт',
  'review.reply': 'Ответ на отзыв',
  'review.reply_remove': 'Ответ на отзыв удалён',
  'user.block': 'Покупатель заблокирован',
  'user.unblock': 'Покупатель разблокирован',
  'product.update': 'Изменён товар',
  'product.stock': 'Изменены остатки товара',
  'product.image': 'Добавлено фото товара',
  'branch.update': 'Изменён филиал',
};

/** Section of the filter, and how one record of it is named in the table. */
const ENTITY_TITLES: Record<string, [section: string, record: string]> = {
  order: ['Заказы', 'Заказ'],
  callback: ['Обратные звонки', 'Заявка'],
  review: ['Отзывы', 'Отзыв'],
  product: ['Товары', 'Товар'],
  branch: ['Филиалы', 'Филиал'],
  user: ['Покупатели и сотрудники', 'Учётная запись'],
};

const isChange = (v: unknown): v is { from: unknown; to: unknown } =>
  typeof v === 'object' && v !== null && 'from' in v && 'to' in v;

const show = (v: unknown): string =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** «поле: было → стало; reason: …», with changes nested one level (`changes: {price: {from, to}}`) flattened. */
function details(entry: AuditEntry): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return;
    if (isChange(value)) parts.push(`${key}: ${show(value.from)} → ${show(value.to)}`);
    else if (typeof value === 'object' && !Array.isArray(value) && Object.values(value).some(isChange))
      for (const [inner, change] of Object.entries(value)) add(inner, change);
    else parts.push(`${key}: ${show(value)}`);
  };
  for (const [key, value] of Object.entries(entry.data)) add(key, value);
  return parts.join('; ');
}

/** The audit log: who did what to which record and when, newest first, with filters by section and action. */
export function AuditLog() {
  const [entity, setEntity] = useState('');
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const query = useAdminQuery('adminAuditLog', {
    query: { page, entity: entity || undefined, action: action.trim() || undefined },
  });
  const data = query.data;

  return (
    <>
      <div className={styles.toolbar} role="search">
        <label className={styles.control}>
          Раздел
          <select
            className={styles.select}
            value={entity}
            onChange={(e) => {
              setEntity(e.target.value);
              setPage(1);
            }}
          >
            <option value="">Все</option>
            {Object.entries(ENTITY_TITLES).map(([value, [title]]) => (
              <option key={value} value={value}>
                {title}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.control}>
          Действие (начало ключа)
          <input
            className={styles.input}
            value={action}
            placeholder="например, order."
            maxLength={100}
            onChange={(e) => {
              setAction(e.target.value);
              setPage(1);
            }}
          />
        </label>
      </div>
      {query.error ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <div className={styles.tableWrap} role="region" aria-label="Журнал действий" tabIndex={0}>
        {!data ? (
          query.isPending ? (
            <TableSkeleton />
          ) : null
        ) : data.results.length === 0 ? (
          <EmptyState title="Записей нет">Здесь появятся действия сотрудников.</EmptyState>
        ) : (
          <table className={styles.table} data-audit-log="">
            <thead>
              <tr>
                <th scope="col">Когда</th>
                <th scope="col">Кто</th>
                <th scope="col">Действие</th>
                <th scope="col">Запись</th>
                <th scope="col">Подробности</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((entry) => (
                <tr key={entry.id}>
                  <td className={styles.muted}>{formatDateTime(entry.at)}</td>
                  <td>{entry.user?.name ?? 'Магазин (автоматически)'}</td>
                  <td>
                    <Badge tone={entry.action.startsWith('staff.') ? 'neutral' : 'info'}>
                      {ACTION_TITLES[entry.action] ?? entry.action}
                    </Badge>
                  </td>
                  <td>
                    {ENTITY_TITLES[entry.entity]?.[1] ?? entry.entity} №{entry.entity_id}
                  </td>
                  <td className={styles.muted}>{details(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {data ? <Pager list={data} onPage={setPage} /> : null}
    </>
  );
}
