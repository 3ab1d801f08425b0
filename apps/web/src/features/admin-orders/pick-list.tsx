'use client';

import { formatDateTime } from '@podbor/contract';
import { useAdminQuery } from '@/components/admin/admin-query';
import { LoadError, TableSkeleton } from '@/components/admin/admin-ui';
import { Button } from '@/components/ui/button';
import local from './admin-orders.module.css';

/** The pick list of an order, for the warehouse: what to take from which warehouse, black on white for paper. */
export function PickList({ number }: { number: string }) {
  const query = useAdminQuery('adminOrder', { params: { number } });
  const order = query.data;
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!order) return <TableSkeleton />;
  const held = order.reservations.filter((r) => !r.released_at);
  return (
    <main className={local.print} data-pick-list="">
      <Button className={local.printButton} onClick={() => window.print()}>
        Печать
      </Button>
      <h1>Лист сборки — заказ №{order.number}</h1>
      <p>
        Оформлен {formatDateTime(order.created_at)} · выдача: {order.branch.title}, {order.branch.city},{' '}
        {order.branch.address}
        <br />
        Покупатель: {order.customer.name}, {order.customer.phone}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Склад</th>
            <th scope="col">Товар</th>
            <th scope="col">Кол-во</th>
            <th scope="col">Собрано</th>
          </tr>
        </thead>
        <tbody>
          {(held.length ? held : order.reservations).map((r, i) => (
            <tr key={i}>
              <td>{r.warehouse.title}</td>
              <td>{r.title}</td>
              <td>{r.quantity}</td>
              <td aria-label="Отметка о сборке" />
            </tr>
          ))}
        </tbody>
      </table>
      <p>Собрал: ____________________ Дата: ____________</p>
    </main>
  );
}
