'use client';

import { onOrderExpectedLabel } from '@podbor/contract/offer-text';
import {
  ADMIN_ORDER_STATUS_TITLES,
  adminOrderStatusRequest,
  formatDateTime,
  formatPrice,
  orderReleaseRequest,
  type AdminOrderDetail,
  type OrderStatus,
} from '@podbor/contract';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAdminMutation, useAdminQuery } from '@/components/admin/admin-query';
import {
  adminStyles as styles,
  Badge,
  Card,
  LoadError,
  PageHeader,
  TableSkeleton,
} from '@/components/admin/admin-ui';
import { Button } from '@/components/ui/button';
import { requestResolver } from '@/lib/form-resolver';
import { ACTION_TITLES } from './status';
import { OrderStatusBadge } from '@/components/admin/order-status-badge';
import local from './admin-orders.module.css';

type StatusForm = { reason: string };

/** The reason of a cancellation or a release: the contract's rule (required, at most 500 characters). */
const reasonResolver = requestResolver<StatusForm>(orderReleaseRequest, (v) => v, { reason: 'reason' });

/** The order page: status buttons (with the version the page shows), lines, holds, customer, payments, history. */
export function OrderPage({ number }: { number: string }) {
  const order = useAdminQuery('adminOrder', { params: { number } });
  const data = order.data;
  return (
    <>
      <PageHeader
        title={`Заказ №${number}`}
        lead={
          data ? (
            <>
              <OrderStatusBadge status={data.status} /> · оформлен {formatDateTime(data.created_at)} ·{' '}
              {data.branch.title}
            </>
          ) : undefined
        }
        actions={
          <>
            <Link href="/admin/orders">← К заказам</Link>
            <Link href={`/admin/orders/${number}/print`} target="_blank">
              Лист сборки
            </Link>
          </>
        }
      />
      {order.error ? <LoadError error={order.error} onRetry={() => void order.refetch()} /> : null}
      {!data ? order.isPending ? <TableSkeleton /> : null : <OrderBody order={data} />}
    </>
  );
}

