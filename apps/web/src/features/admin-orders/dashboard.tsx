'use client';

import { formatPrice } from '@podbor/contract';
import Link from 'next/link';
import { useAdminQuery } from '@/components/admin/admin-query';
import { adminStyles as styles, Badge, Card, LoadError, TableSkeleton } from '@/components/admin/admin-ui';
import local from './admin-orders.module.css';

/** Figures refresh this often while the dashboard is open. */
const LIVE_MS = 15_000;

/** The back office's home: today's orders and revenue, callbacks waiting, goods out of stock per branch. */
export function Dashboard() {
  const query = useAdminQuery('adminDashboard', {}, { refetchInterval: LIVE_MS });
  const data = query.data;
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!data) return <TableSkeleton rows={4} />;
  return (
    <>
      <div className={local.dashboard} data-dashboard="">
        <Card title="Заказы сегодня" id="orders-today">
          <p className={local.figure} data-orders-today="">
            {data.orders_today.toLocaleString('ru-RU')}
          </p>
          <Link href="/admin/orders">Открыть заказы</Link>
        </Card>
        <Card title="Выручка сегодня" id="revenue-today">
          <p className={local.figure}>{formatPrice(data.revenue_today)}</p>
          <p className={styles.muted}>без отменённых заказов</p>
        </Card>
        <Card title="Обратные звонки" id="callbacks">
          <p className={local.figure}>{data.callbacks.open}</p>
          <p>
            {data.callbacks.overdue > 0 ? (
              <Badge tone="danger">просрочено: {data.callbacks.overdue}</Badge>
            ) : (
              <Badge tone="success">просроченных нет</Badge>
            )}
          </p>
        </Card>
      </div>
      <Card title="По филиалам" id="branches">
        <div className={styles.tableWrap} role="region" aria-label="По филиалам" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Филиал</th>
                <th scope="col" className={styles.num}>
                  Заказы сегодня
                </th>
                <th scope="col" className={styles.num}>
                  Выручка
                </th>
                <th scope="col" className={styles.num}>
                  Нет в наличии, товаров
                </th>
              </tr>
            </thead>
            <tbody>
              {data.branches.map((b) => (
                <tr key={b.id}>
                  <td>{b.title}</td>
                  <td className={styles.num}>{b.orders_today}</td>
                  <td className={styles.num}>{formatPrice(b.revenue_today)}</td>
                  <td className={styles.num}>{b.out_of_stock.toLocaleString('ru-RU')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </>
  );
}
