'use client';

import { formatDate, maskPhone } from '@podbor/contract';
import Link from 'next/link';
import { useListSearch } from '@/components/admin/use-search';
import { useAdminQuery } from '@/components/admin/admin-query';
import {
  adminStyles as styles,
  Badge,
  EmptyState,
  LoadError,
  Pager,
  TableSkeleton,
} from '@/components/admin/admin-ui';

/** Customers: search by phone in any spelling or by name, newest registrations first. */
export function CustomersList() {
  const { typed, setTyped, q, page, setPage } = useListSearch();
  const list = useAdminQuery('adminCustomers', { query: { q: q || undefined, page } });
  const data = list.data;
  return (
    <>
      <div className={styles.toolbar} role="search">
        <label className={styles.control}>
          Телефон или имя
          <input
            className={styles.input}
            type="search"
            value={typed}
            maxLength={100}
            placeholder="8 912 345-67-89, Иванов"
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
      </div>
      {list.error ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      <div className={styles.tableWrap} role="region" aria-label="Покупатели" tabIndex={0}>
        {!data ? (
          list.isPending ? (
            <TableSkeleton />
          ) : null
        ) : data.results.length === 0 ? (
          <EmptyState title="Никого не нашли">Проверьте номер или имя.</EmptyState>
        ) : (
          <table className={styles.table} data-customers="">
            <thead>
              <tr>
                <th scope="col">Покупатель</th>
                <th scope="col">Телефон</th>
                <th scope="col">Зарегистрирован</th>
                <th scope="col" className={styles.num}>
                  Заказов
                </th>
                <th scope="col">Состояние</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link href={`/admin/customers/${c.id}`}>{c.name || 'Без имени'}</Link>
                  </td>
                  <td>{c.phone_number ? maskPhone(c.phone_number) : '—'}</td>
                  <td className={styles.muted}>{formatDate(c.date_joined, 'long')}</td>
                  <td className={styles.num}>{c.orders_count}</td>
                  <td>
                    {c.blocked ? (
                      <Badge tone="danger">Заблокирован</Badge>
                    ) : c.is_active ? (
                      <Badge tone="success">Активен</Badge>
                    ) : (
                      <Badge tone="warning">Не подтвердил номер</Badge>
                    )}
                  </td>
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
