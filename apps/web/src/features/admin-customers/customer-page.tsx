'use client';

import {
  adminCustomerBlockRequest,
  BLOCK_REASON_MAX_LENGTH,
  formatDate,
  formatDateTime,
  formatPrice,
  maskPhone,
} from '@podbor/contract';
import Link from 'next/link';
import { useState } from 'react';
import { useAdminMutation, useAdminQuery } from '@/components/admin/admin-query';
import {
  adminStyles as styles,
  Badge,
  Card,
  EmptyState,
  LoadError,
  PageHeader,
  TableSkeleton,
} from '@/components/admin/admin-ui';
import { OrderStatusBadge } from '@/components/admin/order-status-badge';
import { TextActionForm } from '@/components/admin/text-action-form';
import { Button } from '@/components/ui/button';

const INVALIDATES = ['adminCustomer', 'adminCustomers'] as const;

/** A customer's page: contacts, registration, their orders, block with a reason and unblock. */
export function CustomerPage({ id }: { id: string }) {
  const [blocking, setBlocking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const params = { id };
  const query = useAdminQuery('adminCustomer', { params });
  const block = useAdminMutation(
    'adminCustomerBlock',
    (reason: string) => ({ params, body: { reason } }),
    INVALIDATES,
  );
  const unblock = useAdminMutation('adminCustomerUnblock', () => ({ params }), INVALIDATES);
  const c = query.data;

  if (query.error)
    return (
      <>
        <PageHeader title="Покупатель" />
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  if (!c)
    return (
      <>
        <PageHeader title="Покупатель" />
        <TableSkeleton rows={6} />
      </>
    );

  return (
    <>
      <PageHeader
        title={c.name || 'Покупатель без имени'}
        lead={<Link href="/admin/customers">← Все покупатели</Link>}
        actions={
          c.blocked ? (
            <Button
              variant="secondary"
              loading={unblock.isPending}
              onClick={() => {
                setError(null);
                unblock.mutate(undefined, { onError: (e) => setError(e.message) });
              }}
            >
              Разблокировать
            </Button>
          ) : !blocking ? (
            <Button variant="secondary" onClick={() => setBlocking(true)}>
              Заблокировать…
            </Button>
          ) : null
        }
      />
      {error ? (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      ) : null}
      {blocking && !c.blocked ? (
        <Card title="Блокировка" id="block">
          <p className={styles.muted}>
            Покупатель будет сразу выведен из всех сессий и не сможет войти, пока его не разблокируют.
          </p>
          <TextActionForm
            id="block-reason"
            schema={adminCustomerBlockRequest}
            field="reason"
            label="Причина блокировки"
            submitLabel="Заблокировать"
            maxLength={BLOCK_REASON_MAX_LENGTH}
            onSubmit={async (reason) => {
              await block.mutateAsync(reason);
              setBlocking(false);
            }}
            onCancel={() => setBlocking(false)}
          />
        </Card>
      ) : null}
      <Card title="Контакты и учётная запись" id="contacts">
        <dl className={styles.facts} data-customer="">
          <dt>Телефон</dt>
          <dd>{c.phone_number ? <a href={`tel:${c.phone_number}`}>{maskPhone(c.phone_number)}</a> : '—'}</dd>
          <dt>E-mail</dt>
          <dd>{c.email || '—'}</dd>
          <dt>Зарегистрирован</dt>
          <dd>{formatDate(c.date_joined, 'long')}</dd>
          <dt>Последний вход</dt>
          <dd>{c.last_login ? formatDateTime(c.last_login) : '—'}</dd>
          <dt>Состояние</dt>
          <dd data-customer-state="">
            {c.blocked ? (
              <Badge tone="danger">Заблокирован</Badge>
            ) : c.is_active ? (
              <Badge tone="success">Активен</Badge>
            ) : (
              <Badge tone="warning">Не подтвердил номер</Badge>
            )}
          </dd>
          {c.blocked ? (
            <>
              <dt>Причина</dt>
              <dd>
                {c.blocked_reason}
                {c.blocked_at ? ` · ${formatDateTime(c.blocked_at)}` : ''}
                {c.blocked_by ? ` · ${c.blocked_by.name}` : ''}
              </dd>
            </>
          ) : null}
        </dl>
      </Card>
      <Card title={`Заказы (${c.orders_count})`} id="orders">
        {c.orders.length === 0 ? (
          <EmptyState title="Заказов нет" />
        ) : (
          <div className={styles.tableWrap} role="region" aria-label="Заказы покупателя" tabIndex={0}>
            <table className={styles.table} data-customer-orders="">
              <thead>
                <tr>
                  <th scope="col">Номер</th>
                  <th scope="col">Дата</th>
                  <th scope="col">Статус</th>
                  <th scope="col">Филиал</th>
                  <th scope="col" className={styles.num}>
                    Сумма
                  </th>
                </tr>
              </thead>
              <tbody>
                {c.orders.map((o) => (
                  <tr key={o.id}>
                    <td>№{o.number}</td>
                    <td className={styles.muted}>{formatDateTime(o.created_at)}</td>
                    <td>
                      <OrderStatusBadge status={o.status} />
                      {o.is_paid ? ' ' : null}
                      {o.is_paid ? <Badge tone="success">Оплачен</Badge> : null}
                    </td>
                    <td>{o.branch.title}</td>
                    <td className={styles.num}>{formatPrice(o.total_price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}