function OrderBody({ order }: { order: AdminOrderDetail }) {
  return (
    <div className={local.grid}>
      <div className={local.column}>
        <StatusActions order={order} />
        <Card title="Состав заказа" id="lines">
          <div className={styles.tableWrap} role="region" aria-label="Состав заказа" tabIndex={0}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Товар</th>
                  <th scope="col">Артикул</th>
                  <th scope="col" className={styles.num}>
                    Цена
                  </th>
                  <th scope="col" className={styles.num}>
                    Кол-во
                  </th>
                  <th scope="col" className={styles.num}>
                    Сумма
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.lines.map((l) => (
                  <tr key={`${l.product_id}-${l.with_installation}`}>
                    <td>
                      {l.title}
                      {l.with_installation ? <div className={styles.muted}>с установкой</div> : null}
                      {l.on_order && l.expected_date ? (
                        <div className={styles.muted}>{onOrderExpectedLabel(l.expected_date)}</div>
                      ) : null}
                    </td>
                    <td className={styles.muted}>{l.vendor_code}</td>
                    <td className={styles.num}>{formatPrice(l.price)}</td>
                    <td className={styles.num}>{l.quantity}</td>
                    <td className={styles.num}>{formatPrice(l.price * l.quantity)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className={styles.facts}>
            <dt>Товары</dt>
            <dd>{formatPrice(order.items_price)}</dd>
            {order.installation_price > 0 ? (
              <>
                <dt>Установка</dt>
                <dd>{formatPrice(order.installation_price)}</dd>
              </>
            ) : null}
            <dt>Итого</dt>
            <dd>
              <strong>{formatPrice(order.total)}</strong>
            </dd>
          </dl>
        </Card>
        <Card title="Резерв по складам" id="reservations">
          {order.reservations.length === 0 ? (
            <p className={styles.muted}>Резерва нет.</p>
          ) : (
            <div className={styles.tableWrap} role="region" aria-label="Резервы по складам" tabIndex={0}>
              <table className={styles.table} data-reservations="">
                <thead>
                  <tr>
                    <th scope="col">Склад</th>
                    <th scope="col">Товар</th>
                    <th scope="col" className={styles.num}>
                      Кол-во
                    </th>
                    <th scope="col">Резерв</th>
                  </tr>
                </thead>
                <tbody>
                  {order.reservations.map((r, i) => (
                    <tr key={i}>
                      <td>
                        {r.warehouse.title}
                        <div className={styles.muted}>{r.branch.title}</div>
                      </td>
                      <td>{r.title}</td>
                      <td className={styles.num}>{r.quantity}</td>
                      <td>
                        {r.released_at ? (
                          <Badge>снят {formatDateTime(r.released_at)}</Badge>
                        ) : (
                          <Badge tone="info">держится</Badge>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
        <Card title="История" id="history">
          <ol className={local.history} data-history="">
            {order.history.map((h, i) => (
              <li key={i}>
                <span className={styles.muted}>{formatDateTime(h.at)}</span> {h.title}
                {h.user ? <span className={styles.muted}> — {h.user.name}</span> : null}
              </li>
            ))}
          </ol>
        </Card>
      </div>
      <div className={local.column}>
        <Card title="Покупатель" id="customer">
          <dl className={styles.facts}>
            <dt>Имя</dt>
            <dd>{order.customer.name}</dd>
            <dt>Телефон</dt>
            <dd>
              <a href={`tel:${order.customer.phone}`}>{order.customer.phone}</a>
            </dd>
            {order.customer.email ? (
              <>
                <dt>E-mail</dt>
                <dd>{order.customer.email}</dd>
              </>
            ) : null}
            <dt>Аккаунт</dt>
            <dd>
              {order.customer.account
                ? `${order.customer.account.name} (№${order.customer.account.id})`
                : 'гость'}
            </dd>
            {order.transport ? (
              <>
                <dt>Автомобиль</dt>
                <dd>{order.transport}</dd>
              </>
            ) : null}
            {order.comment ? (
              <>
                <dt>Комментарий</dt>
                <dd>{order.comment}</dd>
              </>
            ) : null}
          </dl>
        </Card>
        <Card title="Выдача" id="branch">
          <dl className={styles.facts}>
            <dt>Филиал</dt>
            <dd>{order.branch.title}</dd>
            <dt>Адрес</dt>
            <dd>
              {order.branch.city}, {order.branch.address}
            </dd>
          </dl>
        </Card>
        <Card title="Оплата" id="payment">
          <dl className={styles.facts}>
            <dt>Способ</dt>
            <dd>{order.payment_method.title}</dd>
            <dt>Состояние</dt>
            <dd>
              {order.paid ? `оплачен ${order.paid_at ? formatDateTime(order.paid_at) : ''}` : 'не оплачен'}
            </dd>
            {order.expires_at ? (
              <>
                <dt>Ждёт оплату до</dt>
                <dd>{formatDateTime(order.expires_at)}</dd>
              </>
            ) : null}
          </dl>
          {order.payments.map((p) => (
            <details key={p.id} className={local.payment}>
              <summary>
                {p.provider} · {formatPrice(p.amount)} · <Badge>{p.status}</Badge>
              </summary>
              <p className={styles.muted}>
                № у платёжной системы: {p.external_id ?? '—'}; создан {formatDateTime(p.created_at)}
              </p>
              {p.events.length ? (
                <ul>
                  {p.events.map((e) => (
                    <li key={e.id}>
                      {formatDateTime(e.at)} — {e.key}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={styles.muted}>Уведомлений от платёжной системы нет.</p>
              )}
            </details>
          ))}
        </Card>
      </div>
    </div>
  );
}

function StatusActions({ order }: { order: AdminOrderDetail }) {
  const [cancelling, setCancelling] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const change = useAdminMutation(
    'adminOrderStatus',
    (v: { status: OrderStatus; reason?: string }) => ({
      params: { number: order.number },
      body: adminOrderStatusRequest.parse({ status: v.status, version: order.version, reason: v.reason }),
    }),
    ['adminOrder', 'adminOrders', 'adminDashboard'],
  );
  const release = useAdminMutation(
    'adminOrderRelease',
    (v: { reason: string }) => ({ params: { number: order.number }, body: v }),
    ['adminOrder', 'adminOrders', 'adminDashboard'],
  );
  const cancelForm = useForm<StatusForm>({ resolver: reasonResolver, defaultValues: { reason: '' } });
  const releaseForm = useForm<StatusForm>({ resolver: reasonResolver, defaultValues: { reason: '' } });
  const moves = order.next_statuses.filter((s) => s !== 'cancelled');
  const canCancel = order.next_statuses.includes('cancelled');
  const canRelease = canCancel && !order.paid;
  const error = change.error ?? release.error;

  return (
    <Card title="Действия" id="actions">
      {error ? (
        <div className={styles.alert} role="alert" data-order-error="">
          {error.message}
        </div>
      ) : null}
      {order.next_statuses.length === 0 ? (
        <p className={styles.muted}>Заказ завершён: статус больше не меняется.</p>
      ) : (
        <div className={local.actions}>
          {moves.map((s) => (
            <Button
              key={s}
              data-move-to={s}
              loading={change.isPending && change.variables?.status === s}
              onClick={() => change.mutate({ status: s })}
            >
              {ACTION_TITLES[s] ?? ADMIN_ORDER_STATUS_TITLES[s]}
            </Button>
          ))}
          {canCancel ? (
            <Button variant="secondary" onClick={() => setCancelling((v) => !v)} aria-expanded={cancelling}>
              {ACTION_TITLES.cancelled}
            </Button>
          ) : null}
          {canRelease ? (
            <Button variant="ghost" onClick={() => setReleasing((v) => !v)} aria-expanded={releasing}>
              Снять резерв
            </Button>
          ) : null}
        </div>
      )}
      {cancelling && canCancel ? (
        <form
          className={styles.toolbar}
          onSubmit={cancelForm.handleSubmit((v) =>
            change.mutate(
              { status: 'cancelled', reason: v.reason },
              { onSuccess: () => setCancelling(false) },
            ),
          )}
        >
          <label className={styles.control}>
            Причина отмены{order.paid ? ' (деньги вернутся покупателю)' : ''}
            <input className={styles.input} {...cancelForm.register('reason')} maxLength={500} />
            {cancelForm.formState.errors.reason ? (
              <span role="alert">{cancelForm.formState.errors.reason.message}</span>
            ) : null}
          </label>
          <Button type="submit" variant="secondary" loading={change.isPending}>
            Подтвердить отмену
          </Button>
        </form>
      ) : null}
      {releasing && canRelease ? (
        <form
          className={styles.toolbar}
          onSubmit={releaseForm.handleSubmit((v) =>
            release.mutate(v, { onSuccess: () => setReleasing(false) }),
          )}
        >
          <label className={styles.control}>
            Почему снимаете резерв
            <input className={styles.input} {...releaseForm.register('reason')} maxLength={500} />
            {releaseForm.formState.errors.reason ? (
              <span role="alert">{releaseForm.formState.errors.reason.message}</span>
            ) : null}
          </label>
          <Button type="submit" variant="secondary" loading={release.isPending}>
            Снять резерв
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
