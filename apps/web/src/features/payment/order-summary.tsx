import { onOrderExpectedLabel } from '@podbor/contract/offer-text';
import type { OrderSummary } from '@podbor/contract';
import { formatDateTime, formatPrice } from '@podbor/contract/format';
import Link from 'next/link';
import styles from './payment.module.css';

// What a customer needs once the order is placed (issue #13): the lines, the total, where to collect it and when it
// will be ready. Shown on the status page (/payment) and by the guest lookup (/order-status).

const PAYMENT_TITLES = { CARD: 'Оплата онлайн', CASH: 'Оплата при получении' } as const;

export function OrderSummaryView({ order }: { order: OrderSummary }) {
  const branch = order.branch_office;
  const paymentTitle = order.is_paid ? 'Оплачен' : PAYMENT_TITLES[order.payment_type];
  // Goods ordered from a supplier are kept from the day they arrive, not from today: no storage date yet.
  const onOrder = order.products.some((l) => l.on_order);
  return (
    <section className={styles.summary} aria-labelledby="order-summary-title" data-order-summary="">
      <h2 id="order-summary-title" className={styles.summaryTitle}>
        Заказ №{order.number}
      </h2>
      <ul role="list" className={styles.lines}>
        {order.products.map((l) => (
          <li key={`${l.slug}-${l.with_installation}`} className={styles.line} data-summary-line={l.slug}>
            <span className={styles.lineTitle}>
              {l.title}
              <span className={styles.muted}>
                {l.quantity} шт. × {formatPrice(l.price)}
                {l.with_installation ? ` · установка ${formatPrice(l.installation_price)} за шт.` : ''}
              </span>
              {l.on_order && l.expected_date ? (
                <span className={styles.muted} data-summary-line-offer="">
                  {onOrderExpectedLabel(l.expected_date)}
                </span>
              ) : null}
            </span>
            <span className={styles.lineTotal}>
              {formatPrice((l.price + (l.with_installation ? l.installation_price : 0)) * l.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <dl className={styles.facts}>
        {order.installation_price > 0 ? (
          <div>
            <dt>Установка</dt>
            <dd>{formatPrice(order.installation_price)}</dd>
          </div>
        ) : null}
        <div className={styles.total}>
          <dt>Итого</dt>
          <dd data-summary-total="">{formatPrice(order.total_price)}</dd>
        </div>
        <div>
          <dt>Оплата</dt>
          <dd>
            {paymentTitle}
            {order.payment_method && order.payment_method !== paymentTitle
              ? ` · ${order.payment_method}`
              : ''}
          </dd>
        </div>
        <div>
          <dt>Самовывоз</dt>
          <dd data-summary-branch="">
            {branch.title}, {branch.city}, {branch.street}
            {branch.work_hours ? <span className={styles.muted}>{branch.work_hours}</span> : null}
          </dd>
        </div>
        <div>
          <dt>Готовность</dt>
          <dd data-summary-ready="">
            {/* A transfer from another branch says its moment in the message (issue #17). */}
            {order.ready_by && !order.pickup_ready_at ? (
              <strong>к {formatDateTime(order.ready_by)}. </strong>
            ) : null}
            {order.ready_message}
          </dd>
        </div>
        {order.expires_at && order.status === 'new' && !onOrder && !order.pickup_ready_at ? (
          <div>
            <dt>Храним до</dt>
            <dd data-summary-expires="">{formatDateTime(order.expires_at)}</dd>
          </div>
        ) : null}
      </dl>
      <p className={styles.muted}>
        Номер заказа понадобится в филиале. Статус можно проверить на странице{' '}
        <Link href={`/order-status?number=${order.number}`}>«Статус заказа»</Link>.
      </p>
    </section>
  );
}
